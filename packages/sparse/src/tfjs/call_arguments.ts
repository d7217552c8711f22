/**
 * What a GPU backend knows of a kernel call's arguments without reading any data: every index
 * variable's extent (from the operands' shapes), every memref argument's shape, and the scalar
 * arguments (extents and number operands). Generated shaders read these as uniforms.
 */
import type { TensorInfo } from '@tensorflow/tfjs-core';
import { type KernelOperand, outputShapeOf } from '../sparsify/index.js';
import type { SparseCall } from './sparse_call.js';
import { sparseOperandInfos } from './sparse_inputs.js';

/** One argument of the emitted function, as far as shapes tell. */
export type HostArgument =
  | { readonly kind: 'memref'; readonly shape: readonly number[]; readonly tensor?: TensorInfo }
  | { readonly kind: 'scalar'; readonly value: number };

/** The call's arguments in the emitted function's order, and its output shape. */
export interface CallArguments {
  readonly args: readonly HostArgument[];
  readonly outputShape: number[];
}

/**
 * The arguments of `call` from shapes only (a scalar operand given as a tensor has no host
 * value: the result is then `undefined`).
 */
export function callArguments(call: SparseCall): CallArguments | undefined {
  const { kernel, formats } = call.compiled;
  const shapesOnly: Record<string, KernelOperand> = {};
  const sizes = new Map<string, number>();
  for (const t of kernel.plan.inputs) {
    const format = formats[t.name];
    const shape =
      format !== undefined
        ? (call.attrs.shapes[t.name] ?? [])
        : t.indices.length === 0
          ? []
          : (call.inputs[t.name]?.shape ?? []);
    t.indices.forEach((i, d) => {
      sizes.set(i, shape[d] as number);
    });
    shapesOnly[t.name] =
      format !== undefined
        ? ({ format: { ...format, posWidth: 32, crdWidth: 32 }, shape } as unknown as KernelOperand)
        : t.indices.length === 0
          ? 0
          : { data: new Float32Array(0), shape };
  }
  const outputShape = outputShapeOf(kernel, shapesOnly);
  const args: HostArgument[] = [];
  for (const p of kernel.parameters) {
    switch (p.kind) {
      case 'size':
        args.push({ kind: 'scalar', value: sizes.get(p.index) ?? 0 });
        break;
      case 'scalar': {
        const value = call.attrs.scalars[p.tensor];
        if (value === undefined) return undefined;
        args.push({ kind: 'scalar', value });
        break;
      }
      case 'output':
        args.push({ kind: 'memref', shape: outputShape });
        break;
      case 'dense': {
        const tensor = call.inputs[p.tensor] as TensorInfo;
        args.push({ kind: 'memref', shape: tensor.shape, tensor });
        break;
      }
      default: {
        const infos = sparseOperandInfos(call.inputs, p.tensor, formats[p.tensor] as never);
        const tensor =
          p.kind === 'values'
            ? infos.values
            : p.kind === 'positions'
              ? infos.positions[p.level]
              : infos.coordinates[p.level];
        if (tensor === undefined) throw new Error(`missing storage for ${p.tensor}`);
        args.push({ kind: 'memref', shape: [tensor.shape[0] as number], tensor });
      }
    }
  }
  return { args, outputShape };
}
