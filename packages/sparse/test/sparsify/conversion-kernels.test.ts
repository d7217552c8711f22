/**
 * A kernel that copies one sparse operand into a sparse output with its dimensions permuted
 * (`C(j,i) = A(i,j)`, a format change, a rank-3 mode reorder) is called through `runKernel` as
 * a conversion: the operand transposed and converted, the kernel's loops not run (except a
 * CSR or CSC operand transposed into the other order, whose loops are a counting scatter). Seeded random
 * kernels and operands (every level-type template, level order, position and coordinate width,
 * value dtype against every kernel value type, empty and skewed operands, stored zeros, -0,
 * NaN and infinities) check, on every engine, that the converted result equals bit for bit what
 * the same kernel's loops assemble (bound by `bindArguments`, run, read by `assembledOutput`),
 * that its elements are the operand's permuted (a plain loop over dense
 * arrays), and that bad operands get the loops' very errors.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { compile } from '@tilekit/loop-engines';
import { describe, expect, it } from 'vitest';
import {
  allocateOutputStorage,
  assembledOutput,
  bindArguments,
  type FormatSpec,
  hasAssembly,
  type KernelOperand,
  type LevelType,
  outputShapeOf,
  resolveFormat,
  runKernel,
  type SparseKernel,
  SparseTensor,
  type StorageWidth,
  sparsify,
  type ValueDType,
} from '../../src/index.js';
import { ENGINES } from './every-engine.js';

type Random = () => number;
type ValueType = 'f32' | 'f64' | 'i32' | 'i64';

const pick = <T>(random: Random, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)] as T;

/** Level types of each rank that formats are made of (any level order is added on top). */
const LEVEL_TEMPLATES: Readonly<Record<2 | 3, readonly (readonly LevelType[])[]>> = {
  2: [
    ['dense', 'dense'],
    ['dense', 'compressed'],
    ['compressed', 'compressed'],
    ['compressed', 'dense'],
    ['compressed(nonunique)', 'singleton'],
    ['dense', 'loose_compressed'],
    ['loose_compressed', 'compressed'],
  ],
  3: [
    ['dense', 'compressed', 'compressed'],
    ['compressed', 'compressed', 'compressed'],
    ['compressed(nonunique)', 'singleton(nonunique)', 'singleton'],
    ['dense', 'dense', 'compressed'],
    ['dense', 'compressed', 'dense'],
  ],
};
const WIDTHS: readonly StorageWidth[] = [8, 16, 32, 64, 'index'];
const DTYPES: readonly ValueDType[] = ['float32', 'float64', 'int32', 'int64'];
const VALUE_TYPES: readonly ValueType[] = ['f32', 'f64', 'i32', 'i64'];
const INDEX_NAMES = ['i', 'j', 'k'];

/** A random permutation of `0..n-1`. */
function permutation(random: Random, n: number): number[] {
  const p = Array.from({ length: n }, (_, d) => d);
  for (let d = n - 1; d > 0; d--) {
    const e = Math.floor(random() * (d + 1));
    [p[d], p[e]] = [p[e] as number, p[d] as number];
  }
  return p;
}

function randomFormat(
  random: Random,
  rank: 2 | 3,
): Exclude<FormatSpec, string | readonly unknown[]> {
  return {
    levels: pick(random, LEVEL_TEMPLATES[rank]),
    order: permutation(random, rank),
    posWidth: pick(random, WIDTHS),
    crdWidth: pick(random, WIDTHS),
  };
}

/**
 * Stored values: small integers (zeros among them, stored as given), and for float dtypes
 * -0, NaN and infinities too.
 */
function randomValue(random: Random, dtype: ValueDType): number | bigint {
  const u = random();
  if (dtype === 'int64') return BigInt(Math.floor(u * 9) - 4);
  if (dtype.startsWith('float') && u < 0.15) {
    return pick(random, [-0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]);
  }
  return Math.floor(u * 9) - 4 + (dtype.startsWith('float') ? 0.5 : 0);
}

/**
 * A random operand: a shape with sizes 0 to 6, each outermost slice empty, sparse or full
 * (skewed), values of `dtype`.
 */
