/**
 * The storage options a sparse tensor is built with, each list in full, for the tests that go
 * through every one of them.
 */
import type { StorageWidth, ValueDType } from '../../src/index.js';

/** Every position and coordinate width. */
export const STORAGE_WIDTHS: readonly StorageWidth[] = [8, 16, 32, 64, 'index'];

/** Every value dtype. */
export const VALUE_DTYPES: readonly ValueDType[] = ['float32', 'float64', 'int32', 'int64'];
