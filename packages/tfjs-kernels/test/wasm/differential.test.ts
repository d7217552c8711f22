/**
 * Differential test: the same random calls on the `cpu` and `wasm` backends (both registered in
 * this process) agree bit for bit, 300 cases per op: dtypes float32/int32/bool, layouts of ranks
 * 1..5 with repeated and combined tiles and tail padding, float specials (-0, NaN payloads,
 * ±Inf, subnormals), pad values, batches, valid regions, duplicate and out-of-range offsets, the
 * gradients' kernel forms (`mode: 'add'`, `select: 'lastWriter'`). Rejected calls must throw the
 * same error on both. Every call must leave the tensor count unchanged.
 */
import { physicalElementCount } from '@tilekit/layout';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { convertLayout, relayout, TGather, TScatter, unrelayout } from '../../src/index.js';
import { shapeText } from '../../src/layout/shape-text.js';
import { sizeFromShape } from '../../src/util/shape-size.js';
import { layoutTextFor } from '../support/layout-arbitraries.js';
import { type BackendName, resultOn, tf } from './support/backends.js';

const RUNS = 300;

type Dtype = 'float32' | 'int32' | 'bool';

/** Float32 values with the specials data movement must keep, plus a NaN with a payload. */
const float32Value = fc.oneof(
  { weight: 8, arbitrary: fc.float({ noDefaultInfinity: false }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(-0, Number.NaN, Number.POSITIVE_INFINITY, -Infinity, 1e-45, -3e-39),
  },
);

const arbitraryValue: Record<Dtype, fc.Arbitrary<number>> = {
  float32: float32Value,
  int32: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
  bool: fc.integer({ min: 0, max: 1 }),
};

/** The outcome of a call: its result, or the error it threw. */
async function outcome(backend: BackendName, run: () => tf.Tensor) {
  try {
    return await resultOn(backend, run);
  } catch (error) {
    const e = error as Error;
    return { error: `${e.name}: ${e.message}` };
  }
}

/** Calls that produced a tensor (not an error) per test, so no test passes on errors alone. */
let produced = 0;

/** Runs `run` on both backends and expects identical outcomes. */
async function expectSameOnBoth(run: () => tf.Tensor): Promise<void> {
  const cpu = await outcome('cpu', run);
  const wasm = await outcome('wasm', run);
  expect(wasm).toEqual(cpu);
  if (!('error' in cpu)) produced++;
}

beforeEach(() => {
  produced = 0;
});

afterEach(() => {
  expect(produced).toBeGreaterThan(RUNS / 2);
});

interface LayoutCall {
  readonly dtype: Dtype;
  readonly dims: number[];
  readonly layout: string;
  readonly to: string;
  readonly padValue: number;
  readonly seed: number;
}

const layoutCall: fc.Arbitrary<LayoutCall> = fc
  .record({
    dtype: fc.constantFrom<Dtype>('float32', 'int32', 'bool'),
    rank: fc.integer({ min: 1, max: 5 }),
  })
  .chain(({ dtype, rank }) =>
    fc
      .array(fc.integer({ min: 1, max: rank <= 2 ? 12 : 4 }), { minLength: rank, maxLength: rank })
      .chain((dims) =>
        fc.record({
          dtype: fc.constant(dtype),
          dims: fc.constant(dims),
          layout: layoutTextFor(dims),
          to: layoutTextFor(dims),
          padValue: dtype === 'float32' ? float32Value.map(Math.fround) : arbitraryValue[dtype],
          seed: fc.integer({ min: 0, max: 2 ** 30 }),
        }),
      ),
  );

/** `count` values of the call's dtype from a seeded stream (specials included for float32). */
function valuesFor(c: LayoutCall, count: number): tf.TensorLike {
  const values = fc.sample(
    fc.array(arbitraryValue[c.dtype], { minLength: count, maxLength: count }),
    {
      seed: c.seed,
      numRuns: 1,
    },
  )[0]!;
  return values;
}

/** The physical element count of the call's tensor under `layout`, or 1 for a rejected layout. */
function physicalCount(c: LayoutCall, layout: string): number {
  try {
    return physicalElementCount(shapeText(c.dtype, c.dims, layout));
  } catch {
    return 1;
  }
}

const logicalCount = (c: LayoutCall) => sizeFromShape(c.dims);

describe('wasm agrees with cpu bit for bit (relayout family)', () => {
  it(`relayout: ${RUNS} random cases`, async () => {
    await fc.assert(
      fc.asyncProperty(layoutCall, (c) =>
        expectSameOnBoth(() =>
          relayout(tf.tensor(valuesFor(c, logicalCount(c)), c.dims, c.dtype), c.layout, {
            padValue: c.padValue,
          }),
        ),
      ),
      { seed: 42, numRuns: RUNS },
    );
  });

  it(`unrelayout: ${RUNS} random cases`, async () => {
    await fc.assert(
      fc.asyncProperty(layoutCall, (c) => {
        const n = physicalCount(c, c.layout);
        return expectSameOnBoth(() =>
          unrelayout(
            tf.tensor(valuesFor(c, n), [n], c.dtype),
            shapeText(c.dtype, c.dims, c.layout),
          ),
        );
      }),
      { seed: 43, numRuns: RUNS },
    );
  });

  it(`convertLayout: ${RUNS} random cases`, async () => {
    await fc.assert(
      fc.asyncProperty(layoutCall, (c) => {
        const n = physicalCount(c, c.layout);
        return expectSameOnBoth(() =>
          convertLayout(
            tf.tensor(valuesFor(c, n), [n], c.dtype),
            shapeText(c.dtype, c.dims, c.layout),
            c.to,
            { padValue: c.padValue },
          ),
        );
      }),
      { seed: 44, numRuns: RUNS },
    );
  });
});

/** A random TSCATTER/TGATHER kernel call (4-byte data, rows 32-byte aligned as PTO requires). */
function tileCall(kernel: typeof TScatter | typeof TGather) {
  return fc
    .record({
      batch: fc.integer({ min: 0, max: 3 }),
      srcRows: fc.integer({ min: 1, max: 6 }),
      srcCols: fc.constantFrom(8, 16, 24),
      idxRows: fc.integer({ min: 1, max: 6 }),
      idxCols: fc.constantFrom(8, 16),
      dstRows: fc.integer({ min: 1, max: 6 }),
      dstCols: fc.constantFrom(8, 16, 24),
      dtype: fc.constantFrom('float32' as const, 'int32' as const),
      second: fc.boolean(),
      bounds: fc.constantFrom('skip', 'skip', 'skip', 'error'),
    })
    .chain((g) => {
      const lead = g.batch === 0 ? [] : [g.batch];
      const tiles = Math.max(1, g.batch);
      const scatter = kernel === TScatter;
      const addressed = scatter ? g.dstRows * g.dstCols : g.srcRows * g.srcCols;
      const srcSize = tiles * g.srcRows * g.srcCols;
      const idxSize = tiles * g.idxRows * g.idxCols;
      return fc.record({
        src: fc.array(arbitraryValue[g.dtype], { minLength: srcSize, maxLength: srcSize }),
        // A small range forces duplicates; -2, -1 and addressed.. fall outside.
        idx: fc.array(fc.integer({ min: -2, max: addressed + 1 }), {
          minLength: idxSize,
          maxLength: idxSize,
        }),
        validRow: fc.integer({ min: 0, max: Math.min(g.idxRows, scatter ? g.srcRows : g.dstRows) }),
        validCol: fc.integer({ min: 0, max: Math.min(g.idxCols, scatter ? g.srcCols : g.dstCols) }),
        g: fc.constant({ ...g, lead }),
      });
    })
    .map(({ src, idx, validRow, validCol, g }) => ({
      src: { values: src, shape: [...g.lead, g.srcRows, g.srcCols], dtype: g.dtype },
      idx: { values: idx, shape: [...g.lead, g.idxRows, g.idxCols] },
      attrs: {
        dstShape: [g.dstRows, g.dstCols],
        validRow,
        validCol,
        elementType: g.dtype === 'int32' ? 's32' : 'f32',
        indexType: 's32',
        bounds: g.bounds,
        ...(kernel === TScatter
          ? { mode: g.second ? 'add' : 'assign' }
          : { select: g.second ? 'lastWriter' : 'all' }),
      },
    }));
}

describe('wasm agrees with cpu bit for bit (TSCATTER / TGATHER kernels)', () => {
  for (const kernel of [TScatter, TGather] as const) {
    it(`${kernel}: ${RUNS} random cases (assign/add, all/lastWriter, batches, duplicates, bounds)`, async () => {
      await fc.assert(
        fc.asyncProperty(tileCall(kernel), ({ src, idx, attrs }) =>
          expectSameOnBoth(() => {
            const s = tf.tensor(src.values, src.shape, src.dtype);
            const i = tf.tensor(idx.values, idx.shape, 'int32');
            return tf
              .engine()
              .runKernel(
                kernel,
                { src: s, idx: i } as unknown as tf.NamedTensorMap,
                attrs as unknown as tf.NamedAttrMap,
              ) as tf.Tensor;
          }),
        ),
        { seed: 45, numRuns: RUNS },
      );
    });
  }
});
