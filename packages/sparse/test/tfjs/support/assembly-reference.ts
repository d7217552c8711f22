/**
 * A plain-loop reference of the sparse results the tfjs ops assemble from `TfSparseTensor`
 * operands (SpGEMM, sum, element-wise product) and the seeded random operands their tests use:
 * row-major storage with each row's columns ascending, every column a product of stored entries
 * reaches kept (even where the sum is zero), each value summed from 0 one float32 (or wrapping
 * int32) operation at a time, its terms in `A`'s entry order, then `B`'s. That is the order the
 * cpu backend's host assembly adds them in, so its storage is this reference's, bit for bit.
 */
import { SparseTensor } from '../../../src/sparse-tensor/index.js';

export type AssemblyDType = 'float32' | 'int32';
export type AssemblyCombine = 'product' | 'union' | 'intersection';

/** Row-major storage: row positions, columns, and the values' bits (as int32). */
export interface RowStorage {
  readonly positions: number[];
  readonly coordinates: number[];
  readonly valueBits: number[];
}

/** The rows of a CSR matrix or a sparse vector (one row) of host storage. */
function rowsOf(s: SparseTensor) {
  const level = s.rank - 1;
  return {
    rows: s.rank === 1 ? 1 : (s.shape[0] as number),
    positions: Array.from(s.positions[level] as ArrayLike<number>),
    coordinates: Array.from(s.coordinates[level] as ArrayLike<number>),
    values: Array.from(s.values as ArrayLike<number>),
  };
}

/** `combine` of CSR (or sparse-vector) `A` and `B` by plain loops. */
export function referenceAssembly(
  combine: AssemblyCombine,
  A: SparseTensor,
  B: SparseTensor,
  dtype: AssemblyDType,
): RowStorage {
  const add =
    dtype === 'int32'
      ? (x: number, y: number) => (x + y) | 0
      : (x: number, y: number) => Math.fround(x + y);
  const mul = dtype === 'int32' ? Math.imul : (x: number, y: number) => Math.fround(x * y);
  const a = rowsOf(A);
  const b = rowsOf(B);
  const positions = [0];
  const coordinates: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < a.rows; i++) {
    /** Per output column, its terms in summation order (union: A's, then B's, summed apart). */
    const terms = new Map<number, { left: number[]; right: number[] }>();
    const at = (c: number) => {
      const known = terms.get(c);
      if (known !== undefined) return known;
      const t = { left: [] as number[], right: [] as number[] };
      terms.set(c, t);
      return t;
    };
    const rowA = (r: number) =>
      Array.from(
        { length: (a.positions[r + 1] as number) - (a.positions[r] as number) },
        (_, e) => (a.positions[r] as number) + e,
      );
    const rowB = (r: number) =>
      Array.from(
        { length: (b.positions[r + 1] as number) - (b.positions[r] as number) },
        (_, e) => (b.positions[r] as number) + e,
      );
    if (combine === 'product') {
      for (const p of rowA(i))
        for (const q of rowB(a.coordinates[p] as number))
          at(b.coordinates[q] as number).left.push(
            mul(a.values[p] as number, b.values[q] as number),
          );
    } else if (combine === 'union') {
      for (const p of rowA(i)) at(a.coordinates[p] as number).left.push(a.values[p] as number);
      for (const q of rowB(i)) at(b.coordinates[q] as number).right.push(b.values[q] as number);
    } else {
      for (const p of rowA(i))
        for (const q of rowB(i))
          if (a.coordinates[p] === b.coordinates[q])
            at(a.coordinates[p] as number).left.push(
              mul(a.values[p] as number, b.values[q] as number),
            );
    }
    for (const c of [...terms.keys()].sort((x, y) => x - y)) {
      const { left, right } = terms.get(c) as { left: number[]; right: number[] };
      const sum = (list: number[]) => list.reduce(add, 0);
      coordinates.push(c);
      values.push(combine === 'union' ? add(sum(left), sum(right)) : sum(left));
    }
    positions.push(coordinates.length);
  }
  const bits =
    dtype === 'int32'
      ? Array.from(Int32Array.from(values))
      : Array.from(new Int32Array(Float32Array.from(values).buffer));
  return { positions, coordinates, valueBits: bits };
}

/**
 * A random `[rows, cols]` CSR matrix: about a quarter of the rows empty, the others up to
 * `perRow` entries (a narrow `cols` makes duplicate-heavy products), values random float32 in
 * (-1, 1) (sums that round, so their order shows) or int32 in [-40, 40], never zero.
 */
export function randomMatrix(
  rows: number,
  cols: number,
  perRow: number,
  dtype: AssemblyDType,
  next: () => number,
): SparseTensor {
  const data = dtype === 'int32' ? new Int32Array(rows * cols) : new Float32Array(rows * cols);
  for (let i = 0; i < rows && cols > 0; i++) {
    if (next() < 0.25) continue;
    const count = 1 + Math.floor(next() * perRow);
    for (let e = 0; e < count; e++) {
      const j = Math.floor(next() * cols);
      const v = dtype === 'int32' ? Math.round(next() * 80 - 40) : next() * 2 - 1;
      data[i * cols + j] = v === 0 ? 1 : v;
    }
  }
  return SparseTensor.fromDense(data, [rows, cols], 'CSR', { dtype });
}

/** A random sparse vector of `n` float32 or int32 elements, about 40 % stored. */
export function randomVector(n: number, dtype: AssemblyDType, next: () => number): SparseTensor {
  const data = dtype === 'int32' ? new Int32Array(n) : new Float32Array(n);
  for (let j = 0; j < n; j++)
    if (next() < 0.4)
      data[j] = dtype === 'int32' ? 1 + Math.floor(next() * 40) : next() * 2 - 1 || 1;
  return SparseTensor.fromDense(data, [n], 'sparse-vector', { dtype });
}

/**
 * Seeded operands of `combine`: extents up to 8 (every seventh pair with an inner extent of 0,
 * so empty matrices), every fifth with at most three output columns (duplicate-heavy).
 */
export function randomPair(
  combine: AssemblyCombine,
  dtype: AssemblyDType,
  next: () => number,
  seed: number,
): readonly [SparseTensor, SparseTensor] {
  const extent = () => Math.floor(next() * 9);
  const m = extent();
  const k = seed % 7 === 0 ? 0 : 1 + extent();
  const n = 1 + extent();
  const narrow = seed % 5 === 0 ? Math.min(3, n) : n;
  if (combine === 'product')
    return [randomMatrix(m, k, 4, dtype, next), randomMatrix(k, narrow, 6, dtype, next)];
  return [randomMatrix(m, narrow, 6, dtype, next), randomMatrix(m, narrow, 6, dtype, next)];
}
