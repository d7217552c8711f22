/**
 * What every backend's kernel function does first: find the compiled kernel for its attributes
 * and turn its input tensors back into the operands the emitted function binds (sparse storage
 * arrays, dense data, scalars), reading data the way the backend does.
 */
import type { KernelFunc, TensorInfo } from '@tensorflow/tfjs-core';
import type { SparseFormat } from '../sparse-tensor/format.js';
import type { ValueArray } from '../sparse-tensor/storage-arrays.js';
import {
  bindArguments,
  type KernelOperand,
  type KernelPlan,
  type TensorPlan,
} from '../sparsify/index.js';
import {
  type CompiledSparseKernel,
  compiledSparseKernel,
  expressionOf,
} from './compiled-kernel.js';
import type { SparseKernelAttrs } from './kernel-names.js';
import { sparseOperandInfos } from './sparse-inputs.js';
import { unsignedView } from './unsigned-views.js';

/** Reads a tensor's elements on some backend (int32 tensors as Int32Array). */
/**
 * The inputs a caller passes, in order of first appearance: the plan's inputs less the copies
 * the kernel converts from them when binding (those carry their `source`).
 */
export function callerInputsOf(plan: KernelPlan): readonly TensorPlan[] {
  return plan.inputs.filter((t) => t.source === undefined);
}

export type ReadTensor = (info: TensorInfo) => Float32Array | Int32Array;

/** A kernel call resolved: its compiled kernel and its operands as tensor infos. */
export interface SparseCall {
  readonly compiled: CompiledSparseKernel;
  readonly attrs: SparseKernelAttrs;
  readonly inputs: Readonly<Record<string, TensorInfo>>;
  /** The operands for `bindArguments`, their data read through `read`. */
  operands(read: ReadTensor): Record<string, KernelOperand>;
}

/** The value dtype of a call: that of its first float32/int32 input (float32 if none). */
function valueDtype(inputs: Readonly<Record<string, TensorInfo>>): 'float32' | 'int32' {
  for (const [name, info] of Object.entries(inputs)) {
    if (name.includes('/pos') || name.includes('/crd')) continue;
    return info.dtype === 'int32' ? 'int32' : 'float32';
  }
  return 'float32';
}

/**
 * Resolves a call of `kernelName` from what tfjs hands a kernel function: the attributes, and
 * the inputs as an array (keys `0`, `1`, …) whose names are `attrs.inputNames`.
 */
export function sparseCall(
  kernelName: string,
  config: Pick<Parameters<KernelFunc>[0], 'inputs' | 'attrs'>,
): SparseCall {
  const positional = config.inputs as Readonly<Record<string, TensorInfo>>;
  const attrs = config.attrs as unknown as SparseKernelAttrs;
  const inputs: Record<string, TensorInfo> = {};
  attrs.inputNames.forEach((name, k) => {
    const info = positional[k];
    if (info !== undefined) inputs[name] = info;
  });
  const compiled = compiledSparseKernel(expressionOf(kernelName, attrs), attrs, valueDtype(inputs));
  return {
    compiled,
    attrs,
    inputs,
    operands(read) {
      const operands: Record<string, KernelOperand> = {};
      for (const t of callerInputsOf(compiled.kernel.plan)) {
        const format = compiled.formats[t.name];
        if (format !== undefined) {
          const infos = sparseOperandInfos(inputs, t.name, format);
          // Levels live in int32 tensors; the storage scheme reads them unsigned.
          const readLevel = (info: TensorInfo | undefined) =>
            info === undefined ? undefined : unsignedView(read(info) as Int32Array);
          const sparseFormat: SparseFormat = { ...format, posWidth: 32, crdWidth: 32 };
          // bindArguments reads exactly these fields of a SparseTensor.
          operands[t.name] = {
            format: sparseFormat,
            shape: attrs.shapes[t.name] ?? [],
            values: read(infos.values) as ValueArray,
            positions: infos.positions.map(readLevel),
            coordinates: infos.coordinates.map(readLevel),
          } as unknown as KernelOperand;
          continue;
        }
        const info = inputs[t.name];
        if (t.indices.length === 0) {
          // A scalar operand: a number attribute, or a rank-0 tensor read here.
          operands[t.name] =
            info === undefined ? (attrs.scalars[t.name] ?? 0) : (read(info)[0] as number);
        } else {
          if (info === undefined) throw new Error(`missing input ${t.name}`);
          operands[t.name] = { data: read(info), shape: info.shape };
        }
      }
      return operands;
    },
  };
}

/** Runs a call on the host engine, reading inputs with `read`; returns the output array and shape. */
export function runOnHost(
  call: SparseCall,
  read: ReadTensor,
): { values: Float32Array | Int32Array; shape: number[] } {
  const bound = bindArguments(call.compiled.kernel, call.operands(read));
  call.compiled.run(...bound.args);
  return { values: bound.output as Float32Array | Int32Array, shape: [...bound.outputShape] };
}
