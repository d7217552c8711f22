/**
 * Building and converting sparse tensors against scipy.sparse (C, one core), measured in the
 * same run by a Python worker (`@tilekit/bench/scipy`):
 * - `SparseTensor.fromCoordinates` from `[row, col]` tuples in random order into CSR, CSC, COO
 *   and DCSR (and into CSR from a flat `Int32Array` of indices), against scipy's fastest way
 *   from `coo_matrix((v, (r, c)))` to the same stored order; `TfSparseTensor.fromCoordinates`
 *   from tf tensors (float32) against the float32 build;
 * - `convert` between CSR, CSC, COO and DCSR against `tocsc`/`tocsr`/`tocoo` (COO -> CSR
 *   against a `tocoo()` copy's `tocsr()`), and a transpose stored as CSR against
 *   `A.T.tocsr()`; CSR -> CSC also of two equal tensors in turn, since a conversion keeps the
 *   tensor it converted in the wasm engine's memory for the next;
 * - rank 3: `fromCoordinates` into CSF and COO, CSF into another mode order, and CSF <-> COO,
 *   against scipy's COO array of any rank (see `tensorCases`).
 *
 * f64 unless said, 32-bit positions and coordinates (tilekit's default; scipy's int32
 * indices), one seed; matrices 20000² at 0.01 % (40 k entries), 2000² at 5 % (200 k) and, for
 * linearity, 20000² with ten times the entries (400 k); tensors 1000³ and 100³ with 200 k
 * entries. Every case first checks once that both sides hold the same entries.
 */
import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import { type BenchCase, defineBenchSuite, runCase } from '@tilekit/bench';
import { openScipy, type ScipyWorker } from '@tilekit/bench/scipy';
import { type FormatSpec, SparseTensor } from '../src/index.js';
import { TfSparseTensor } from '../src/tfjs/index.js';
import { expectSameAsScipy } from './scipy-agreement.js';
import {
  type CoordinateLists,
  coordinateLists,
  scipyCoo,
  scipyMatrix,
  type Triplets,
  tilekitMatrix,
  tripletSource,
} from './scipy-operands.js';

/** A matrix of the suite: its name in the scipy worker, its label, its triplets. */
interface Size {
  readonly name: string;
  readonly label: string;
  readonly triplets: Triplets;
}

const F64 = { dtype: 'float64' } as const;
const source = tripletSource(35);
const SIZES: readonly [Size, Size] = [
  {
    name: 'S',
    label: '20000² at 0.01 % (40 k nnz)',
    triplets: source.uniform([20000, 20000], 40_000),
  },
  { name: 'M', label: '2000² at 5 % (200 k nnz)', triplets: source.uniform([2000, 2000], 200_000) },
];
const TENFOLD: Size = {
  name: 'L',
  label: '20000² at 0.1 % (400 k nnz, 10x the entries of the first)',
  triplets: source.uniform([20000, 20000], 400_000),
};

/** A rank-3 tensor of the suite: its name in the scipy worker, its label, its coordinates. */
interface TensorSize {
  readonly name: string;
  readonly label: string;
  readonly lists: CoordinateLists;
}

// Drawn after the matrices, which so stay the operands of earlier runs.
const TENSORS: readonly TensorSize[] = [
  {
    name: 'T',
    label: '1000³ at 0.02 % (200 k nnz)',
    lists: source.uniformTensor([1000, 1000, 1000], 200_000),
  },
  {
    name: 'U',
    label: '100³ at 20 % (200 k nnz)',
    lists: source.uniformTensor([100, 100, 100], 200_000),
  },
];

await tf.setBackend('cpu');

const opening = await openScipy();
const scipy = opening.worker;
if (opening.reason !== undefined) {
  console.log(`scipy.sparse is unavailable, so only tilekit's side is measured: ${opening.reason}`);
}
const SCIPY = scipy === undefined ? '' : `scipy ${scipy.versions.scipy}`;

