/**
 * A compiled wasm kernel as plain data, and the calls made from one. An image holds what
 * running the kernel needs (its bytes, the types of its arguments and results, which memrefs it
 * writes, the host functions it imports) and nothing of the IR, the lowering or the encoder, so
 * kernels compiled ahead of time can ship without the compiler. `compileWasm` and
 * `compileWasmOnMemory` build an image and instantiate it with these same functions.
 *
 * With the engine's own memory (engine-memory.ts), memref arguments are copied into that memory
 * once per call (an array declared with `markImmutable` that is still there from the previous
 * call is not copied again, nor is a written array declared with `markOverwritten`) and the
 * memrefs the kernel writes are copied back; a view of an engine array (engine-arrays.ts) is
 * passed by address, read and written where it lies. Over an imported memory (tfjs's wasm heap), memref
 * arguments are views of it passed by address: nothing is copied.
 *
 * The host functions an image imports are passed in by the caller (`wasmHostFunctions` for
 * images from `wasmKernelImage`), so that running host-free images, as ahead-of-time compiled
 * ops do, does not bundle the interpreter's float functions.
 */
import { describeValue } from '@tilekit/errors';
import type { MemRefData, MemRefType, ScalarType, Type } from '@tilekit/loop-ir';
import { expectMemory, expectTypedArray } from '../../argument-checks.js';
import { EngineArgumentError } from '../../errors.js';
import { type EngineCall, type MemRefView, memrefView, scalarArgument } from '../../signature.js';
import { type EngineMemory, engineMemory } from './engine-memory.js';
import { checkArgumentCount, invokeKernel, type WasmKernel } from './kernel-invocation.js';
import { BUFFER_PADDING, elementBytes } from './memory-layout.js';
import { copyIn, copyOut, sameLayout } from './memory-transfer.js';
import { isMarkedOverwritten } from './overwritten-arrays.js';
import { residentArguments } from './resident-inputs.js';

/** A compiled kernel as data: what {@link instantiateWasmKernel} needs (see `wasmKernelImage`). */
export interface WasmKernelImage {
  /** The IR function's name (errors name it). */
  readonly functionName: string;
  /** The wasm module: exports `kernel`, imports `env.memory` and the host functions. */
  readonly bytes: Uint8Array;
  /** Whether the module imports its memory as shared (to run over a shared memory only). */
  readonly sharedMemory: boolean;
  /** The function's argument types (memrefs pass an address, their extents, strides, offset). */
  readonly inputs: readonly Type[];
  readonly results: readonly Type[];
  /** Indices of the memref arguments the kernel writes (copied back after each call). */
  readonly written: readonly number[];
  /** Names of the host functions the module imports, in import order. */
  readonly hostImports: readonly string[];
}

/** Host function implementations by import name (see `wasmHostFunctions`). */
export type WasmHostFunctions = Readonly<Record<string, (...args: number[]) => number>>;

const NO_HOST_FUNCTIONS: WasmHostFunctions = {};

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
  expectMemory(memory, 'memory');
  return typeof SharedArrayBuffer !== 'undefined' && memory.buffer instanceof SharedArrayBuffer;
}

const isTypeList = (value: unknown): boolean =>
  Array.isArray(value) &&
  value.every((t) => typeof t === 'object' && t !== null && typeof t.kind === 'string');

/**
 * Throws an EngineArgumentError unless `image` has the fields of a {@link WasmKernelImage} and
 * `host` holds every host function it imports.
 */
function checkImage(image: unknown, host: WasmHostFunctions): asserts image is WasmKernelImage {
  const i = image as Partial<WasmKernelImage> | null;
  const valid =
    typeof i === 'object' &&
    i !== null &&
    typeof i.functionName === 'string' &&
    i.bytes instanceof Uint8Array &&
    typeof i.sharedMemory === 'boolean' &&
    isTypeList(i.inputs) &&
    isTypeList(i.results) &&
    Array.isArray(i.written) &&
    i.written.every((k) => Number.isInteger(k)) &&
    Array.isArray(i.hostImports) &&
    i.hostImports.every((name) => typeof name === 'string');
  if (!valid)
    throw new EngineArgumentError(
      'image',
      `expected a WasmKernelImage (from wasmKernelImage), got ${describeValue(image)}`,
    );
  if (typeof host !== 'object' || host === null)
    throw new EngineArgumentError(
      'hostFunctions',
      `expected host functions by name (wasmHostFunctions), got ${describeValue(host)}`,
    );
  const missing = i.hostImports?.find(
    (name) => !Object.hasOwn(host, name) || typeof host[name] !== 'function',
  );
  if (missing !== undefined)
    throw new EngineArgumentError(
      'image',
      `imports host function '${missing}', which hostFunctions does not hold (pass wasmHostFunctions for an image from wasmKernelImage)`,
    );
}

