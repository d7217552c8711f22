/**
 * The checked inputs and attributes of a call of the assembly kernels (`SparseAssemblyCounts`,
 * `SparseAssemblyFill`), the same on every backend that registers them: typed errors naming the
 * input or attribute, before anything runs.
 */
import type { NamedAttrMap, TensorInfo } from '@tensorflow/tfjs-core';
import { SparsifyError } from '../sparsify/index.js';
import type { AssemblyCombine, AssemblyPart } from './assembly-walk.js';

const COMBINES: readonly string[] = ['product', 'union', 'intersection'];
const PARTS: readonly string[] = ['coordinates', 'values'];

/** The inputs a pass binds, in binding order: only those its code reads. */
export function assemblyInputs(kind: 'counts' | AssemblyPart): string[] {
  if (kind === 'counts') return ['aPos', 'aCrd', 'bPos', 'bCrd'];
  return kind === 'coordinates'
    ? ['aPos', 'aCrd', 'bPos', 'bCrd', 'cPos']
    : ['aPos', 'aCrd', 'aVal', 'bPos', 'bCrd', 'bVal', 'cPos'];
}

/** A checked call: the combine, the output rows, the bound inputs, and for a fill its output. */
export interface AssemblyCall {
  readonly combine: AssemblyCombine;
  readonly rows: number;
  /** The inputs of {@link assemblyInputs}, in that order. */
  readonly inputs: readonly TensorInfo[];
  readonly part: AssemblyPart;
  /** Output elements of a fill. */
  readonly nnz: number;
  /** The output dtype (int32 counts and columns, the operands' value dtype for values). */
  readonly dtype: 'int32' | 'float32';
  /** The operands' value dtype (a fill's). */
  readonly valueDtype: 'int32' | 'float32';
}

/** The named inputs in `names`' order, each a rank-1 tensor (int32 unless a value array). */
function namedInputs(inputs: unknown, names: readonly string[]): TensorInfo[] {
  if (typeof inputs !== 'object' || inputs === null)
    throw new SparsifyError('inputs', `expected the tensors ${names.join(', ')}`);
  return names.map((name) => {
    const t = (inputs as Record<string, TensorInfo | undefined>)[name];
    if (typeof t !== 'object' || t === null || !Array.isArray(t.shape) || t.shape.length !== 1)
      throw new SparsifyError(`inputs.${name}`, 'expected a rank-1 tensor');
    if (!name.endsWith('Val') && t.dtype !== 'int32')
      throw new SparsifyError(`inputs.${name}`, `expected int32, got ${t.dtype}`);
    return t;
  });
}

/**
 * The checked call of a counts pass or a fill.
 *
 * @throws SparsifyError naming the input or attribute that is wrong.
 */
export function assemblyCall(
  kind: 'counts' | 'fill',
  inputs: unknown,
  attrs: NamedAttrMap | undefined,
): AssemblyCall {
  const combine = attrs?.combine;
  if (typeof combine !== 'string' || !COMBINES.includes(combine))
    throw new SparsifyError('attrs.combine', `expected one of ${COMBINES.join(', ')}`);
  if (kind === 'counts') {
    const given = namedInputs(inputs, assemblyInputs('counts'));
    const rows = ((given[0] as TensorInfo).shape[0] as number) - 1;
    if (rows < 0) throw new SparsifyError('inputs.aPos', 'expected at least one position');
    const counts = { part: 'coordinates', nnz: 0, dtype: 'int32', valueDtype: 'int32' } as const;
    return { combine: combine as AssemblyCombine, rows, inputs: given, ...counts };
  }
  const { part, nnz } = attrs as { part?: unknown; nnz?: unknown };
  if (typeof part !== 'string' || !PARTS.includes(part))
    throw new SparsifyError('attrs.part', `expected one of ${PARTS.join(', ')}`);
  if (typeof nnz !== 'number' || !Number.isSafeInteger(nnz) || nnz < 0 || nnz >= 2 ** 31)
    throw new SparsifyError('attrs.nnz', 'expected an int32 count');
  const [aPos, , aVal, , , bVal, cPos] = namedInputs(inputs, assemblyInputs('values'));
  const valueDtype = aVal?.dtype;
  if ((valueDtype !== 'float32' && valueDtype !== 'int32') || bVal?.dtype !== valueDtype)
    throw new SparsifyError('inputs.bVal', 'expected float32 or int32 values, one dtype for both');
  const rows = ((aPos as TensorInfo).shape[0] as number) - 1;
  if (rows < 0 || cPos?.shape[0] !== rows + 1)
    throw new SparsifyError('inputs.cPos', `expected ${rows + 1} positions`);
  return {
    combine: combine as AssemblyCombine,
    rows,
    inputs: namedInputs(inputs, assemblyInputs(part as AssemblyPart)),
    part: part as AssemblyPart,
    nnz,
    dtype: part === 'coordinates' ? 'int32' : valueDtype,
    valueDtype,
  };
}
