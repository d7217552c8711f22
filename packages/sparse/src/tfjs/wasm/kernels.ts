/**
 * The sparse kernels on tfjs's `wasm` backend, without copying operands: every input (sparse
 * storage arrays included: they are int32/float32 tensors) is read where it lives on the
 * backend's heap and the result is written straight into the output tensor's heap memory. The
 * wasm engine runs in imported-memory mode over the backend's memory; the other engines (and a
 * tensor too close to the heap's end for vector padding) run the ordinary call on the same heap
 * views, which copies operands into the engine as on the cpu backend.
 */
import type { KernelConfig, KernelFunc, TensorInfo } from '@tensorflow/tfjs-core';
import { canRunInPlace, type EngineCall } from '@tilekit/loop-engines';
import {
  backendMemory,
  heapElements,
  type WasmBackendLike,
} from '@tilekit/tfjs-backend-support/wasm-heap';
import { bindArguments, outputShapeOf } from '../../sparsify/index.js';
import type { CompiledSparseKernel } from '../compiled-kernel.js';
import { SPARSE_KERNEL_NAMES } from '../kernel-names.js';
import { recordSparseKernelRun } from '../kernel-path.js';
import { sparseCall } from '../sparse-call.js';

/** In-place engine calls per compiled kernel and heap memory (`null`: the kernel has none). */
const IN_PLACE = new WeakMap<
  CompiledSparseKernel,
  WeakMap<WebAssembly.Memory, EngineCall | null>
>();

function inPlaceRun(
  compiled: CompiledSparseKernel,
  memory: WebAssembly.Memory,
): EngineCall | undefined {
  const byMemory = IN_PLACE.get(compiled) ?? new WeakMap<WebAssembly.Memory, EngineCall | null>();
  IN_PLACE.set(compiled, byMemory);
  let run = byMemory.get(memory);
  if (run === undefined) {
    run = compiled.runOnMemory(memory) ?? null;
    byMemory.set(memory, run);
  }
  return run ?? undefined;
}

/** The kernel function of `kernelName` on the wasm backend. */
export function wasmSparseKernel(kernelName: string): KernelFunc {
  return (config) => {
    const backend = config.backend as unknown as WasmBackendLike;
    const call = sparseCall(kernelName, config);
    const { compiled } = call;
    const read = (info: TensorInfo) => heapElements(backend, info);
    // Checks the operands and yields the output shape before anything is allocated.
    const shape = outputShapeOf(compiled.kernel, call.operands(read));
    const output = backend.makeOutput(shape, compiled.dtype);
    // Views made after the allocation (growing the heap detaches earlier ones).
    const outView = heapElements(backend, output);
    outView.fill(0);
    const bound = bindArguments(compiled.kernel, call.operands(read), outView);
    const memory = backendMemory(backend);
    const viewsOnHeap =
      compiled.options.engine === 'wasm' &&
      bound.args.every(
        (a) =>
          typeof a === 'number' ||
          typeof a === 'bigint' ||
          canRunInPlace(ArrayBuffer.isView(a) ? a : (a as { data: Float32Array }).data, memory),
      );
    const inPlace = viewsOnHeap ? inPlaceRun(compiled, memory) : undefined;
    (inPlace ?? compiled.run)(...bound.args);
    const eligible = inPlace !== undefined;
    recordSparseKernelRun({ kernelName, backend: 'wasm', path: 'host', inPlace: eligible });
    return output;
  };
}

/** Every sparse kernel's config for the wasm backend. */
export const sparseWasmKernelConfigs: readonly KernelConfig[] = SPARSE_KERNEL_NAMES.map(
  (kernelName) => ({ kernelName, backendName: 'wasm', kernelFunc: wasmSparseKernel(kernelName) }),
);
