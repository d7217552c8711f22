/**
 * Empty tiles, the same for both ops on the cpu and wasm backends: an index tile with no rows or
 * no columns (alone or in a batch, 1-D under `target: 'general'`) is accepted by `tscatter` and
 * `tgather` alike. `tscatter` writes nothing (zeros of `dstShape`), `tgather` reads nothing (an
 * empty output of the index tile's shape by default, zeros of a `dstShape` passed), and their
 * gradients are zeros of the source's shape; no tensor leaks. A `dstShape` the caller passes
 * must have rows and columns, for both ops alike.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KernelArgumentError, tgather, tscatter } from '../../src/index.js';
import { sizeFromShape } from '../../src/util/shape-size.js';
import { type BackendName, exactValues, tf, useBackend } from './support/backends.js';

type Target = 'general' | 'any' | 'a2a3';

/** One call's tensors and options: `idx` empty, `src` and the destination covering it. */
interface EmptyCase {
  readonly target: Target;
  readonly dtype: 'float32' | 'int32';
  readonly srcShape: number[];
  readonly idxShape: number[];
  readonly dstShape: number[];
}

/** Row lengths of 32 bytes (what PTO targets require of 4-byte data), or none. */
const columns = fc.constantFrom(0, 8, 16);

const emptyCase: fc.Arbitrary<EmptyCase> = fc
  .record({
    target: fc.constantFrom<Target>('general', 'any', 'a2a3'),
    dtype: fc.constantFrom<'float32' | 'int32'>('float32', 'int32'),
    form: fc.constantFrom('tile', 'batch', 'flat'),
    batch: fc.integer({ min: 0, max: 3 }),
    srcRows: fc.integer({ min: 0, max: 4 }),
    srcCols: columns,
    // At least one of the index tile's extents is 0.
    idxExtents: fc.oneof(
      fc.tuple(fc.constant(0), columns),
      fc.tuple(fc.integer({ min: 0, max: 4 }), fc.constant(0)),
    ),
    dstRows: fc.integer({ min: 1, max: 4 }),
    dstCols: fc.constantFrom(8, 16),
  })
  .map(({ target, dtype, form, batch, idxExtents, ...extents }) => {
    const [idxRows, idxCols] = idxExtents;
    // The valid region (the whole index tile by default) must fit the tiles it pairs with.
    const srcRows = Math.max(extents.srcRows, idxRows);
    const srcCols = Math.max(extents.srcCols, idxCols);
    const dstRows = Math.max(extents.dstRows, idxRows);
    const dstCols = Math.max(extents.dstCols, idxCols);
    if (form === 'flat') {
      // 1-D tiles are one row, under 'general' only.
      return {
        target: 'general',
        dtype,
        srcShape: [srcCols],
        idxShape: [idxCols === 0 || idxRows === 0 ? 0 : idxCols],
        dstShape: [dstCols],
      };
    }
    const lead = form === 'batch' ? [batch] : [];
    return {
      target,
      dtype,
      srcShape: [...lead, srcRows, srcCols],
      idxShape: [...lead, idxRows, idxCols],
      dstShape: [...lead, dstRows, dstCols],
    };
  });

const zeros = (shape: readonly number[]) => new Array<number>(sizeFromShape(shape)).fill(0);

/** Runs `run` on the active backend: its output's shape, dtype and values; no tensor may leak. */
function outcome(run: () => tf.Tensor): { shape: number[]; dtype: string; values: number[] } {
  const before = tf.memory().numTensors;
  const out = tf.tidy(run);
  const result = { shape: out.shape, dtype: out.dtype, values: exactValues(out) };
  out.dispose();
  expect(tf.memory().numTensors).toBe(before);
  return result;
}

describe.each<BackendName>(['cpu', 'wasm'])('empty index tiles on %s', (backend) => {
  it('tscatter and tgather accept the same empty tiles: nothing written, nothing read', async () => {
    await useBackend(backend);
    fc.assert(
      fc.property(emptyCase, (c) => {
        const src = () =>
          tf.tensor(
            Array.from({ length: sizeFromShape(c.srcShape) }, (_, k) => k + 1),
            c.srcShape,
            c.dtype,
          );
        const idx = () => tf.tensor([], c.idxShape, 'int32');
        const options = { target: c.target };
        const flatDst = c.srcShape.length === 1 ? c.dstShape : c.dstShape.slice(-2);
        const dstShape = c.srcShape.length === 3 ? c.dstShape : flatDst;
        expect(outcome(() => tscatter(src(), idx(), { ...options, dstShape }))).toEqual({
          shape: dstShape,
          dtype: c.dtype,
          values: zeros(dstShape),
        });
        expect(outcome(() => tgather(src(), idx(), options))).toEqual({
          shape: c.idxShape,
          dtype: c.dtype,
          values: [],
        });
        expect(outcome(() => tgather(src(), idx(), { ...options, dstShape }))).toEqual({
          shape: dstShape,
          dtype: c.dtype,
          values: zeros(dstShape),
        });
        if (c.dtype === 'float32') {
          const ofSrc = { shape: c.srcShape, dtype: 'float32', values: zeros(c.srcShape) };
          // Cotangents of ones: a wrong route would show as non-zero gradients.
          const scatterGrad = () =>
            tf.grad((s: tf.Tensor) => tscatter(s, idx(), { ...options, dstShape }))(
              src(),
              tf.ones(dstShape),
            );
          const gatherGrad = () =>
            tf.grad((s: tf.Tensor) => tgather(s, idx(), options))(src(), tf.ones(c.idxShape));
          expect(outcome(scatterGrad)).toEqual(ofSrc);
          expect(outcome(gatherGrad)).toEqual(ofSrc);
        }
      }),
      { seed: 3412, numRuns: 150 },
    );
  });

  it('a dstShape passed without rows or columns is rejected by both ops, naming dstShape', async () => {
    await useBackend(backend);
    for (const dstShape of [
      [0, 8],
      [2, 0],
    ]) {
      const src = tf.ones([2, 8]);
      const idx = tf.tensor([], [0, 8], 'int32');
      const before = tf.memory().numTensors;
      for (const call of [
        () => tscatter(src, idx, { dstShape }),
        () => tgather(src, idx, { dstShape }),
      ]) {
        const error = (() => {
          try {
            call();
          } catch (caught) {
            return caught;
          }
          return null;
        })();
        expect(error).toBeInstanceOf(KernelArgumentError);
        expect((error as KernelArgumentError).argument).toMatch(/^dstShape/);
        expect(tf.memory().numTensors).toBe(before);
      }
      tf.dispose([src, idx]);
    }
  });
});
