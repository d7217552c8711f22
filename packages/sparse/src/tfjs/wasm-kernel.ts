/**
 * A sparse op's kernel on tfjs's wasm backend, without copying operands: dense tensors are read
 * where they live on the backend's heap, sparse operands from heap copies made once per
 * SparseTensor, and the result is written straight into the output tensor's heap memory. The
 * wasm engine runs in imported-memory mode over the backend's memory (imported as shared where
 * the threaded build's heap is); the other engines (and a tensor too close to the heap's end for
 * vector padding) run the ordinary call on the same heap views, which copies operands into the
 * engine as on the cpu backend.
 */
import type * as tf from '@tensorflow/tfjs-core';
import type { EngineCall } from '@tilekit/loop-engines';
import { canRunInPlace, compileWasmOnMemory } from '@tilekit/loop-engines';
import type { Module } from '@tilekit/loop-ir';
import type { SparseTensor } from '../sparse-tensor/sparse-tensor.js';
import { bindArguments, type KernelOperand, outputShapeOf } from '../sparsify/bind.js';
import type { SparseKernel } from '../sparsify/sparsify.js';
import {
  heapAlloc,
  heapMemory,
  residentArrays,
  tensorView,
  type WasmHeapBackend,
} from './wasm-heap.js';

/** What the kernel function needs from its op. */
interface WasmKernelSpec {
  readonly kernel: SparseKernel;
  readonly module: Module;
  readonly engine: string;
  readonly vscale: number;
  readonly dtype: 'float32' | 'int32';
  /** The engine call used where the in-place one cannot run (copies operands). */
  readonly copyingRun: EngineCall;
}

/** Builds the `kernelFunc` of a sparse op on the wasm backend. */
export function wasmSparseKernel(spec: WasmKernelSpec): tf.KernelFunc {
  const inPlace = new WeakMap<WebAssembly.Memory, EngineCall>();
  return ({ inputs, backend: anyBackend, attrs }) => {
    const backend = anyBackend as unknown as WasmHeapBackend;
    const memory = heapMemory(backend);
    const given = (attrs as unknown as { operands: Record<string, KernelOperand> }).operands;
    // Heap views and resident sparse arrays, rebuilt after each allocation (growth detaches).
    const operands = (): Record<string, KernelOperand> => {
      const all: Record<string, KernelOperand> = {};
      for (const [name, o] of Object.entries(given)) {
        all[name] =
          typeof o === 'number'
            ? o
            : ({
                ...residentArrays(backend, o as SparseTensor),
                shape: o.shape,
                format: (o as SparseTensor).format,
              } as unknown as SparseTensor);
      }
      for (const [name, info] of Object.entries(inputs)) {
        const t = info as tf.TensorInfo;
        all[name] = { data: tensorView(backend, t), shape: t.shape };
      }
      return all;
    };
    // Checks the operands and yields the output shape before anything is allocated.
    const shape = outputShapeOf(spec.kernel, operands());
    const length = shape.reduce((a, b) => a * b, 1);
    const pointer = heapAlloc(backend, length * 4);
    const output = backend.makeOutput(shape, spec.dtype, pointer);
    const views = operands();
    const outView = tensorView(backend, output);
    const call = bindArguments(spec.kernel, views, outView);
    const eligible =
      memory !== null &&
      spec.engine === 'wasm' &&
      call.args.every(
        (a) =>
          typeof a === 'number' ||
          typeof a === 'bigint' ||
          canRunInPlace(ArrayBuffer.isView(a) ? a : (a as { data: Float32Array }).data, memory),
      );
    if (eligible) {
      let run = inPlace.get(memory);
      if (run === undefined) {
        run = compileWasmOnMemory(spec.module, spec.kernel.functionName, memory, {
          vscale: spec.vscale,
        });
        inPlace.set(memory, run);
      }
      run(...call.args);
    } else {
      spec.copyingRun(...call.args);
    }
    return output;
  };
}
