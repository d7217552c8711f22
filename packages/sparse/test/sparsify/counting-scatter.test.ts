/**
 * A CSR or CSC matrix transposed into the other level order (`C(j,i) = A(i,j)` into CSR from
 * CSR, `C(i,j) = A(i,j)` into CSC from CSR) is planned as a counting scatter over the
 * operand's own storage (run by `runKernel` as the host conversion, which makes the same
 * storage). Seeded random operands (empty rows and columns, skewed rows, stored
 * zeros, -0, NaN and infinities), every position and coordinate width on both sides, value
 * dtypes into every kernel value type that keeps them, on every engine, scalar and through
 * the vectorizer: the stored arrays equal bit for bit those a plain loop builds (entries
 * sorted by output row then column, positions counted), through runKernel and through the
 * kernel's loops alike, and the interpreter's; a call
 * without enough room counts what it needs and writes no entry.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import {
  allocateOutputStorage,
  assembledOutput,
  bindArguments,
  type FormatSpec,
  hasAssembly,
  outputShapeOf,
  runKernel,
  type SparseKernel,
  SparseTensor,
  type StorageWidth,
  sparsify,
  type ValueDType,
} from '../../src/index.js';
import { type CompiledRun, compiledEverywhere } from './every-engine.js';

type Random = () => number;
type ValueType = 'f32' | 'f64' | 'i32' | 'i64';

const pick = <T>(random: Random, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)] as T;

const WIDTHS: readonly StorageWidth[] = [8, 16, 32, 64, 'index'];
/** Operand dtypes and the kernel value types binding promotes them to (none narrows). */
const VALUE_PAIRS: readonly (readonly [ValueDType, ValueType])[] = [
  ['float32', 'f32'],
  ['float64', 'f64'],
  ['int32', 'i32'],
  ['float32', 'f64'],
  ['int32', 'f64'],
  ['int32', 'f32'],
  ['int64', 'i64'],
];

/** The element type of a width's arrays (as `SparseTensor` storage holds them). */
const ARRAY_OF_WIDTH: Readonly<Record<string, string>> = {
  8: 'Uint8Array',
  16: 'Uint16Array',
  32: 'Uint32Array',
  64: 'BigUint64Array',
  index: 'BigInt64Array',
};

/** A kernel value of `v` as binding casts it (`sitofp` rounds to nearest, `extf` is exact). */
function cast(v: number | bigint, valueType: ValueType): number | bigint {
  if (valueType === 'i64') return BigInt(v);
  if (valueType === 'f32') return Math.fround(Number(v));
  return Number(v);
}

/** A random value of `dtype` (a float32 one rounded to float32, as the operand stores it). */
function randomValue(random: Random, dtype: ValueDType): number | bigint {
  const u = random();
  if (dtype === 'float32') return Math.fround(randomValue(random, 'float64') as number);
  if (dtype === 'int64') return BigInt(Math.floor(u * 2 ** 40) - 2 ** 39);
  if (dtype === 'int32') return u < 0.1 ? 0 : Math.floor(u * 2 ** 32) - 2 ** 31;
  if (u < 0.15) {
    return pick(random, [0, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]);
  }
  return (u - 0.5) * 1e6 + u / 7;
}

interface Entries {
  readonly shape: readonly [number, number];
  readonly coordinates: [number, number][];
  readonly values: (number | bigint)[];
}

/**
 * Distinct entries of a `rows x cols` matrix: each row empty, sparse or full, and with
 * `skewed` about `cols / (i + 1)` entries in row `i` (a few long rows, many short ones).
 */
function randomEntries(
  random: Random,
  rows: number,
  cols: number,
  dtype: ValueDType,
  skewed: boolean,
): Entries {
  const coordinates: [number, number][] = [];
  const values: (number | bigint)[] = [];
  for (let i = 0; i < rows; i++) {
    const density = skewed ? 1 / (i + 1) : pick(random, [0, 0, 0.1, 0.3, 1]);
    for (let j = 0; j < cols; j++) {
      if (random() >= density) continue;
      coordinates.push([i, j]);
      values.push(randomValue(random, dtype));
    }
  }
  return { shape: [rows, cols], coordinates, values };
}

/** `entries` stored in `format` with `dtype` values. */
function tensorOf(entries: Entries, format: FormatSpec, dtype: ValueDType): SparseTensor {
  const { coordinates, values, shape } = entries;
  return SparseTensor.fromCoordinates(coordinates, values as number[], shape, format, { dtype });
}

/**
 * The transposed matrix's storage by a plain loop: entries ordered by (column, row) of the
 * operand, the positions counted per column, values cast to the kernel's value type.
 */