/** The image's module instantiated over `memory`; returns its exported `kernel`. */
function instantiate(
  module: WebAssembly.Module,
  image: WasmKernelImage,
  memory: WebAssembly.Memory,
  host: WasmHostFunctions,
): WasmKernel {
  const env: WebAssembly.ModuleImports = { memory };
  for (const name of image.hostImports) env[name] = host[name] as (...a: number[]) => number;
  const instance = new WebAssembly.Instance(module, { env });
  return instance.exports.kernel as WasmKernel;
}

/** The image's compiled module. */
const moduleOf = (image: WasmKernelImage) => new WebAssembly.Module(image.bytes as BufferSource);

/**
 * Whether argument `i`'s `data` is a view of an engine array (engine-arrays.ts), to be passed
 * by address: a view of the memory's current buffer inside a live region, in the memref's
 * element layout. A view of the memory that is none of these is an error, as a kernel would
 * read or write memory that is no longer (or never was) the caller's.
 */
function engineArrayView(
  shared: EngineMemory,
  i: number,
  data: MemRefData,
  t: MemRefType,
): boolean {
  if (shared.isRetired(data.buffer)) {
    throw new EngineArgumentError(
      `#${i}`,
      "is a view of the engine memory from before it grew (read the engine array's data again)",
    );
  }
  if (data.buffer !== shared.memory.buffer) return false;
  if (!shared.holds(data.byteOffset, data.byteLength + BUFFER_PADDING)) {
    throw new EngineArgumentError(
      `#${i}`,
      'is a view of the engine memory outside every live engine array (disposed, or not one)',
    );
  }
  const element = t.element as ScalarType;
  if (!sameLayout(data, element)) {
    throw new EngineArgumentError(
      `#${i}`,
      `is an engine array of ${data.constructor.name}, which a memref of ${elementBytes(element)}-byte ${element.kind} elements cannot read in place`,
    );
  }
  return true;
}

/**
 * The kernel of `image` as a callable in the interpreter's calling convention (memref
 * arguments are typed arrays or `{data, shape}` written in place), running in the engine's one
 * shared linear memory. `hostFunctions` supplies the host functions the image imports (none by
 * default, which is enough for an image whose `hostImports` is empty).
 *
 * @throws EngineArgumentError for an image that is not one, one built for a shared memory, or
 *   one importing a host function `hostFunctions` does not hold.
 */
