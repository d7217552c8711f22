/**
 * Operands the scipy suites hand to both sides: seeded coordinate triplets (uniform random
 * matrices and power-law R-MAT graphs), built into a tilekit `SparseTensor` the way a user
 * would (`fromCoordinates` over `[row, col]` tuples) and into a scipy CSR matrix the way a
 * scipy user would (`coo_matrix((v, (r, c))).tocsr()`), from the same numbers.
 */
import type { ScipyWorker } from '@tilekit/bench/scipy';
import { seededRandom } from '@tilekit/conformance/testing';
import { type FormatSpec, SparseTensor } from '../src/index.js';

/** A matrix as coordinate triplets, in the order they were drawn (duplicates possible). */
export interface Triplets {
  readonly shape: readonly [number, number];
  readonly rows: Int32Array;
  readonly cols: Int32Array;
  readonly values: Float64Array;
}

/** A tensor of any rank as coordinate lists (`coords[d][k]`: entry `k`'s coordinate in dimension `d`). */
export interface CoordinateLists {
  readonly shape: readonly number[];
  readonly coords: readonly Int32Array[];
  readonly values: Float64Array;
}

/** Draws from one seeded stream, so every run measures the same operands. */
export interface TripletSource {
  /** `nnz` distinct positions drawn uniformly, in the (random) order drawn; values in [-1, 1). */
  uniform(shape: readonly [number, number], nnz: number): Triplets;
  /** As {@link TripletSource.uniform}, for a tensor of any rank (positions below 2^53). */
  uniformTensor(shape: readonly number[], nnz: number): CoordinateLists;
  /**
   * A Kronecker (R-MAT) graph on 2^scale vertices: `edges` draws, each descending `scale`
   * quadrant choices with probabilities a, b, c and 1 - a - b - c (the Graph500 generator's
   * 0.57, 0.19, 0.19), which gives the power-law degrees of real graphs; repeated edges stay
   * (construction sums them), values in [-1, 1).
   */
  rmat(scale: number, edges: number): Triplets;
  /** `n` dense values in [-1, 1). */
  dense(n: number): Float64Array;
}

/** Triplet generators over the stream seeded with `seed`. */
export function tripletSource(seed: number): TripletSource {
  const next = seededRandom(seed);
  const value = () => next() * 2 - 1;
  const uniformTensor = (shape: readonly number[], nnz: number): CoordinateLists => {
    const coords = shape.map(() => new Int32Array(nnz));
    const drawn = new Array<number>(shape.length);
    const seen = new Set<number>();
    for (let k = 0; k < nnz; ) {
      let key = 0;
      shape.forEach((size, d) => {
        drawn[d] = Math.floor(next() * size);
        key = key * size + (drawn[d] as number);
      });
      if (seen.has(key)) continue;
      seen.add(key);
      coords.forEach((c, d) => {
        c[k] = drawn[d] as number;
      });
      k++;
    }
    return { shape, coords, values: Float64Array.from({ length: nnz }, value) };
  };
  return {
    uniform(shape, nnz) {
      const { coords, values } = uniformTensor(shape, nnz);
      return { shape, rows: coords[0] as Int32Array, cols: coords[1] as Int32Array, values };
    },
    uniformTensor,
    rmat(scale, edges) {
      const [a, b, c] = [0.57, 0.19, 0.19];
      const rows = new Int32Array(edges);
      const cols = new Int32Array(edges);
      for (let e = 0; e < edges; e++) {
        let i = 0;
        let j = 0;
        for (let level = 0; level < scale; level++) {
          const u = next();
          const down = u >= a + b ? 1 : 0;
          const right = (u >= a && u < a + b) || u >= a + b + c ? 1 : 0;
          i = i * 2 + down;
          j = j * 2 + right;
        }
        rows[e] = i;
        cols[e] = j;
      }
      const n = 2 ** scale;
      return { shape: [n, n], rows, cols, values: Float64Array.from({ length: edges }, value) };
    },
    dense: (n) => Float64Array.from({ length: n }, value),
  };
}

/** The input a user holds: one `[row, col]` tuple per entry and a plain value list. */
export function coordinateLists(t: Triplets): { coordinates: number[][]; values: number[] } {
  return {
    coordinates: Array.from(t.rows, (row, k) => [row, t.cols[k] as number]),
    values: Array.from(t.values),
  };
}

/** The tilekit tensor of `t` in `format` (float64), built by `fromCoordinates`. */
export function tilekitMatrix(t: Triplets, format: FormatSpec = 'CSR'): SparseTensor {
  const { coordinates, values } = coordinateLists(t);
  return SparseTensor.fromCoordinates(coordinates, values, t.shape, format, { dtype: 'float64' });
}

/** The scipy expression of `name`'s loaded triplet arrays as a COO matrix (duplicates kept). */
export function scipyCoo(name: string, t: Triplets): string {
  return `sp.coo_matrix((${name}_v, (${name}_r, ${name}_c)), shape=(${t.shape[0]}, ${t.shape[1]}))`;
}

/** The scipy expression that builds `name` from its loaded triplet arrays. */
export function scipyBuild(name: string, t: Triplets): string {
  return `${scipyCoo(name, t)}.tocsr()`;
}

/** Loads `t`'s arrays into the worker (as `<name>_r`, `_c`, `_v`) and binds `name` to its CSR. */
export async function scipyMatrix(worker: ScipyWorker, name: string, t: Triplets): Promise<void> {
  await worker.load(`${name}_r`, t.rows);
  await worker.load(`${name}_c`, t.cols);
  await worker.load(`${name}_v`, t.values);
  await worker.define(name, scipyBuild(name, t));
}
