/**
 * What a GPU backend knows of a kernel call's arguments without reading any data: every index
 * variable's extent (from the operands' shapes), every memref argument's shape, and the scalar
 * arguments (extents and number operands). Generated shaders read these as uniforms.
 */
import type { TensorInfo } from '@tensorflow/tfjs-core';
import {
  indexExtentsOfShapes,
  type KernelParameter,
  type SparseKernel,
} from '../sparsify/index.js';
import type { SparseCall } from './sparse-call.js';
import { sparseOperandInfos } from './sparse-inputs.js';

/** One argument of the emitted function, as far as shapes tell. */
export type HostArgument =
  | { readonly kind: 'memref'; readonly shape: readonly number[]; readonly tensor?: TensorInfo }
  | { readonly kind: 'scalar'; readonly value: number };

/** The call's arguments in the emitted function's order, and its output shape. */
export interface CallArguments {
  readonly args: readonly HostArgument[];
  readonly outputShape: number[];
}

/** Why a call's arguments can only be made on the host when they cannot. */
export const HOST_MADE_ARGUMENTS =
  'its arguments are made on the host (a scalar operand given as a tensor, an operand converted to another level order, or a temporary)';

/** The parameter kinds whose arguments follow from the operands' shapes and storage alone. */
const SHAPE_MADE: ReadonlySet<KernelParameter['kind']> = new Set([
  'size',
  'output',
  'dense',
  'values',
  'positions',
  'coordinates',
]);

/**
 * Whether every call of `kernel` has its arguments from shapes (so {@link callArguments} never
 * gives `undefined`): no temporary, no operand read in another level order, and no scalar
 * operand (which a call may give as a tensor).
 */
export function argumentsAlwaysFromShapes(kernel: SparseKernel): boolean {
  return !hostMadeOperands(kernel) && kernel.parameters.every((p) => SHAPE_MADE.has(p.kind));
}

/** Whether `kernel` reads a temporary or an operand in another level order (made on the host). */
function hostMadeOperands(kernel: SparseKernel): boolean {
  return (
    kernel.plan.temporaries.length > 0 || kernel.plan.inputs.some((t) => t.source !== undefined)
  );
}

/**
 * The arguments of `call` from shapes only; `undefined` where some must be made on the host: a
 * scalar operand given as a tensor (its value), an operand the kernel reads in another level
 * order (the converted copy) or a reduction computed into a temporary.
 */
export function callArguments(call: SparseCall): CallArguments | undefined {
  const { kernel, formats } = call.compiled;
  if (hostMadeOperands(kernel)) return undefined;
  const shapes: Record<string, readonly number[]> = {};
  const shapeOf = (name: string, rank: number): readonly number[] =>
    formats[name] !== undefined
      ? (call.attrs.shapes[name] ?? [])
      : rank === 0
        ? []
        : (call.inputs[name]?.shape ?? []);
  for (const t of kernel.plan.inputs) shapes[t.name] = shapeOf(t.name, t.indices.length);
  // Every access pattern sizes its index variables (`A(j,k)` beside `A(i,k)` is the only
  // place `j` appears), affine subscripts (`I(i+k)`) by the extents they leave.
  const sizes = indexExtentsOfShapes(kernel, shapes);
  const outputShape = kernel.plan.output.indices.map((i) => sizes.get(i) ?? 0);
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
      case 'values':
      case 'positions':
      case 'coordinates': {
        const infos = sparseOperandInfos(call.inputs, p.tensor, formats[p.tensor] as never);
        const tensor =
          p.kind === 'values'
            ? infos.values
            : p.kind === 'positions'
              ? infos.positions[p.level]
              : infos.coordinates[p.level];
        if (tensor === undefined) throw new Error(`missing storage for ${p.tensor}`);
        args.push({ kind: 'memref', shape: [tensor.shape[0] as number], tensor });
        break;
      }
      default:
        // Temporaries and sparse-output storage are made on the host.
        return undefined;
    }
  }
  return { args, outputShape };
}

/** Elements of the call's output. */
export function outputSize(args: CallArguments): number {
  return args.outputShape.reduce((a, b) => a * b, 1);
}

/** The tensors behind memref arguments `inputs` (what a generated pass binds). */
export function passTensors(args: CallArguments, inputs: readonly number[]): TensorInfo[] {
  return inputs.map((arg) => {
    const a = args.args[arg];
    if (a?.kind !== 'memref' || a.tensor === undefined)
      throw new Error(`argument ${arg} is no tensor`);
    return a.tensor;
  });
}

/** A generated pass's uniform: scalar argument `arg`, or extent `dim` of memref argument `arg`. */
export function uniformValue(args: CallArguments, uniform: { arg: number; dim?: number }): number {
  const a = args.args[uniform.arg];
  return a?.kind === 'scalar' ? a.value : (a?.shape[uniform.dim ?? 0] ?? 0);
}
