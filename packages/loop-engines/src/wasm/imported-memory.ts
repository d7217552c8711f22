/**
 * The wasm engine in imported-memory mode: the compiled kernel is instantiated over a memory
 * that someone else owns (tfjs's wasm backend heap), and memref arguments are typed-array views
 * of that memory, passed by address: nothing is copied in or out. Each view must leave
 * {@link BUFFER_PADDING} bytes of memory after it (masked-off vector lanes load there) and use
 * the IR element's byte layout; {@link canRunInPlace} says whether a view qualifies.
 */
import type { MemRefData, Module, ScalarType } from '@tilekit/loop-ir';
import { expectMemory, expectTypedArray } from '../argument-checks.js';
import { EngineArgumentError } from '../errors.js';
import { checkEngineArguments, type EngineCall, scalarArgument } from '../signature.js';
import { elementBytes } from './lowering/lanes.js';
import { BUFFER_PADDING } from './lowering/memory-ops.js';
import { checkArgumentCount, invokeKernel, type WasmKernel } from './runtime/kernel-invocation.js';
import { buildWasm, type WasmEngineOptions } from './wasm-engine.js';

/** Whether `data` can be passed by address: a view of `memory` with padding room after it. */
export function canRunInPlace(data: MemRefData, memory: WebAssembly.Memory): boolean {
  expectTypedArray(data, 'data');
  expectMemory(memory, 'memory');
  return (
    data.buffer === memory.buffer &&
    data.byteOffset + data.byteLength + BUFFER_PADDING <= memory.buffer.byteLength
  );
}

/** Whether `memory` is shared (its buffer a SharedArrayBuffer), so the import must say so. */
export function isSharedMemory(memory: WebAssembly.Memory): boolean {
  return typeof SharedArrayBuffer !== 'undefined' && memory.buffer instanceof SharedArrayBuffer;
}

/**
 * Compiles `func.func @fnName` for `memory` (imported; declared shared when `memory` is, as the
 * threaded tfjs wasm backend's heap). The returned call takes the
 * interpreter's arguments, except that every memref's data must be a view of `memory` (see
 * {@link canRunInPlace}) of the element's byte width; the kernel reads and writes them in place.
 */
export function compileWasmOnMemory(
  module: Module,
  fnName: string,
  memory: WebAssembly.Memory,
  options: WasmEngineOptions = {},
): EngineCall {
  checkEngineArguments(module, fnName, options);
  expectMemory(memory, 'memory');
  const { bytes, signature, host } = buildWasm(module, fnName, options, isSharedMemory(memory));
  const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes as BufferSource), {
    env: { memory, ...host.env() },
  });
  const kernel = instance.exports.kernel as WasmKernel;
  const { inputs } = signature;
  return (...args) => {
    checkArgumentCount(fnName, inputs.length, args.length);
    const wasmArgs: (number | bigint)[] = [];
    inputs.forEach((t, i) => {
      if (t.kind !== 'memref') {
        wasmArgs.push(scalarArgument(args[i], t as ScalarType, `#${i}`));
        return;
      }
      const view = signature.memref(args[i], i);
      const bytesPerElement = elementBytes(t.element as ScalarType);
      if (!canRunInPlace(view.data, memory) || view.data.BYTES_PER_ELEMENT !== bytesPerElement) {
        throw new EngineArgumentError(
          `#${i}`,
          `expected a view of the imported memory with ${bytesPerElement}-byte elements and ${BUFFER_PADDING} bytes of memory after it`,
        );
      }
      wasmArgs.push(view.data.byteOffset, ...view.shape.map((d) => BigInt(d)));
      if (t.layout !== undefined)
        wasmArgs.push(...view.strides.map((d) => BigInt(d)), BigInt(view.offset));
    });
    return invokeKernel(kernel, fnName, wasmArgs, signature.results);
  };
}