function randomOperand(random: Random, rank: 2 | 3, dtype: ValueDType, format: FormatSpec) {
  const shape = Array.from({ length: rank }, () =>
    random() < 0.08 ? 0 : 1 + Math.floor(random() * 6),
  );
  const [rows, ...rest] = shape as [number, ...number[]];
  const inner = rest.reduce((a, b) => a * b, 1);
  const coordinates: number[][] = [];
  const values: (number | bigint)[] = [];
  for (let r = 0; r < rows; r++) {
    const density = pick(random, [0, 0.15, 0.5, 1]);
    for (let e = 0; e < inner; e++) {
      if (random() >= density) continue;
      const tuple = [r];
      let rem = e;
      for (let d = rest.length - 1; d >= 0; d--) {
        tuple.splice(1, 0, rem % (rest[d] as number));
        rem = Math.floor(rem / (rest[d] as number));
      }
      coordinates.push(tuple);
      values.push(randomValue(random, dtype));
    }
  }
  return SparseTensor.fromCoordinates(coordinates, values as number[], shape, format, { dtype });
}

/** Every stored array of `t` as bytes with its array type, and its shape and format. */
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

/** The dense elements of `t` as numbers (int64 read as numbers). */
const denseNumbers = (t: SparseTensor): number[] =>
  Array.from(t.toDense() as ArrayLike<number | bigint>, Number);

/** The elements of the output: each read off the operand's dense elements, a plain loop. */
function permutedElements(a: SparseTensor, perm: readonly number[]): number[] {
  const dense = denseNumbers(a);
  const outShape = perm.map((d) => a.shape[d] as number);
  const size = outShape.reduce((x, y) => x * y, 1);
  const strides = a.shape.map((_, d) => a.shape.slice(d + 1).reduce((x, y) => x * y, 1));
  const out = new Array<number>(size);
  for (let flat = 0; flat < size; flat++) {
    let rem = flat;
    let source = 0;
    for (let k = outShape.length - 1; k >= 0; k--) {
      const n = outShape[k] as number;
      source += (rem % n) * (strides[perm[k] as number] as number);
      rem = Math.floor(rem / n);
    }
    out[flat] = dense[source] as number;
  }
  return out;
}

/**
 * Whether `kernel` transposes a CSR or CSC operand by its counting-scatter loops (not routed
 * as a conversion).
 */
const scattered = (kernel: SparseKernel): boolean =>
  hasAssembly(kernel.plan) && kernel.plan.assembly.strategy === 'scatter';

/** `fn` and how many times it was called. */
function counted(fn: ReturnType<typeof compile>) {
  const spy = {
    calls: 0,
    fn: (...args: Parameters<typeof fn>) => {
      spy.calls++;
      return fn(...args);
    },
  };
  return spy;
}

/** The result of a call, or the error it threw (class and message). */
function outcome(call: () => unknown): { result: unknown } | { error: string } {
  try {
    return { result: call() };
  } catch (e) {
    return { error: `${(e as Error).constructor.name}: ${(e as Error).message}` };
  }
}

/**
 * What `kernel`'s loops compute for `operands`: bound by `bindArguments` (the binding
 * `runKernel` does), with room for every element at each output level, run, and read back by
 * `assembledOutput` (a plain dense output: the array the loops wrote).
 */
function viaLoops(
  kernel: SparseKernel,
  run: ReturnType<typeof compile>,
  operands: Readonly<Record<string, KernelOperand>>,
): SparseTensor | ArrayLike<unknown> {
  const { plan } = kernel;
  if (!hasAssembly(plan)) {
    const call = bindArguments(kernel, operands);
    run(...call.args);
    return call.output;
  }
  const shape = outputShapeOf(kernel, operands);
  const levelSizes = plan.assembly.format.order.map((d) => shape[d] as number);
  const room = Math.max(
    1,
    shape.reduce((a, b) => a * b, 1),
  );
  const call = bindArguments(
    kernel,
    operands,
    allocateOutputStorage(
      plan,
      levelSizes,
      levelSizes.map(() => room),
    ),
  );
  run(...call.args);
  return assembledOutput(kernel, call) as SparseTensor;
}

