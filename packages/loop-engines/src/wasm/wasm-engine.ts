/**
 * The `wasm` engine: compiles one function of a module to a WebAssembly module with SIMD128
 * (our own encoder, no binaryen) and wraps it in a callable with the interpreter's calling
 * convention. Every compiled function runs in one shared linear memory (runtime/engine-memory.ts: a
 * memory per kernel exhausts a browser page's address space). Per call, memref arguments are
 * copied into that memory once (which grows as needed; an array declared with `markImmutable` that is still there from the
 * previous call is not copied again, nor is a written array declared with `markOverwritten`)
 * and the memrefs the function writes are copied back once.
 */

import { describeValue } from '@tilekit/errors';
import type { MemRefType, Module, ScalarType } from '@tilekit/loop-ir';
import { affineDivisionByZero } from '@tilekit/loop-ir';
import { FLOAT_BINARY, FLOAT_UNARY } from '@tilekit/loop-ir/semantics';
import { encodeModule } from '@tilekit/wasm-encoder';
import { EngineArgumentError, EngineRuntimeError, EngineUnsupportedError } from '../errors.js';
import { checkVectorLanes } from '../lane-limit.js';
import {
  checkEngineArguments,
  type EngineCall,
  type EngineSignature,
  readSignature,
  scalarArgument,
  writtenMemRefs,
} from '../signature.js';
import { compileFunction } from './lowering/compile-function.js';
import { HostImports } from './lowering/host-imports.js';
import { elementBytes } from './lowering/lanes.js';
import { BUFFER_PADDING } from './lowering/memory-ops.js';
import { engineMemory } from './runtime/engine-memory.js';
import { checkArgumentCount, invokeKernel, type WasmKernel } from './runtime/kernel-invocation.js';
import { copyIn, copyOut } from './runtime/memory-transfer.js';
import { isMarkedOverwritten } from './runtime/overwritten-arrays.js';
import { ResidentArguments } from './runtime/resident-inputs.js';

/** Options of the wasm engine. */
export interface WasmEngineOptions {
  /** The value of `vector.vscale` the code is compiled for (default 1). */
  readonly vscale?: number;
}

const PAGE = 65536;

/** Host implementations: the interpreter's own float functions, computed in f64. */
const HOST_TABLE: Readonly<Record<string, (...args: number[]) => number>> = {
  ...(FLOAT_UNARY as Record<string, (...args: number[]) => number>),
  ...(FLOAT_BINARY as Record<string, (...args: number[]) => number>),
  /** Called by compiled code for an `scf.for` whose step is not positive (as the interpreter refuses). */
  'scf.for.badStep': () => {
    throw new EngineRuntimeError('kernel', 'scf.for step must be positive');
  },
  /** Called by compiled code before an affine division by zero (the interpreter's error). */
  'affine.floordiv.byZero': () => {
    throw affineDivisionByZero('floordiv');
  },
  'affine.ceildiv.byZero': () => {
    throw affineDivisionByZero('ceildiv');
  },
  'affine.mod.byZero': () => {
    throw affineDivisionByZero('mod');
  },
};

/** The compiled wasm binary and its import needs (exposed for inspection and tests). */
export interface WasmArtifact {
  readonly bytes: Uint8Array;
  readonly signature: EngineSignature;
  readonly host: HostImports;
}

/**
 * Locals (parameters included) one function may declare: V8's limit (`kV8MaxWasmFunctionLocals`),
 * shared by the JS embedding API; beyond it `new WebAssembly.Module` fails with an untyped
 * CompileError.
 */
export const MAX_WASM_LOCALS = 50_000;

/**
 * Compiles `func.func @fnName` to a wasm binary importing `env.memory`, declared shared when
 * `sharedMemory` is true (to run over a shared `WebAssembly.Memory`, see `imported-memory.ts`).
 */
