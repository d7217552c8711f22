/**
 * The storage options a sparse tensor is built with, each list in full, for the tests that go
 * through every one of them.
 */
import type { StorageWidth, ValueDType } from '../../src/index.js';

/** Every position and coordinate width. */
export const STORAGE_WIDTHS: readonly StorageWidth[] = [8, 16, 32, 64, 'index'];

/** Every value dtype. */
export const VALUE_DTYPES: readonly ValueDType[] = ['float32', 'float64', 'int32', 'int64'];

/** The widths every position and coordinate of `count` entries inside `shape` fits. */
export function widthsFitting(shape: readonly number[], count: number): StorageWidth[] {
  const largest = Math.max(count, ...shape.map((n) => n - 1));
  return STORAGE_WIDTHS.filter((w) => typeof w !== 'number' || w > 32 || largest < 2 ** w);
}

/**
 * A source of position/coordinate width pairs: each call gives the next, cycling through
 * every pair, so a test that builds many tensors meets them all.
 */
export function widthPairs(): () => { posWidth: StorageWidth; crdWidth: StorageWidth } {
  let pick = 0;
  return () => {
    const k = pick++;
    const n = STORAGE_WIDTHS.length;
    return {
      posWidth: STORAGE_WIDTHS[k % n] as StorageWidth,
      crdWidth: STORAGE_WIDTHS[Math.floor(k / n) % n] as StorageWidth,
    };
  };
}
