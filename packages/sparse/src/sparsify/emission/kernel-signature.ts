/**
 * The function signature convention of emitted kernels. Arguments, in order:
 *
 * 1. each input tensor, in order of first appearance on the right-hand side:
 *    - a scalar (rank-0 access): one `T` argument;
 *    - a dense row-major tensor: one `memref<?x...xT>`;
 *    - a sparse tensor: for every storage level `l` (outermost first) its positions
 *      `memref<?xiP>` (levels with a positions array: compressed, loose compressed) then its
 *      coordinates `memref<?xiC>` (every level but a dense one), and finally its values
 *      `memref<?xT>`;
 * 2. the output: `memref<?x...xT>` (`memref<T>` for a scalar result); an output with a
 *    storage format instead takes, per level, its positions then coordinates (as an input
 *    would), its values, and a `state` memref (entry counts, see assembly-state.ts), plus,
 *    when it is assembled through a workspace, the workspace's values (as long as the output's
 *    last level, zero-filled), marks (`memref<?xi32>`, see workspace-marks.ts) and touched
 *    coordinates (one longer than the last level); `X *= ...` on a sparse `X` takes
 *    no output argument (`X` is the first input and its values are rewritten);
 * 3. one `index` per index variable, in order of first appearance in the notation (the
 *    output's indices first): the size of that dimension.
 *
 * Position and coordinate widths 8/16/32/64 use `i8`...`i64` memrefs (read unsigned), `index`
 * uses `memref<?xindex>`, exactly like MLIR's `sparse_tensor.positions/coordinates`.
 */

import { f32, f64, i8, i16, i32, i64, index, memrefOf, type ScalarType } from '@tilekit/loop-ir';
import { textOf } from '../../sparse-error.js';
import { levelOf, type SparseFormat, type StorageWidth } from '../../sparse-tensor/format.js';
import { checkPlan, checkValueType } from '../argument-checks.js';
import { SparsifyError } from '../errors.js';
import type { KernelPlan, TensorPlan, ValueType } from '../planning/kernel-plan.js';
import { hasAssembly } from '../planning/output-plan.js';
import type { KernelParameter } from './kernel-parameter.js';

/** The IR type of a value element type. */
export function scalarTypeOf(valueType: ValueType): ScalarType {
  checkValueType(valueType);
  return { f32, f64, i32, i64 }[valueType];
}

/** The IR element type of position/coordinate storage of a width. */
export function storageTypeOf(width: StorageWidth): ScalarType {
  if (![8, 16, 32, 64, 'index'].includes(width)) {
    throw new SparsifyError('width', `must be 8, 16, 32, 64 or 'index', got ${textOf(width)}`);
  }
  return width === 'index' ? index : { 8: i8, 16: i16, 32: i32, 64: i64 }[width];
}

const dynamic = (rank: number): '?'[] => Array.from({ length: rank }, () => '?' as const);

function tensorParameters(t: TensorPlan, element: ScalarType): KernelParameter[] {
  if (t.indices.length === 0) return [{ kind: 'scalar', tensor: t.name, type: element }];
  if (t.format === undefined)
    return [{ kind: 'dense', tensor: t.name, type: memrefOf(dynamic(t.indices.length), element) }];
  const { levels, posWidth, crdWidth } = t.format;
  const storage = (kind: 'positions' | 'coordinates', level: number, width: StorageWidth) =>
    ({ kind, tensor: t.name, level, type: memrefOf('?', storageTypeOf(width)) }) as const;
  const params: KernelParameter[] = levels.flatMap((lt, level) => [
    ...(levelOf(lt).hasPositions ? [storage('positions', level, posWidth)] : []),
    ...(levelOf(lt).hasCoordinates ? [storage('coordinates', level, crdWidth)] : []),
  ]);
  params.push({ kind: 'values', tensor: t.name, type: memrefOf('?', element) });
  return params;
}

/** The parameters of the kernel emitted for `plan`, in argument order. */
export function kernelParameters(plan: KernelPlan): KernelParameter[] {
  checkPlan(plan);
  const element = scalarTypeOf(plan.valueType);
  return [
    ...plan.inputs.flatMap((t) => tensorParameters(t, element)),
    ...outputParameters(plan, element),
    ...plan.temporaries.map(
      (t): KernelParameter => ({
        kind: 'temporary',
        tensor: t.output.name,
        type: memrefOf(dynamic(t.output.indices.length), element),
      }),
    ),
    ...plan.indexVars.map((i): KernelParameter => ({ kind: 'size', index: i, type: index })),
  ];
}

/** The output's parameters: one memref, or the storage of a formatted output (see above). */
function outputParameters(plan: KernelPlan, element: ScalarType): KernelParameter[] {
  const tensor = plan.output.name;
  if (!hasAssembly(plan)) {
    return [
      { kind: 'output', tensor, type: memrefOf(dynamic(plan.output.indices.length), element) },
    ];
  }
  const { strategy, format } = plan.assembly;
  if (strategy === 'in-place') return [];
  const pos = storageTypeOf(format.posWidth);
  const crd = storageTypeOf(format.crdWidth);
  const params: KernelParameter[] = format.levels.flatMap((lt, level) => [
    ...(levelOf(lt).hasPositions
      ? [{ kind: 'output-positions', tensor, level, type: memrefOf('?', pos) } as const]
      : []),
    ...(levelOf(lt).hasCoordinates
      ? [{ kind: 'output-coordinates', tensor, level, type: memrefOf('?', crd) } as const]
      : []),
  ]);
  params.push(
    { kind: 'output-values', tensor, type: memrefOf('?', element) },
    { kind: 'output-state', tensor, type: memrefOf('?', stateTypeOf(format)) },
  );
  if (strategy === 'expand') {
    params.push(
      { kind: 'workspace-values', tensor, type: memrefOf('?', element) },
      { kind: 'workspace-filled', tensor, type: memrefOf('?', i32) },
      { kind: 'workspace-coordinates', tensor, type: memrefOf('?', crd) },
    );
  }
  return params;
}

/** The state memref holds positions and coordinates: the wider of the two widths. */
export function stateWidthOf(format: SparseFormat): StorageWidth {
  const bits = (w: StorageWidth): number => (w === 'index' ? 65 : w);
  return bits(format.posWidth) >= bits(format.crdWidth) ? format.posWidth : format.crdWidth;
}

/** The element type of the state memref (see {@link stateWidthOf}). */
export function stateTypeOf(format: SparseFormat): ScalarType {
  return storageTypeOf(stateWidthOf(format));
}
