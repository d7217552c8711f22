/**
 * The GPU tile kernels scan a tensor's index (and narrow-typed data) values once per `dataId`
 * and check: a passed check is remembered, a failed one throws on every call, and another
 * region, size or type is checked afresh. tfjs never changes the values behind a `dataId`, so
 * the tests show the memo by changing them behind the kernel's back: a remembered check stays
 * passed, while the same values under a new `dataId` are scanned and rejected.
 */
import type { BackendValues, TensorInfo } from '@tensorflow/tfjs-core';
import { thrownBy } from '@tilekit/test-support/thrown-by';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkOnce } from '../src/gpu/passed-checks.js';
import { checkTileData, type ValueAccess } from '../src/gpu/tile-data.js';
import { tileGeometry } from '../src/impl/tile-geometry.js';
import type { TScatterAttrs } from '../src/kernel-names.js';

/** CPU-held values by tensor, as a backend with both copies would give them. */
function access(values: Map<TensorInfo, BackendValues>): ValueAccess {
  return {
    onCpu: (t) => values.get(t) ?? null,
    read: (t) => values.get(t) as BackendValues,
  };
}

const info = (shape: number[], dtype: 'int32' | 'float32'): TensorInfo => ({
  dataId: {},
  shape,
  dtype,
});

describe('checkOnce', () => {
  it('runs a check until it passes once per data and key', () => {
    const dataId = {};
    let runs = 0;
    const passing = () => {
      runs += 1;
    };
    checkOnce(dataId, 'a', passing);
    checkOnce(dataId, 'a', passing);
    expect(runs).toBe(1);
    checkOnce(dataId, 'b', passing);
    checkOnce({}, 'a', passing);
    expect(runs).toBe(3);
    let failures = 0;
    for (let k = 0; k < 3; k++) {
      expect(() =>
        checkOnce(dataId, 'c', () => {
          failures += 1;
          throw new RangeError('no');
        }),
      ).toThrow(RangeError);
    }
    expect(failures).toBe(3);
  });
});

describe('checkTileData remembers the checks a tensor passed', () => {
  it('gives every call the outcome of a fresh scan, and scans passed data once', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.integer({ min: -3, max: 45 }), { minLength: 36, maxLength: 36 }),
        (rows, cols, slots, offsets) => {
          const values = Int32Array.from(offsets.slice(0, rows * cols));
          const src = info([rows, cols], 'float32');
          const idx = info([rows, cols], 'int32');
          const held = new Map<TensorInfo, BackendValues>([
            [src, new Float32Array(rows * cols)],
            [idx, values],
          ]);
          const attrs: TScatterAttrs = {
            dstShape: [1, slots],
            validRow: rows,
            validCol: cols,
            elementType: 'f32',
            indexType: 's32',
            bounds: 'error',
            mode: 'assign',
          };
          const g = tileGeometry(src.shape, idx.shape, attrs.dstShape, rows, cols);
          const call = () => checkTileData('tscatter', access(held), { src, idx, attrs, g }, slots);
          const outside = [...values].findIndex((k) => k < 0 || k >= slots);
          for (let k = 0; k < 3; k++) {
            const error = thrownBy(call);
            if (outside < 0) expect(error).toBeUndefined();
            else expect((error as Error).name).toBe('TileIndexError');
          }
          if (outside >= 0) return;
          // Passed once: the same data is not scanned again, even with values it would refuse.
          values[0] = slots;
          expect(thrownBy(call)).toBeUndefined();
          // A smaller destination is another check; so is the same values under a new dataId.
          expect(
            (
              thrownBy(() =>
                checkTileData('tscatter', access(held), { src, idx, attrs, g }, 0),
              ) as Error
            ).name,
          ).toBe('TileIndexError');
          const fresh = { ...idx, dataId: {} };
          held.set(fresh, values);
          expect(
            (
              thrownBy(() =>
                checkTileData('tscatter', access(held), { src, idx: fresh, attrs, g }, slots),
              ) as Error
            ).name,
          ).toBe('TileIndexError');
        },
      ),
      { numRuns: 300 },
    );
  });
});