function plainTranspose(entries: Entries, valueType: ValueType) {
  const order = entries.coordinates
    .map((_, e) => e)
    .sort((x, y) => {
      const [xi, xj] = entries.coordinates[x] as [number, number];
      const [yi, yj] = entries.coordinates[y] as [number, number];
      return xj - yj || xi - yi;
    });
  const positions = new Array<number>(entries.shape[1] + 1).fill(0);
  for (const [, j] of entries.coordinates) positions[j + 1] = (positions[j + 1] as number) + 1;
  for (let j = 0; j < entries.shape[1]; j++) {
    positions[j + 1] = (positions[j + 1] as number) + (positions[j] as number);
  }
  return {
    positions,
    coordinates: order.map((e) => (entries.coordinates[e] as [number, number])[0]),
    values: order.map((e) => cast(entries.values[e] as number | bigint, valueType)),
  };
}

/** Every stored array of `t` as its type and bytes. */
function stored(t: SparseTensor) {
  const bytes = (a: ArrayBufferView | undefined) =>
    a === undefined
      ? undefined
      : {
          type: a.constructor.name,
          bytes: Array.from(new Uint8Array(a.buffer, a.byteOffset, a.byteLength)),
        };
  return {
    shape: t.shape,
    format: t.format,
    positions: t.positions.map(bytes),
    coordinates: t.coordinates.map(bytes),
    values: bytes(t.values),
  };
}

/** Values compared bit for bit (NaN equal to NaN, -0 apart from 0). */
const sameValues = (a: ArrayLike<number | bigint>, b: readonly (number | bigint)[]): boolean =>
  a.length === b.length && Array.from(a).every((x, k) => Object.is(x, b[k]));

/** A transposition kernel (random widths) and the operand format it reads. */
function randomTransposition(random: Random, valueType: ValueType) {
  const rowsFirst = random() < 0.5;
  const width = () => pick(random, WIDTHS);
  const a = {
    levels: ['dense', 'compressed'],
    order: [0, 1],
    posWidth: width(),
    crdWidth: width(),
  };
  // Written as C(j,i) = A(i,j) into CSR, or as C(i,j) = A(i,j) into CSC: the same scatter.
  const expression = rowsFirst ? 'C(j,i) = A(i,j)' : 'C(i,j) = A(i,j)';
  const c = {
    levels: ['dense', 'compressed'],
    order: rowsFirst ? [0, 1] : [1, 0],
    posWidth: width(),
    crdWidth: width(),
  };
  const formats = { A: a, C: c } as Record<string, FormatSpec>;
  return { kernel: sparsify(expression, formats, { valueType }), formats, expression };
}

/** The kernel's own loops on `a`, bound with room for its entries and read back. */
function viaLoops(kernel: SparseKernel, run: CompiledRun['run'], a: SparseTensor): SparseTensor {
  const { plan } = kernel;
  if (!hasAssembly(plan)) throw new Error('a sparse output');
  const shape = outputShapeOf(kernel, { A: a });
  const levelSizes = plan.assembly.format.order.map((d) => shape[d] as number);
  const storage = allocateOutputStorage(plan, levelSizes, [levelSizes[0] as number, a.nnz]);
  const call = bindArguments(kernel, { A: a }, storage);
  run(...call.args);
  return assembledOutput(kernel, call) as SparseTensor;
}

const isScatter = (kernel: SparseKernel): boolean =>
  hasAssembly(kernel.plan) && kernel.plan.assembly.strategy === 'scatter';

