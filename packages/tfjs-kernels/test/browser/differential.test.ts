/**
 * Differential test: the same random calls on the `cpu` and `webgl` backends (both registered in
 * this page) must agree bit for bit, ≥ 300 cases per op: dtypes, layouts of ranks 1..6 with
 * repeated and combined tiles and tail padding, pad values, float specials, int32 beyond the
 * float-exact range (CPU route), duplicate and out-of-range offsets, batches, valid regions,
 * indices on the CPU or only on the GPU. Every WebGL call must also balance tensors, data ids
 * and textures.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectBalanced } from './support/accounting.js';
import { type BackendName, exactValues, type tf, useBackend } from './support/backends.js';
import { layoutText } from './support/layout_arbitrary.js';
import { type LayoutCase, type LayoutDtype, runLayoutCase } from './support/layout_cases.js';
import {
  gatherAttrs,
  type IndexResidence,
  runTileCase,
  scatterAttrs,
  type TileCase,
} from './support/tile_cases.js';
import { onWebgl2 } from './support/webgl_setup.js';

onWebgl2();

const RUNS = 300;

/** Runs `run` on a backend and returns the output's exact values (and shape). */
async function on(
  backend: BackendName,
  run: () => tf.Tensor,
): Promise<{ shape: number[]; values: number[] }> {
  await useBackend(backend);
  const measure = async () => {
    const out = run();
    const result = { shape: out.shape, values: await exactValues(out) };
    out.dispose();
    return result;
  };
  return backend === 'webgl' ? expectBalanced(measure) : measure();
}

/** Float32 values with the specials that data movement must keep: -0, NaN, ±Inf, subnormals. */
const float32Value = fc.oneof(
  { weight: 8, arbitrary: fc.float({ noDefaultInfinity: false }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      -0,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      1e-45,
      -3e-39,
    ),
  },
);

/** int32 values, mostly within ±2^24 (GPU path), sometimes beyond (the CPU route). */
function int32Values(length: number): fc.Arbitrary<number[]> {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.array(fc.integer({ min: -(2 ** 24), max: 2 ** 24 }), {
        minLength: length,
        maxLength: length,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), {
        minLength: length,
        maxLength: length,
      }),
    },
  );
}

function valuesOf(dtype: LayoutDtype, length: number): fc.Arbitrary<number[]> {
  if (dtype === 'int32') return int32Values(length);
  const value = dtype === 'bool' ? fc.integer({ min: 0, max: 1 }) : float32Value;
  return fc.array(value, { minLength: length, maxLength: length });
}

function padOf(dtype: LayoutDtype): fc.Arbitrary<number> {
  if (dtype === 'bool') return fc.integer({ min: 0, max: 1 });
  if (dtype === 'int32') return fc.integer({ min: -(2 ** 25), max: 2 ** 25 });
  return float32Value.map(Math.fround);
}

/** A random relayout-family call; dims shrink with rank to keep tensors small. */
function layoutCase(op: LayoutCase['op']): fc.Arbitrary<LayoutCase> {
  return fc
    .record({
      dtype: fc.constantFrom<LayoutDtype>('float32', 'int32', 'bool'),
      rank: fc.integer({ min: 1, max: 6 }),
    })
    .chain(({ dtype, rank }) =>
      fc
        .array(fc.integer({ min: 1, max: rank <= 3 ? 9 : 4 }), { minLength: rank, maxLength: rank })
        .chain((dims) =>
          fc.record({
            op: fc.constant(op),
            dtype: fc.constant(dtype),
            dims: fc.constant(dims),
            values: valuesOf(
              dtype,
              dims.reduce((a, b) => a * b, 1),
            ),
            layout: layoutText(rank),
            to: layoutText(rank),
            padValue: padOf(dtype),
          }),
        ),
    );
}

describe('webgl agrees with cpu bit for bit (relayout family)', () => {
  for (const op of ['relayout', 'unrelayout', 'convertLayout'] as const) {
    it(`${op}: ${RUNS} random cases`, async () => {
      await fc.assert(
        fc.asyncProperty(layoutCase(op), async (c) => {
          const cpu = await on('cpu', () => runLayoutCase(c));
          const webgl = await on('webgl', () => runLayoutCase(c));
          expect(webgl).toEqual(cpu);
        }),
        { seed: 42, numRuns: RUNS },
      );
    });
  }
});

/** A random TSCATTER/TGATHER call (4-byte data, rows 32-byte aligned as PTO requires). */
function tileCase(
  kernel: TileCase['kernel'],
): fc.Arbitrary<{ c: TileCase; residence: IndexResidence }> {
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
      combine: fc.constantFrom('first' as const, 'second' as const),
      residence: fc.constantFrom<IndexResidence>('cpu', 'gpu'),
    })
    .chain((g) => {
      const lead = g.batch === 0 ? [] : [g.batch];
      const tiles = Math.max(1, g.batch);
      const addressed = kernel === 'TScatter' ? g.dstRows * g.dstCols : g.srcRows * g.srcCols;
      const region = kernel === 'TScatter' ? [g.idxRows, g.srcRows] : [g.idxRows, g.dstRows];
      const regionCols = kernel === 'TScatter' ? [g.idxCols, g.srcCols] : [g.idxCols, g.dstCols];
      const srcSize = tiles * g.srcRows * g.srcCols;
      const idxSize = tiles * g.idxRows * g.idxCols;
      return fc.record({
        c: fc.record({
          kernel: fc.constant(kernel),
          dtype: fc.constant(g.dtype),
          src: valuesOf(g.dtype, srcSize).map((values) => ({
            shape: [...lead, g.srcRows, g.srcCols],
            values,
          })),
          // A small range forces duplicates; -2 and addressed + 2 fall outside (skipped).
          idx: fc
            .array(fc.integer({ min: -2, max: addressed + 1 }), {
              minLength: idxSize,
              maxLength: idxSize,
            })
            .map((values) => ({ shape: [...lead, g.idxRows, g.idxCols], values })),
          attrs: fc
            .record({
              validRow: fc.integer({ min: 0, max: Math.min(...region) }),
              validCol: fc.integer({ min: 0, max: Math.min(...regionCols) }),
            })
            .map(({ validRow, validCol }) => {
              const overrides = {
                validRow,
                validCol,
                elementType: g.dtype === 'int32' ? 's32' : 'f32',
              } as const;
              const dst: [number, number] = [g.dstRows, g.dstCols];
              const idxShape = [g.idxRows, g.idxCols];
              return kernel === 'TScatter'
                ? scatterAttrs(dst, idxShape, {
                    ...overrides,
                    mode: g.combine === 'first' ? 'assign' : 'add',
                  })
                : gatherAttrs(dst, idxShape, {
                    ...overrides,
                    select: g.combine === 'first' ? 'all' : 'lastWriter',
                  });
            }),
        }) as fc.Arbitrary<TileCase>,
        residence: fc.constant(g.residence),
      });
    });
}

describe('webgl agrees with cpu bit for bit (TSCATTER / TGATHER)', () => {
  for (const kernel of ['TScatter', 'TGather'] as const) {
    it(`${kernel}: ${RUNS} random cases (assign/add, all/lastWriter, batches, duplicates)`, async () => {
      await fc.assert(
        fc.asyncProperty(tileCase(kernel), async ({ c, residence }) => {
          const cpu = await on('cpu', () => runTileCase(c));
          const webgl = await on('webgl', () => runTileCase(c, residence));
          expect(webgl).toEqual(cpu);
        }),
        { seed: 42, numRuns: RUNS },
      );
    });
  }
});