export function buildWasm(
  module: Module,
  fnName: string,
  options: WasmEngineOptions = {},
  sharedMemory = false,
): WasmArtifact {
  checkEngineArguments(module, fnName, options);
  if (typeof sharedMemory !== 'boolean')
    throw new EngineArgumentError(
      'sharedMemory',
      `must be a boolean, got ${describeValue(sharedMemory)}`,
    );
  const vscale = options.vscale ?? 1;
  if (!Number.isInteger(vscale) || vscale < 1)
    throw new EngineArgumentError(
      'options.vscale',
      `must be a positive integer, got ${describeValue(vscale)}`,
    );
  const signature = readSignature(module, fnName);
  checkVectorLanes(signature.func, vscale);
  const host = new HostImports(HOST_TABLE);
  const compiler = compileFunction(signature.func, vscale, host);
  const locals = compiler.f.params.length + compiler.f.localCount;
  if (locals > MAX_WASM_LOCALS) {
    throw new EngineUnsupportedError(
      `@${fnName} needs ${locals} wasm locals at once (values live together, v128 parts, parameters); WebAssembly engines allow at most ${MAX_WASM_LOCALS} per function`,
    );
  }
  const bytes = encodeModule({
    memoryMinPages: 1,
    memoryShared: sharedMemory,
    imports: host.imports,
    functions: [{ name: 'kernel', body: compiler.f }],
  });
  return { bytes, signature, host };
}

/** Compiles `func.func @fnName` into a callable running on WebAssembly. */
export function compileWasm(
  module: Module,
  fnName: string,
  options: WasmEngineOptions = {},
): EngineCall {
  const { bytes, signature, host } = buildWasm(module, fnName, options);
  const shared = engineMemory();
  const { memory } = shared;
  const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes as BufferSource), {
    env: { memory, ...host.env() },
  });
  const kernel = instance.exports.kernel as WasmKernel;
  const written = writtenMemRefs(signature.func);
  const inputs = signature.inputs;
  const resident = new ResidentArguments();
  const identity = {};

  return (...args) => {
    checkArgumentCount(fnName, inputs.length, args.length);
    // Another kernel may have overwritten what this one kept in the shared memory.
    if (shared.claim(identity)) resident.clear();
    // Lay out every memref (16-byte aligned, padded for masked-off vector lanes).
    const memrefs = inputs.flatMap((t, i) =>
      t.kind === 'memref' ? [{ i, t, arg: signature.memref(args[i], i) }] : [],
    );
    let top = 0;
    const addresses = new Map<number, number>();
    for (const m of memrefs) {
      addresses.set(m.i, top);
      top +=
        Math.ceil(
          (m.arg.data.length * elementBytes(m.t.element as ScalarType) + BUFFER_PADDING) / 16,
        ) * 16;
    }
    const needed = Math.ceil((top + BUFFER_PADDING) / PAGE);
    const have = memory.buffer.byteLength / PAGE;
    if (needed > have) memory.grow(needed - have);
    const wasmArgs: (number | bigint)[] = [];
    inputs.forEach((t, i) => {
      if (t.kind === 'memref') {
        const m = memrefs.find((x) => x.i === i) as (typeof memrefs)[number];
        const at = addresses.get(i) as number;
        if (written.has(i)) {
          if (!isMarkedOverwritten(m.arg.data)) copyIn(memory.buffer, at, m.arg.data, t);
        } else if (!resident.holds(i, m.arg.data, at)) {
          copyIn(memory.buffer, at, m.arg.data, t);
          resident.record(i, m.arg.data, at);
        }
        wasmArgs.push(at, ...m.arg.shape.map((d) => BigInt(d)));
        if (t.layout !== undefined)
          wasmArgs.push(...m.arg.strides.map((d) => BigInt(d)), BigInt(m.arg.offset));
      } else {
        wasmArgs.push(scalarArgument(args[i], t as ScalarType, `#${i}`));
      }
    });
    const results = invokeKernel(kernel, fnName, wasmArgs, signature.results);
    for (const m of memrefs) {
      if (written.has(m.i))
        copyOut(memory.buffer, addresses.get(m.i) as number, m.arg.data, m.t as MemRefType);
    }
    return results;
  };
}