describe('conversion kernels are called as conversions, equal bit for bit to their loops', () => {
  it.each(ENGINES)(
    '%s engine: seeded random permutations, formats, widths and dtypes',
    (engine) => {
      const random = seededRandom(3535 + ENGINES.indexOf(engine));
      let converted = 0;
      let refused = 0;
      let dense = 0;
      let scatters = 0;
      for (let trial = 0; trial < 80; trial++) {
        const rank = random() < 0.6 ? 2 : 3;
        const perm = permutation(random, rank);
        const indices = INDEX_NAMES.slice(0, rank);
        const expr = `C(${perm.map((d) => indices[d]).join(',')}) = A(${indices.join(',')})`;
        const formats = { A: randomFormat(random, rank), C: randomFormat(random, rank) };
        const dtype = pick(random, DTYPES);
        const valueType = pick(random, VALUE_TYPES);
        const label = `trial ${trial}: ${expr} ${JSON.stringify(formats)} ${dtype} -> ${valueType}`;
        const kernel = sparsify(expr, formats, { valueType });
        const run = compile(kernel.module, kernel.functionName, { engine });
        const a = randomOperand(random, rank, dtype, formats.A);
        const routed = counted(run);
        const viaConversion = outcome(() => runKernel(kernel, routed.fn, { A: a }));
        const byLoops = outcome(() => viaLoops(kernel, run, { A: a }));
        if ('error' in byLoops) {
          // A value type the kernel would narrow: the same error either way.
          expect(viaConversion, label).toEqual(byLoops);
          refused++;
          continue;
        }
        if (!(byLoops.result instanceof SparseTensor)) {
          // A plain dense output (row-major, as a dense operand) is written by the loops.
          expect(routed.calls, label).toBeGreaterThan(0);
          expect((viaConversion as { result: unknown }).result, label).toEqual(byLoops.result);
          dense++;
          continue;
        }
        // Counting scatters (CSR <-> CSC, counting-scatter.test.ts) too run as the conversion.
        if (scattered(kernel)) scatters++;
        expect(routed.calls, `${label}: the loops did not run`).toBe(0);
        const result = (viaConversion as { result: SparseTensor }).result;
        const loops = byLoops.result;
        expect(stored(result), label).toEqual(stored(loops));
        expect(result.format, label).toEqual(resolveFormat(formats.C, rank));
        expect(result.values.constructor, label).toBe(loops.values.constructor);
        const same = (x: number, y: number) => Object.is(x, y);
        const expected = permutedElements(a, perm);
        const actual = denseNumbers(result);
        expect(actual.length, label).toBe(expected.length);
        expect(
          actual.every((x, e) => same(x, expected[e] as number)),
          label,
        ).toBe(true);
        converted++;
      }
      // Both sides of the generator occur: conversions and value types that would narrow.
      expect(converted).toBeGreaterThan(30);
      expect(refused).toBeGreaterThan(0);
      expect(dense).toBeLessThan(15);
      // Most copies are conversions; CSR <-> CSC transpositions are counting scatters
      // (counting-scatter.test.ts).
      expect(scatters).toBeLessThan(converted / 2);
    },
  );

  it.each(ENGINES)(
    '%s engine: skewed CSR transposes (power-law rows) as the bench runs them',
    (engine) => {
      const random = seededRandom(3536 + ENGINES.indexOf(engine));
      const kernel = sparsify('C(j,i) = A(i,j)', { A: 'CSR', C: 'CSR' }, { valueType: 'f64' });
      const run = compile(kernel.module, kernel.functionName, { engine });
      for (const [m, n] of [
        [300, 200],
        [1, 500],
        [500, 1],
      ] as const) {
        const coordinates: number[][] = [];
        const values: number[] = [];
        for (let i = 0; i < m; i++) {
          // Row i holds about n / (i + 1) entries: a few full rows, many nearly empty ones.
          const density = 1 / (i + 1);
          for (let j = 0; j < n; j++) {
            if (random() < density) {
              coordinates.push([i, j]);
              values.push(random() * 2 - 1);
            }
          }
        }
        const a = SparseTensor.fromCoordinates(coordinates, values, [m, n], 'CSR', {
          dtype: 'float64',
        });
        const routed = counted(run);
        const result = runKernel(kernel, routed.fn, { A: a }) as SparseTensor;
        // A CSR transposed into CSR is a counting scatter, which the host conversion runs
        // (prepared on WebAssembly): the kernel's own loops do not.
        expect(routed.calls).toBe(0);
        expect(stored(result)).toEqual(stored(viaLoops(kernel, run, { A: a }) as SparseTensor));
        expect(denseNumbers(result)).toEqual(permutedElements(a, [1, 0]));
      }
    },
  );

  it.each(ENGINES)('%s engine: bad operands get the errors the loops give', (engine) => {
    const kernel = sparsify('C(j,i) = A(i,j)', { A: 'CSR', C: 'CSC' }, { valueType: 'f32' });
    const run = compile(kernel.module, kernel.functionName, { engine });
    const csr = SparseTensor.fromCoordinates([[0, 1]], [2], [2, 3], 'CSR', { dtype: 'float32' });
    const bad: Record<string, Record<string, unknown>> = {
      missing: {},
      'another format': { A: csr.convert('CSC') },
      'other widths': { A: csr.convert('CSR', { posWidth: 64 }) },
      'values it would narrow': {
        A: SparseTensor.fromCoordinates([[0, 1]], [2], [2, 3], 'CSR', { dtype: 'float64' }),
      },
      'a dense operand': { A: { data: new Float32Array(6), shape: [2, 3] } },
      'another rank': {
        A: SparseTensor.fromCoordinates([[0, 1, 1]], [2], [2, 3, 2], 'CSF', { dtype: 'float32' }),
      },
      'a number': { A: 3 },
    };
    for (const [what, operands] of Object.entries(bad)) {
      const viaConversion = outcome(() =>
        runKernel(kernel, run, operands as Record<string, KernelOperand>),
      );
      const byLoops = outcome(() =>
        viaLoops(kernel, run, operands as Record<string, KernelOperand>),
      );
      expect('error' in byLoops, what).toBe(true);
      expect(viaConversion, what).toEqual(byLoops);
    }
  });

  it.each(ENGINES)(
    '%s engine: kernels that are not a copy of one sparse operand run their loops',
    (engine) => {
      const a = SparseTensor.fromCoordinates(
        [
          [0, 1],
          [1, 0],
        ],
        [2, 3],
        [2, 2],
        'CSR',
        { dtype: 'float64' },
      );
      const d = { data: new Float64Array([1, 0, 0, 4]), shape: [2, 2] };
      const cases: [string, Record<string, FormatSpec>, Record<string, KernelOperand>][] = [
        ['C(j,i) = 2 * A(i,j)', { A: 'CSR', C: 'CSR' }, { A: a }],
        ['C(j,i) = A(i,j) + B(i,j)', { A: 'CSR', B: 'CSR', C: 'CSR' }, { A: a, B: a }],
        ['C(j,i) = D(i,j)', { C: 'CSR' }, { D: d }],
        ['C(i) = A(i,j)', { A: 'CSR', C: 'sparse-vector' }, { A: a }],
        ['C(i,j) = A(i(0,2),j)', { A: 'CSR', C: 'CSR' }, { A: a }],
      ];
      for (const [expr, formats, operands] of cases) {
        const kernel = sparsify(expr, formats, { valueType: 'f64' });
        const routed = counted(compile(kernel.module, kernel.functionName, { engine }));
        runKernel(kernel, routed.fn, operands);
        expect(routed.calls, expr).toBeGreaterThan(0);
      }
    },
  );

  it.each(ENGINES)(
    '%s engine: a storage view (not a SparseTensor) runs the loops, same result',
    (engine) => {
      const kernel = sparsify('C(j,i) = A(i,j)', { A: 'CSR', C: 'CSR' }, { valueType: 'f64' });
      const run = compile(kernel.module, kernel.functionName, { engine });
      const a = SparseTensor.fromCoordinates(
        [
          [0, 1],
          [1, 0],
          [1, 2],
        ],
        [2, 3, -0],
        [2, 3],
        'CSR',
        { dtype: 'float64' },
      );
      const view = {
        shape: a.shape,
        format: a.format,
        positions: a.positions,
        coordinates: a.coordinates,
        values: a.values,
      };
      const routed = counted(run);
      const fromView = runKernel(kernel, routed.fn, {
        A: view as unknown as SparseTensor,
      }) as SparseTensor;
      expect(routed.calls).toBeGreaterThan(0);
      expect(stored(fromView)).toEqual(stored(runKernel(kernel, run, { A: a }) as SparseTensor));
    },
  );
});
