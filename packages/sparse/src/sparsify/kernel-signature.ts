/**
 * The function signature convention of emitted kernels. Arguments, in order:
 *
 * 1. each input tensor, in order of first appearance on the right-hand side:
 *    - a scalar (rank-0 access): one `T` argument;
 *    - a dense row-major tensor: one `memref<?x...xT>`;
 *    - a sparse tensor: for every storage level `l` (outermost first) its positions
 *      `memref<?xiP>` (compressed levels) then its coordinates `memref<?xiC>` (compressed
 *      and singleton levels), and finally its values `memref<?xT>`;
 * 2. the output: `memref<?x...xT>` (`memref<T>` for a scalar result);
 * 3. one `index` per index variable, in order of first appearance in the notation (the
 *    output's indices first): the size of that dimension.
 *
 * Position and coordinate widths 8/16/32/64 use `i8`...`i64` memrefs (read unsigned), `index`
 * uses `memref<?xindex>`, exactly like MLIR's `sparse_tensor.positions/coordinates`.
 */
import {
  f32,
  f64,
  i8,
  i16,
  i32,
  i64,
  index,
  type MemRefType,
  memrefOf,
  type ScalarType,
} from '@tilekit/loop-ir';
import { hasCoordinates, isCompressed, type StorageWidth } from '../sparse-tensor/format.js';
import type { KernelPlan, TensorPlan, ValueType } from './kernel-plan.js';

/** One argument of an emitted kernel function. */
export type KernelParameter =
  | {
      readonly kind: 'positions';
      readonly tensor: string;
      readonly level: number;
      readonly type: MemRefType;
    }
  | {
      readonly kind: 'coordinates';
      readonly tensor: string;
      readonly level: number;
      readonly type: MemRefType;
    }
  | { readonly kind: 'values'; readonly tensor: string; readonly type: MemRefType }
  | { readonly kind: 'dense'; readonly tensor: string; readonly type: MemRefType }
  | { readonly kind: 'scalar'; readonly tensor: string; readonly type: ScalarType }
  | { readonly kind: 'output'; readonly tensor: string; readonly type: MemRefType }
  | { readonly kind: 'size'; readonly index: string; readonly type: ScalarType };

/** The IR type of a value element type. */
export function scalarTypeOf(valueType: ValueType): ScalarType {
  return { f32, f64, i32, i64 }[valueType];
}

/** The IR element type of position/coordinate storage of a width. */
export function storageTypeOf(width: StorageWidth): ScalarType {
  return width === 'index' ? index : { 8: i8, 16: i16, 32: i32, 64: i64 }[width];
}

const dynamic = (rank: number): '?'[] => Array.from({ length: rank }, () => '?' as const);

function tensorParameters(t: TensorPlan, element: ScalarType): KernelParameter[] {
  if (t.indices.length === 0) return [{ kind: 'scalar', tensor: t.name, type: element }];
  if (t.format === undefined)
    return [{ kind: 'dense', tensor: t.name, type: memrefOf(dynamic(t.indices.length), element) }];
  const { levels, posWidth, crdWidth } = t.format;
  const params: KernelParameter[] = levels.flatMap((lt, level) => [
    ...(isCompressed(lt)
      ? [
          {
            kind: 'positions',
            tensor: t.name,
            level,
            type: memrefOf('?', storageTypeOf(posWidth)),
          } as const,
        ]
      : []),
    ...(hasCoordinates(lt)
      ? [
          {
            kind: 'coordinates',
            tensor: t.name,
            level,
            type: memrefOf('?', storageTypeOf(crdWidth)),
          } as const,
        ]
      : []),
  ]);
  params.push({ kind: 'values', tensor: t.name, type: memrefOf('?', element) });
  return params;
}

/** The parameters of the kernel emitted for `plan`, in argument order. */
export function kernelParameters(plan: KernelPlan): KernelParameter[] {
  const element = scalarTypeOf(plan.valueType);
  return [
    ...plan.inputs.flatMap((t) => tensorParameters(t, element)),
    {
      kind: 'output',
      tensor: plan.output.name,
      type: memrefOf(dynamic(plan.output.indices.length), element),
    },
    ...plan.indexVars.map((i): KernelParameter => ({ kind: 'size', index: i, type: index })),
  ];
}