export function instantiateWasmKernel(
  image: WasmKernelImage,
  hostFunctions: WasmHostFunctions = NO_HOST_FUNCTIONS,
): EngineCall {
  checkImage(image, hostFunctions);
  if (image.sharedMemory)
    throw new EngineArgumentError(
      'image',
      'was built for a shared memory; the engine memory is not',
    );
  const shared = engineMemory();
  const module = moduleOf(image);
  // The memory the kernel is instantiated over; a call that replaced it instantiates again.
  let memory = shared.memory;
  let kernel = instantiate(module, image, memory, hostFunctions);
  const { functionName: fnName, inputs, results } = image;
  // What every call needs to know of the signature, worked out once: which arguments are
  // memrefs (and their labels in errors), and which of those the kernel writes.
  const memrefs = inputs.flatMap((t, i) => (t.kind === 'memref' ? [i] : []));
  const labels = inputs.map((_, i) => `#${i}`);
  const written = inputs.map((_, i) => image.written.includes(i));
  const resident = residentArguments();
  const identity = {};

  return (...args) => {
    checkArgumentCount(fnName, inputs.length, args.length);
    // Another kernel may have overwritten what this one kept in the shared memory.
    if (shared.claim(identity)) resident.clear();
    // Every memref is checked before any engine-array view, as each may throw.
    const views = memrefs.map((i) =>
      memrefView(args[i], inputs[i] as MemRefType, labels[i] as string),
    );
    // Views of engine arrays are passed where they lie; the rest is laid out after the arrays
    // (16-byte aligned, padded for masked-off vector lanes).
    const inPlace = memrefs.map((i, k) =>
      engineArrayView(shared, i, (views[k] as MemRefView).data, inputs[i] as MemRefType),
    );
    const addresses: number[] = [];
    let top = shared.reservedEnd;
    memrefs.forEach((i, k) => {
      const { data } = views[k] as MemRefView;
      if (inPlace[k]) {
        addresses.push(data.byteOffset);
        return;
      }
      addresses.push(top);
      const element = (inputs[i] as MemRefType).element as ScalarType;
      top += Math.ceil((data.length * elementBytes(element) + BUFFER_PADDING) / 16) * 16;
    });
    shared.ensure(top + BUFFER_PADDING);
    if (shared.memory !== memory) {
      memory = shared.memory;
      kernel = instantiate(module, image, memory, hostFunctions);
    }
    const { buffer } = memory;
    const wasmArgs: (number | bigint)[] = [];
    let k = 0;
    for (let i = 0; i < inputs.length; i++) {
      const t = inputs[i] as Type;
      if (t.kind !== 'memref') {
        wasmArgs.push(scalarArgument(args[i], t as ScalarType, labels[i] as string));
        continue;
      }
      const view = views[k] as MemRefView;
      const at = addresses[k] as number;
      if (inPlace[k]) {
        // Read and written where it lies; its laid-out region may now hold other operands.
        resident.forget(i);
      } else if (written[i]) {
        if (!isMarkedOverwritten(view.data)) copyIn(buffer, at, view.data, t);
      } else if (!resident.holds(i, view.data, at)) {
        copyIn(buffer, at, view.data, t);
        resident.record(i, view.data, at);
      }
      wasmArgs.push(at);
      for (const d of view.shape) wasmArgs.push(BigInt(d));
      if (t.layout !== undefined) {
        for (const d of view.strides) wasmArgs.push(BigInt(d));
        wasmArgs.push(BigInt(view.offset));
      }
      k++;
    }
    const values = invokeKernel(kernel, fnName, wasmArgs, results);
    memrefs.forEach((i, k) => {
      if (written[i] && !inPlace[k])
        copyOut(
          memory.buffer,
          addresses[k] as number,
          (views[k] as MemRefView).data,
          inputs[i] as MemRefType,
        );
    });
    return values;
  };
}

/**
 * The kernel of `image` over `memory` (which someone else owns, as tfjs's wasm heap): the call
 * takes the interpreter's arguments, except that every memref's data must be a view of `memory`
 * (see {@link canRunInPlace}) of the element's byte width; the kernel reads and writes them in
 * place. `hostFunctions` is as for {@link instantiateWasmKernel}.
 *
 * @throws EngineArgumentError for an image that is not one, whose memory import is shared
 *   where `memory` is not (or the other way round), or that imports a host function
 *   `hostFunctions` does not hold.
 */
export function instantiateWasmKernelOnMemory(
  image: WasmKernelImage,
  memory: WebAssembly.Memory,
  hostFunctions: WasmHostFunctions = NO_HOST_FUNCTIONS,
): EngineCall {
  checkImage(image, hostFunctions);
  expectMemory(memory, 'memory');
  if (image.sharedMemory !== isSharedMemory(memory))
    throw new EngineArgumentError(
      'image',
      `imports ${image.sharedMemory ? 'a shared' : 'an unshared'} memory but memory is ${isSharedMemory(memory) ? 'shared' : 'unshared'}`,
    );
  const kernel = instantiate(moduleOf(image), image, memory, hostFunctions);
  const { functionName: fnName, inputs, results } = image;
  return (...args) => {
    checkArgumentCount(fnName, inputs.length, args.length);
    const wasmArgs: (number | bigint)[] = [];
    inputs.forEach((t, i) => {
      if (t.kind !== 'memref') {
        wasmArgs.push(scalarArgument(args[i], t as ScalarType, `#${i}`));
        return;
      }
      const view = memrefView(args[i], t, `#${i}`);
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
    return invokeKernel(kernel, fnName, wasmArgs, results);
  };
}