/** Checks made in the suite's setup, before anything is timed. */
const checks: (() => Promise<void>)[] = [];

/**
 * One case: tilekit's `ours` beside scipy's `expr` (when scipy runs), checked equal first:
 * `ours.fn`'s tensor (or `check`'s, where the timed call hands out none) against the value of
 * `checkExpr` (by default `expr`).
 */
function againstScipy(options: {
  name: string;
  items: number;
  ours: { readonly label: string; readonly fn: () => unknown };
  check?: () => Promise<SparseTensor>;
  expr: string;
  checkExpr?: string;
  scipyLabel?: string;
  goal: string;
  rounds?: number;
}): BenchCase {
  if (scipy !== undefined) {
    const result = options.check ?? (async () => options.ours.fn() as SparseTensor);
    checks.push(async () =>
      expectSameAsScipy(
        options.name,
        await result(),
        await scipy.fetch(options.checkExpr ?? options.expr),
      ),
    );
  }
  return {
    name: options.name,
    items: options.items,
    ours: options.ours,
    baselines:
      scipy === undefined
        ? []
        : [scipy.baseline(`${SCIPY} ${options.scipyLabel ?? options.expr}`, options.expr)],
    goal: options.goal,
    ...(options.rounds === undefined ? {} : { rounds: options.rounds }),
  };
}

/** How the coordinates are given: `[row, col]` tuples, or TensorFlow's flat `[nnz, 2]` indices. */
type CoordinateForm = 'tuples' | 'flat Int32Array';

/**
 * Each matrix format a build may target, with scipy's fastest way from the same COO triplets
 * to the same stored order (a canonical COO by way of CSR: `sum_duplicates` sorts with
 * `lexsort`, 5-6x slower here; DCSR, which scipy lacks, against its CSR build).
 */
const MATRIX_TARGETS = {
  CSR: { expr: '.tocsr()', scipyLabel: 'coo_matrix((v, (r, c))).tocsr()' },
  CSC: { expr: '.tocsc()', scipyLabel: 'coo_matrix((v, (r, c))).tocsc()' },
  COO: { expr: '.tocsr().tocoo()', scipyLabel: 'coo_matrix((v, (r, c))).tocsr().tocoo()' },
  DCSR: {
    expr: '.tocsr()',
    scipyLabel: 'coo_matrix((v, (r, c))).tocsr() (scipy has no DCSR: its CSR build)',
  },
} as const;
type MatrixTarget = keyof typeof MATRIX_TARGETS;

/** `fromCoordinates` over the user's coordinates, and scipy's build of the same triplets. */
function construction(size: Size, form: CoordinateForm = 'tuples', target: MatrixTarget = 'CSR') {
  const { coordinates, values } = coordinateLists(size.triplets);
  const given = form === 'tuples' ? coordinates : flatIndices(size.triplets);
  const shape = size.triplets.shape;
  return {
    ours: {
      label: `SparseTensor.fromCoordinates(${form === 'tuples' ? 'tuples' : 'indices'}, values, shape, '${target}')`,
      fn: () => SparseTensor.fromCoordinates(given, values, shape, target, F64),
    },
    expr: `${scipyCoo(size.name, size.triplets)}${MATRIX_TARGETS[target].expr}`,
    scipyLabel: MATRIX_TARGETS[target].scipyLabel,
    entries: values.length,
  };
}

/** The coordinates as a tf tensor's `indices.dataSync()` holds them (TfSparseTensor's route). */
function flatIndices(t: Triplets): Int32Array {
  const flat = new Int32Array(2 * t.rows.length);
  for (let k = 0; k < t.rows.length; k++) {
    flat[2 * k] = t.rows[k] as number;
    flat[2 * k + 1] = t.cols[k] as number;
  }
  return flat;
}

