/**
 * The transposition on WebAssembly keeps a tensor's arrays in the engine's memory from one
 * conversion to the next, as tensors never change, and never keeps the scratch arrays that
 * construction transposes, which the next construction writes again. Held here: seeded
 * sequences of conversions over a pool of tensors (some sharing arrays, some views of other
 * ranges of one buffer), interleaved with constructions of the same sizes from other entries
 * and with kernel calls that use the engine's memory, give the plain builder's storage at
 * every step, every dtype.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { compile } from '@tilekit/loop-engines';
import { describe, it } from 'vitest';
import {
  type IndexArray,
  runKernel,
  SparseTensor,
  sparsify,
  type ValueArray,
  type ValueDType,
} from '../../src/index.js';
import { SCRATCH_MIN_BYTES } from '../../src/sparse-tensor/row-form-build.js';
import { adoptStorage } from '../../src/sparse-tensor/sparse-tensor.js';
import { rowBlockOfTensor } from '../../src/threads/row-block.js';
import { VALUE_DTYPES } from '../support/storage-options.js';
import { randomValues } from './support/random-values.js';
import { referenceStorage } from './support/reference-build.js';
import { expectSameStorage } from './support/same-storage.js';

/** A tensor of the pool and the entries it holds, for the plain builder. */
interface Held {
  readonly tensor: SparseTensor;
  readonly tuples: [number, number][];
  readonly values: (number | bigint)[];
}

const SHAPE: [number, number] = [240, 310];
/** Entries of each matrix: enough that its conversions, and its row blocks', run on wasm. */
const COUNT = 5000;
/** The shape of a construction. */
const BUILT_SHAPE: [number, number] = [500, 600];
/**
 * The entries of a construction of `dtype`: enough that it transposes in the scratch arrays
 * kept from one construction to the next (1 MiB of entries and more).
 */
const builtCount = (dtype: ValueDType) =>
  Math.ceil(SCRATCH_MIN_BYTES / (4 + (dtype === 'float64' || dtype === 'int64' ? 8 : 4))) + 100;

/** `count` distinct positions of `shape` in random order, with values of `dtype`. */
function entries(random: () => number, dtype: ValueDType, shape = SHAPE, count = COUNT) {
  const seen = new Set<number>();
  const tuples: [number, number][] = [];
  while (tuples.length < count) {
    const i = Math.floor(random() * shape[0]);
    const j = Math.floor(random() * shape[1]);
    if (!seen.has(i * shape[1] + j)) tuples.push([i, j]);
    seen.add(i * shape[1] + j);
  }
  return { tuples, values: randomValues(random, count, dtype) };
}

/**
 * A CSR matrix, its CSC copy, its transpose (sharing its arrays), two of its row blocks, and
 * two matrices whose arrays are views of one buffer at other offsets.
 */
function poolOf(random: () => number, dtype: ValueDType): Held[] {
  const { tuples, values } = entries(random, dtype);
  const csr = SparseTensor.fromCoordinates(tuples, values, SHAPE, 'CSR', { dtype });
  const block = (lo: number, hi: number): Held => {
    const kept = tuples.flatMap(([i, j], k): [number, number, number][] =>
      i >= lo && i < hi ? [[i - lo, j, k]] : [],
    );
    return {
      tensor: rowBlockOfTensor(csr, lo, hi),
      tuples: kept.map(([i, j]): [number, number] => [i, j]),
      values: kept.map(([, , k]) => values[k] as number | bigint),
    };
  };
  // Two matrices of as many entries whose coordinates and values lie back to back in one
  // buffer each: views of the same length at other offsets.
  const twin = entries(random, dtype);
  const second = SparseTensor.fromCoordinates(twin.tuples, twin.values, SHAPE, 'CSR', { dtype });
  const joined = <T extends IndexArray | ValueArray>(a: T, b: T): [T, T] => {
    const both = new (a.constructor as new (n: number) => T)(a.length + b.length);
    both.set(a as never);
    both.set(b as never, a.length);
    return [both.subarray(0, a.length) as T, both.subarray(a.length) as T];
  };
  const [crd1, crd2] = joined(
    csr.coordinates[1] as IndexArray,
    second.coordinates[1] as IndexArray,
  );
  const [val1, val2] = joined(csr.values, second.values);
  const sharing = (of: SparseTensor, coordinates: IndexArray, values: ValueArray) =>
    adoptStorage(SHAPE, of.format, {
      positions: of.positions,
      coordinates: [undefined, coordinates],
      values,
    });
  return [
    { tensor: sharing(csr, crd1, val1), tuples, values },
    { tensor: sharing(second, crd2, val2), ...twin },
    { tensor: csr, tuples, values },
    { tensor: csr.convert('CSC'), tuples, values },
    { tensor: csr.transpose(), tuples: tuples.map(([i, j]) => [j, i]), values },
    block(0, 200),
    block(40, 240),
  ];
}

/** `held`'s tensor converted into the other order (CSR <-> CSC), checked against the builder. */
function expectConvertedAsBuilt(held: Held, dtype: ValueDType, what: string): void {
  const { tensor } = held;
  const converted = tensor.convert(tensor.format.order[0] === 0 ? 'CSC' : 'CSR');
  const expected = referenceStorage(
    held.tuples,
    held.values,
    tensor.shape,
    converted.format,
    dtype,
  );
  expectSameStorage(converted, expected, what);
}

describe('transpositions that keep a tensor in the engine memory', () => {
  it('give the plain builder storage in any order of conversions, constructions and kernel calls (seeded)', () => {
    const spmv = sparsify('y(i) = A(i,j) * x(j)', { A: 'CSR' }, { valueType: 'f64' });
    const spmvCall = compile(spmv.module, spmv.functionName, { engine: 'wasm' });
    const random = seededRandom(4411);
    const below = (n: number) => Math.floor(random() * n);
    for (const dtype of VALUE_DTYPES) {
      const pool = poolOf(random, dtype);
      // Conversions a few times over, so that transpositions of the same arrays follow each
      // other, and constructions twice, so that the second transposes scratch arrays the
      // first wrote.
      for (let step = 0; step < 20; step++) {
        const drawn = below(8);
        const action = drawn < 6 ? 'convert' : drawn === 6 ? 'build' : 'kernel';
        const times = action === 'build' ? 2 : 1 + below(3);
        for (let time = 0; time < times; time++) {
          const what = `${dtype} step ${step}.${time}`;
          if (action === 'convert') {
            const k = below(pool.length);
            expectConvertedAsBuilt(pool[k] as Held, dtype, `${what}: tensor ${k}`);
          } else if (action === 'build') {
            // Construction transposes its scratch arrays: same sizes, other entries each time.
            const { tuples, values } = entries(random, dtype, BUILT_SHAPE, builtCount(dtype));
            const built = SparseTensor.fromCoordinates(tuples, values, BUILT_SHAPE, 'CSR', {
              dtype,
            });
            expectSameStorage(
              built,
              referenceStorage(tuples, values, BUILT_SHAPE, built.format, dtype),
              `${what}: built`,
            );
          } else {
            // Another function's operands overwrite what the transposition kept.
            const A = SparseTensor.fromCoordinates(
              [[below(SHAPE[0]), below(SHAPE[1])]],
              [1],
              SHAPE,
              'CSR',
            );
            runKernel(spmv, spmvCall, {
              A,
              x: { data: new Float64Array(SHAPE[1]), shape: [SHAPE[1]] },
            });
          }
        }
      }
    }
  });
});
