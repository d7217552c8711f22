/** The output-storage code the compiler gives with its kernels (see output-storage-hook.ts). */
import {
  allocateOutputStorageWith,
  bindOutputStorage,
  fitsCapacity,
  neededEntries,
  outputArgument,
  outputTensor,
  withCurrentViews,
} from './output-storage.js';
import type { OutputStorageWork } from './output-storage-hook.js';

export const OUTPUT_STORAGE_WORK: OutputStorageWork = Object.freeze({
  allocateOutputStorageWith,
  bindOutputStorage,
  fitsCapacity,
  neededEntries,
  outputArgument,
  outputTensor,
  withCurrentViews,
});