function constructionCase(
  size: Size,
  form: CoordinateForm = 'tuples',
  target: MatrixTarget = 'CSR',
): BenchCase {
  const { ours, expr, scipyLabel, entries } = construction(size, form, target);
  return againstScipy({
    name: `fromCoordinates -> ${target}, ${size.label}, entries in random order${form === 'tuples' ? '' : `, coordinates as a ${form}`}`,
    items: entries,
    ours,
    expr,
    scipyLabel,
    goal: '<= 1.5x scipy',
    rounds: 5,
  });
}

/**
 * How much longer ten times the entries take, for tilekit and for scipy (linear: 10x), the
 * four builds interleaved in one measurement.
 */
async function linearity(small: Size, large: Size): Promise<Record<string, string>> {
  const [a, b] = [construction(small), construction(large)];
  const { ratios } = await runCase({
    name: 'linearity',
    ours: a.ours,
    baselines: [
      { label: 'tilekit, 10x', fn: b.ours.fn },
      ...(scipy === undefined
        ? []
        : [scipy.baseline('scipy', a.expr), scipy.baseline('scipy, 10x', b.expr)]),
    ],
    rounds: 5,
  });
  const growth = (ratio: number) => `${ratio.toFixed(1)}x (linear: 10x)`;
  return {
    'tilekit, time for 10x the entries': growth(ratios[0] as number),
    ...(scipy === undefined
      ? {}
      : {
          'scipy, time for 10x the entries': growth((ratios[2] as number) / (ratios[1] as number)),
        }),
  };
}

function convertCases(size: Size): BenchCase[] {
  const csr = tilekitMatrix(size.triplets);
  const csc = csr.convert('CSC');
  const coo = csr.convert('COO');
  const copy = tilekitMatrix(size.triplets);
  let turn = 0;
  const nnz = csr.nnz;
  const convert = (from: SparseTensor, to: FormatSpec, label: string) => ({
    label,
    fn: () => from.convert(to),
  });
  // Each conversion: the source, its variable's name, the target format, scipy's expression.
  const conversions = [
    [csr, 'csr', 'CSC', `${size.name}.tocsc()`],
    [csc, 'csc', 'CSR', `${size.name}_csc.tocsr()`],
    [csr, 'csr', 'COO', `${size.name}.tocoo()`],
    [coo, 'coo', 'CSR', `${size.name}_coo.tocsr()`],
  ] as const;
  return [
    ...conversions.map(([from, variable, to, expr]) =>
      againstScipy({
        name: `convert ${variable.toUpperCase()} -> ${to}, ${size.label}`,
        items: nnz,
        ours: convert(from, to, `${variable}.convert('${to}')`),
        expr,
        goal: '<= 1.5x scipy',
      }),
    ),
    againstScipy({
      // The transposition keeps a tensor's arrays in the engine's memory from one conversion
      // to the next; this row converts two equal tensors in turn, so neither is kept.
      name: `convert CSR -> CSC, ${size.label}, two equal tensors in turn (neither kept in the engine's memory)`,
      items: nnz,
      ours: {
        label: "[csr, copy][k % 2].convert('CSC')",
        fn: () => {
          turn ^= 1;
          return (turn === 0 ? csr : copy).convert('CSC');
        },
      },
      expr: `${size.name}.tocsc()`,
      goal: '<= 1.5x scipy',
    }),
    againstScipy({
      name: `transpose stored as CSR, ${size.label}`,
      items: nnz,
      ours: { label: "csr.transpose().convert('CSR')", fn: () => csr.transpose().convert('CSR') },
      expr: `${size.name}.T.tocsr()`,
      goal: '<= 1.2x scipy',
    }),
    againstScipy({
      name: `convert CSR -> DCSR, ${size.label} (scipy has no DCSR: its CSR copy)`,
      items: nnz,
      ours: convert(csr, 'DCSR', "csr.convert('DCSR')"),
      expr: `${size.name}.tocsr(copy=True)`,
      goal: '<= 1.5x scipy',
    }),
  ];
}