describe('counting scatter transposes CSR and CSC bit for bit as a plain loop does', () => {
  it('seeded random operands, widths and value types on every engine, scalar and vectorized', () => {
    const random = seededRandom(7201);
    let entriesSeen = 0;
    for (let trial = 0; trial < 36; trial++) {
      const [dtype, valueType] = pick(random, VALUE_PAIRS);
      const { kernel, formats, expression } = randomTransposition(random, valueType);
      expect(isScatter(kernel), expression).toBe(true);
      // 8-bit positions and coordinates bound the sizes (at most 255 entries, extents 256).
      const rows = random() < 0.1 ? 0 : Math.floor(random() * 16);
      const cols = random() < 0.1 ? 0 : Math.floor(random() * 16);
      const entries = randomEntries(random, rows, cols, dtype, random() < 0.3);
      const a = tensorOf(entries, formats.A as FormatSpec, dtype);
      const label = `trial ${trial}: ${expression} ${JSON.stringify(formats)} ${dtype} -> ${valueType} ${rows}x${cols}, ${entries.values.length} entries`;
      const expected = plainTranspose(entries, valueType);
      const c = formats.C as { posWidth: StorageWidth; crdWidth: StorageWidth };
      let reference: ReturnType<typeof stored> | undefined;
      for (const { label: engine, run } of compiledEverywhere(kernel)) {
        // runKernel twice (the host conversion), then the kernel's own loops.
        for (const call of ['runKernel', 'runKernel again', 'the loops']) {
          const result =
            call === 'the loops'
              ? viaLoops(kernel, run, a)
              : (runKernel(kernel, run, { A: a }) as SparseTensor);
          const at = `${label}, ${engine}, call ${call}`;
          expect(result.shape, at).toEqual(
            expression.startsWith('C(j,i)') ? [cols, rows] : [rows, cols],
          );
          expect(result.positions[1]?.constructor.name, at).toBe(ARRAY_OF_WIDTH[c.posWidth]);
          expect(result.coordinates[1]?.constructor.name, at).toBe(ARRAY_OF_WIDTH[c.crdWidth]);
          expect(Array.from(result.positions[1] ?? [], Number), at).toEqual(expected.positions);
          expect(Array.from(result.coordinates[1] ?? [], Number), at).toEqual(expected.coordinates);
          expect(sameValues(result.values, expected.values), at).toBe(true);
          reference ??= stored(result);
          expect(stored(result), at).toEqual(reference);
        }
      }
      entriesSeen += entries.values.length;
    }
    expect(entriesSeen).toBeGreaterThan(500);
  });

  it('skewed rows and long or empty sides at 32-bit widths on every engine', () => {
    const random = seededRandom(7202);
    const kernel = sparsify('C(j,i) = A(i,j)', { A: 'CSR', C: 'CSR' }, { valueType: 'f64' });
    expect(isScatter(kernel)).toBe(true);
    const runs = compiledEverywhere(kernel);
    for (const [m, n] of [
      [300, 200],
      [1, 500],
      [500, 1],
      [0, 40],
      [40, 0],
      [64, 64],
    ] as const) {
      const entries = randomEntries(random, m, n, 'float64', true);
      const a = tensorOf(entries, 'CSR', 'float64');
      const expected = plainTranspose(entries, 'f64');
      for (const [{ label, run }, how] of runs.flatMap((r) => [
        [r, 'runKernel'] as const,
        [r, 'loops'] as const,
      ])) {
        const result =
          how === 'loops'
            ? viaLoops(kernel, run, a)
            : (runKernel(kernel, run, { A: a }) as SparseTensor);
        const at = `${m}x${n} ${label} ${how}`;
        expect(Array.from(result.positions[1] ?? [], Number), at).toEqual(expected.positions);
        expect(Array.from(result.coordinates[1] ?? [], Number), at).toEqual(expected.coordinates);
        expect(sameValues(result.values, expected.values), at).toBe(true);
      }
    }
  });

  it('a call without room counts the entries and writes no entry', () => {
    const random = seededRandom(7203);
    const kernel = sparsify('C(j,i) = A(i,j)', { A: 'CSR', C: 'CSR' }, { valueType: 'f32' });
    for (const { label, run } of compiledEverywhere(kernel)) {
      const entries = randomEntries(random, 12, 9, 'float32', false);
      const a = tensorOf(entries, 'CSR', 'float32');
      const nnz = entries.values.length;
      const plan = kernel.plan;
      if (!hasAssembly(plan)) throw new Error('a sparse output');
      const short = allocateOutputStorage(plan, [9, 12], [9, Math.max(0, nnz - 1)]);
      const guard = new Float32Array(short.values.buffer);
      guard.fill(7);
      const call = bindArguments(kernel, { A: a }, short);
      run(...call.args);
      expect(assembledOutput(kernel, call), label).toBeUndefined();
      // The state's entry count of level 1 (three slots per level, the count first).
      expect(Number(call.storage?.state[3]), label).toBe(nnz);
      // Elements a call leaves alone keep their value (on wasm, an appended array's are
      // unspecified: the engine does not copy them in).
      if (!label.startsWith('wasm')) {
        expect(
          Array.from(guard).every((x) => x === 7),
          label,
        ).toBe(true);
      }
      // The same arrays, grown, after a call that left them dirty: positions start again.
      const roomy = allocateOutputStorage(plan, [9, 12], [9, nnz]);
      (roomy.positions[1] as Uint32Array).fill(5);
      const again = bindArguments(kernel, { A: a }, roomy);
      run(...again.args);
      const result = assembledOutput(kernel, again) as SparseTensor;
      const expected = plainTranspose(entries, 'f32');
      expect(Array.from(result.positions[1] ?? [], Number), label).toEqual(expected.positions);
      expect(sameValues(result.values, expected.values), label).toBe(true);
    }
  });

  it('a storage view with coordinates out of range writes nothing outside the output', () => {
    const kernel = sparsify('C(j,i) = A(i,j)', { A: 'CSR', C: 'CSR' }, { valueType: 'f64' });
    const good = SparseTensor.fromCoordinates(
      [
        [0, 1],
        [1, 0],
        [2, 2],
      ],
      [1.5, -2, 3],
      [3, 3],
      'CSR',
      { dtype: 'float64' },
    );
    const expected = plainTranspose(
      {
        shape: [3, 3],
        coordinates: [
          [0, 1],
          [1, 0],
          [2, 2],
        ],
        values: [1.5, -2, 3],
      },
      'f64',
    );
    const bad = {
      shape: [3, 3],
      format: good.format,
      positions: [undefined, new Uint32Array([0, 2, 3, 4])],
      coordinates: [undefined, new Uint32Array([1, 4000, 0, 70000])],
      values: new Float64Array([1, 2, 3, 4]),
    } as unknown as SparseTensor;
    for (const { label, run } of compiledEverywhere(kernel)) {
      // The result of such a view is unspecified (the interpreter reports the read past an
      // array); the operand read before and after it is transposed right.
      for (const operand of [good, bad, good]) {
        let result: SparseTensor;
        try {
          result = runKernel(kernel, run, { A: operand }) as SparseTensor;
        } catch (e) {
          expect(operand, `${label}: ${(e as Error).message}`).toBe(bad);
          continue;
        }
        if (operand === bad) continue;
        expect(Array.from(result.positions[1] ?? [], Number), label).toEqual(expected.positions);
        expect(Array.from(result.coordinates[1] ?? [], Number), label).toEqual(
          expected.coordinates,
        );
        expect(sameValues(result.values, expected.values), label).toBe(true);
      }
    }
  });

  it('a windowed operand is scattered as its window', () => {
    const random = seededRandom(7204);
    const kernel = sparsify(
      'C(j,i) = A(i(2,9),j(1,7))',
      { A: 'CSR', C: 'CSR' },
      { valueType: 'f64' },
    );
    expect(isScatter(kernel)).toBe(true);
    const entries = randomEntries(random, 12, 10, 'float64', false);
    const a = tensorOf(entries, 'CSR', 'float64');
    const inside = entries.coordinates
      .map((ij, e) => [ij, e] as const)
      .filter(([[i, j]]) => i >= 2 && i < 9 && j >= 1 && j < 7);
    const window: Entries = {
      shape: [7, 6],
      coordinates: inside.map(([[i, j]]) => [i - 2, j - 1]),
      values: inside.map(([, e]) => entries.values[e] as number),
    };
    const expected = plainTranspose(window, 'f64');
    for (const { label, run } of compiledEverywhere(kernel)) {
      const result = runKernel(kernel, run, { A: a }) as SparseTensor;
      expect(result.shape, label).toEqual([6, 7]);
      expect(Array.from(result.positions[1] ?? [], Number), label).toEqual(expected.positions);
      expect(Array.from(result.coordinates[1] ?? [], Number), label).toEqual(expected.coordinates);
      expect(sameValues(result.values, expected.values), label).toBe(true);
    }
  });

  it('is planned only for a plain copy of a CSR or CSC operand into the other order', () => {
    const scatter = (expr: string, formats: Record<string, FormatSpec>) =>
      isScatter(sparsify(expr, formats, { valueType: 'f64' }));
    expect(scatter('C(j,i) = A(i,j)', { A: 'CSR', C: 'CSR' })).toBe(true);
    expect(scatter('C(j,i) = A(i,j)', { A: 'CSC', C: 'CSC' })).toBe(true);
    expect(scatter('C(i,j) = A(i,j)', { A: 'CSC', C: 'CSR' })).toBe(true);
    // A window is materialized before the call: its window-free kernel scatters it.
    expect(scatter('C(j,i) = A(i(1,3),j)', { A: 'CSR', C: 'CSR' })).toBe(true);
    // Same order (a copy), another level type, arithmetic: not a scatter.
    expect(scatter('C(i,j) = A(i,j)', { A: 'CSR', C: 'CSR' })).toBe(false);
    expect(scatter('C(j,i) = A(i,j)', { A: 'CSC', C: 'CSR' })).toBe(false);
    expect(scatter('C(j,i) = A(i,j)', { A: 'DCSR', C: 'CSR' })).toBe(false);
    expect(scatter('C(j,i) = A(i,j)', { A: 'CSR', C: 'DCSR' })).toBe(false);
    expect(scatter('C(j,i) = A(i,j)', { A: 'COO', C: 'CSR' })).toBe(false);
    expect(scatter('C(j,i) = 2 * A(i,j)', { A: 'CSR', C: 'CSR' })).toBe(false);
  });
});
