/**
 * Building and converting sparse matrices against scipy.sparse (C, one core), measured in the
 * same run by a Python worker (`@tilekit/bench/scipy`): `SparseTensor.fromCoordinates` from
 * `[row, col]` tuples in random order (and from a flat `Int32Array` of indices, what
 * `TfSparseTensor.fromCoordinates` reads of a tf tensor) against
 * `coo_matrix((v, (r, c))).tocsr()`, `convert` between CSR, CSC, COO and DCSR against
 * `tocsc`/`tocsr`/`tocoo` (COO -> CSR against a `tocoo()` copy's `tocsr()`), and a transpose
 * stored as CSR against `A.T.tocsr()`; CSR -> CSC also of two equal tensors in turn, since a
 * conversion keeps the tensor it converted in the wasm engine's memory for the next. f64, 32-bit positions and coordinates (tilekit's
 * default; scipy's int32 indices), one seed; 20000² at 0.01 % (40 k entries), 2000² at 5 %
 * (200 k) and, for linearity, 20000² with ten times the entries (400 k). Every case first checks once that both sides hold the same entries.
 */
import { type BenchCase, defineBenchSuite, runCase } from '@tilekit/bench';
import { openScipy } from '@tilekit/bench/scipy';
import { type FormatSpec, SparseTensor } from '../src/index.js';
import { expectSameAsScipy } from './scipy-agreement.js';
import {
  coordinateLists,
  scipyBuild,
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

const opening = await openScipy();
const scipy = opening.worker;
if (opening.reason !== undefined) {
  console.log(`scipy.sparse is unavailable, so only tilekit's side is measured: ${opening.reason}`);
}
const SCIPY = scipy === undefined ? '' : `scipy ${scipy.versions.scipy}`;

/** Checks made in the suite's setup, before anything is timed. */
const checks: (() => Promise<void>)[] = [];

/** One case: tilekit's `ours` beside scipy's `expr` (when scipy runs), checked equal first. */
function againstScipy(options: {
  name: string;
  items: number;
  ours: { readonly label: string; readonly fn: () => SparseTensor };
  expr: string;
  scipyLabel?: string;
  goal: string;
  rounds?: number;
}): BenchCase {
  if (scipy !== undefined) {
    checks.push(async () =>
      expectSameAsScipy(options.name, options.ours.fn(), await scipy.fetch(options.expr)),
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

/** `fromCoordinates` over the user's coordinates, and scipy's build of the same triplets. */
function construction(size: Size, form: CoordinateForm = 'tuples') {
  const { coordinates, values } = coordinateLists(size.triplets);
  const given = form === 'tuples' ? coordinates : flatIndices(size.triplets);
  const shape = size.triplets.shape;
  return {
    ours: {
      label: `SparseTensor.fromCoordinates(${form === 'tuples' ? 'tuples' : 'indices'}, values, shape, 'CSR')`,
      fn: () => SparseTensor.fromCoordinates(given, values, shape, 'CSR', F64),
    },
    expr: scipyBuild(size.name, size.triplets),
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

function constructionCase(size: Size, form: CoordinateForm = 'tuples'): BenchCase {
  const { ours, expr, entries } = construction(size, form);
  return againstScipy({
    name: `fromCoordinates -> CSR, ${size.label}, entries in random order${form === 'tuples' ? '' : `, coordinates as a ${form}`}`,
    items: entries,
    ours,
    expr,
    scipyLabel: 'coo_matrix((v, (r, c))).tocsr()',
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

export default defineBenchSuite({
  name: `sparse: construction and conversion vs ${SCIPY || 'scipy.sparse (unavailable)'} (f64, one core)`,
  async setup() {
    if (scipy === undefined) return;
    for (const size of [...SIZES, TENFOLD]) {
      await scipyMatrix(scipy, size.name, size.triplets);
      await scipy.define(`${size.name}_csc`, `${size.name}.tocsc()`);
      await scipy.define(`${size.name}_coo`, `${size.name}.tocoo()`);
    }
    for (const check of checks) await check();
  },
  async teardown() {
    await scipy?.close();
  },
  cases: [
    ...SIZES.map((size) => constructionCase(size)),
    ...SIZES.map((size) => constructionCase(size, 'flat Int32Array')),
    { ...constructionCase(TENFOLD), extra: () => linearity(SIZES[0], TENFOLD) },
    ...SIZES.flatMap(convertCases),
  ],
});