/**
 * `TfSparseTensor.fromCoordinates` from an int32 indices tensor and a float32 values tensor
 * (tfjs's cpu backend: read, built on the host, uploaded), against scipy's build of the same
 * float32 triplets. The timed call disposes the tensor it built.
 */
function tfConstructionCase(size: Size): BenchCase {
  const t = size.triplets;
  const indices = tf.tensor2d(flatIndices(t), [t.rows.length, 2], 'int32');
  const values = tf.tensor1d(Float32Array.from(t.values), 'float32');
  const build = () => TfSparseTensor.fromCoordinates(indices, values, t.shape, 'CSR');
  return againstScipy({
    name: `TfSparseTensor.fromCoordinates -> CSR (float32, tfjs cpu backend), ${size.label}, entries in random order`,
    items: t.rows.length,
    ours: {
      label: "TfSparseTensor.fromCoordinates(indices, values, shape, 'CSR'), then dispose()",
      fn: () => build().dispose(),
    },
    check: async () => {
      const built = build();
      const host = await built.toSparseTensor();
      built.dispose();
      return host;
    },
    expr: `sp.coo_matrix((${size.name}_v32, (${size.name}_r, ${size.name}_c)), shape=(${t.shape.join(', ')})).tocsr()`,
    scipyLabel: 'coo_matrix((v32, (r, c))).tocsr() (float32 values)',
    goal: '<= 1.5x scipy',
    rounds: 5,
  });
}

const CSF_MODE_ORDER = {
  levels: ['compressed', 'compressed', 'compressed'],
  order: [2, 0, 1],
} as const;

/**
 * Rank-3 builds and conversions, against scipy's COO array of any rank (its only rank-3
 * format, canonical once `sum_duplicates` sorted it lexicographically): `fromCoordinates`
 * into CSF and COO against the canonical build; CSF into the mode order (2, 0, 1) against
 * `transpose((2, 0, 1))` made canonical (checked through the inverse transpose, which keeps
 * the stored order). scipy has no CSF: CSF to COO and back go against the same entries'
 * mode-0 unfolding (the matrix of rows i and columns (j, k), the way tensor codes hand a
 * tensor to matrix libraries) going from CSR to COO and back, the same move between levels
 * with one compressed level fewer.
 */
function tensorCases(size: TensorSize): BenchCase[] {
  const { shape, coords, values: valueArray } = size.lists;
  const nnz = valueArray.length;
  const coordinates = Array.from({ length: nnz }, (_, k) => coords.map((c) => c[k] as number));
  const values = Array.from(valueArray);
  const csf = SparseTensor.fromCoordinates(coordinates, values, shape, 'CSF', F64);
  const coo = csf.convert('COO');
  const arrays = coords.map((_, d) => `${size.name}_${d}`).join(', ');
  const build = `canonical(sp.coo_array((${size.name}_v, (${arrays})), shape=(${shape.join(', ')})))`;
  const builds = (['CSF', 'COO'] as const).map((target) =>
    againstScipy({
      name: `fromCoordinates -> ${target}, ${size.label}, entries in random order`,
      items: nnz,
      ours: {
        label: `SparseTensor.fromCoordinates(tuples, values, shape, '${target}')`,
        fn: () => SparseTensor.fromCoordinates(coordinates, values, shape, target, F64),
      },
      expr: build,
      scipyLabel: 'coo_array((v, (i, j, k))) + sum_duplicates()',
      goal: '<= 1.5x scipy',
      rounds: 5,
    }),
  );
  // Both directions against the same move between the two levels of the mode-0 unfolding.
  const levelChanges = [
    [csf, 'csf', 'COO', `${size.name}_unfolded.tocoo()`, 'tocoo()'],
    [coo, 'coo', 'CSF', `${size.name}_unfolded_coo.tocsr()`, 'tocsr() of its COO'],
  ] as const;
  return [
    ...builds,
    againstScipy({
      name: `convert CSF -> CSF in mode order (2, 0, 1), ${size.label}`,
      items: nnz,
      ours: {
        label: 'csf.convert({levels: [compressed x3], order: [2, 0, 1]})',
        fn: () => csf.convert(CSF_MODE_ORDER),
      },
      expr: `canonical(${size.name}.transpose((2, 0, 1)))`,
      checkExpr: `canonical(${size.name}.transpose((2, 0, 1))).transpose((1, 2, 0))`,
      scipyLabel: 'transpose((2, 0, 1)) + sum_duplicates()',
      goal: '<= 1.5x scipy',
      rounds: 5,
    }),
    ...levelChanges.map(([from, variable, to, expr, what]) =>
      againstScipy({
        name: `convert ${variable.toUpperCase()} -> ${to}, ${size.label}`,
        items: nnz,
        ours: { label: `${variable}.convert('${to}')`, fn: () => from.convert(to) },
        expr,
        checkExpr: size.name,
        scipyLabel: `(scipy has no CSF) the mode-0 unfolding, i x (j, k), as CSR: ${what}`,
        goal: '<= 1.5x scipy',
      }),
    ),
  ];
}

/** Loads a rank-3 tensor's coordinates into the worker and binds its name to the canonical COO. */
async function scipyTensor(worker: ScipyWorker, size: TensorSize): Promise<void> {
  const { shape, coords, values } = size.lists;
  for (const [d, c] of coords.entries()) await worker.load(`${size.name}_${d}`, c);
  await worker.load(`${size.name}_v`, values);
  const arrays = coords.map((_, d) => `${size.name}_${d}`).join(', ');
  await worker.define(
    size.name,
    `canonical(sp.coo_array((${size.name}_v, (${arrays})), shape=(${shape.join(', ')})))`,
  );
  const [, cols, depth] = shape as [number, number, number];
  await worker.define(
    `${size.name}_unfolded`,
    `sp.coo_matrix((${size.name}_v, (${size.name}_0, ${size.name}_1.astype(np.int64) * ${depth} + ${size.name}_2)), shape=(${shape[0]}, ${cols * depth})).tocsr()`,
  );
  await worker.define(`${size.name}_unfolded_coo`, `${size.name}_unfolded.tocoo()`);
}

export default defineBenchSuite({
  name: `sparse: construction and conversion vs ${SCIPY || 'scipy.sparse (unavailable)'} (f64, one core)`,
  async setup() {
    if (scipy === undefined) return;
    for (const size of [...SIZES, TENFOLD]) {
      await scipyMatrix(scipy, size.name, size.triplets);
      await scipy.define(`${size.name}_csc`, `${size.name}.tocsc()`);
      await scipy.define(`${size.name}_coo`, `${size.name}.tocoo()`);
    }
    for (const size of SIZES) {
      await scipy.load(`${size.name}_v32`, Float32Array.from(size.triplets.values));
    }
    // sum_duplicates sorts and sums in place and answers None: this hands the array back.
    await scipy.define('canonical', 'lambda a: (a.sum_duplicates(), a)[1]');
    for (const size of TENSORS) await scipyTensor(scipy, size);
    for (const check of checks) await check();
  },
  async teardown() {
    await scipy?.close();
  },
  cases: [
    ...SIZES.map((size) => constructionCase(size)),
    ...SIZES.map((size) => constructionCase(size, 'flat Int32Array')),
    ...SIZES.flatMap((size) =>
      (['CSC', 'COO', 'DCSR'] as const).map((target) => constructionCase(size, 'tuples', target)),
    ),
    ...SIZES.map(tfConstructionCase),
    { ...constructionCase(TENFOLD), extra: () => linearity(SIZES[0], TENFOLD) },
    ...SIZES.flatMap(convertCases),
    ...TENSORS.flatMap(tensorCases),
  ],
});
