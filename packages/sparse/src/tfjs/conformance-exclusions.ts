/**
 * The cases of `@tilekit/conformance`'s sparse suite that the tfjs sparse ops cannot run, on
 * every backend, and why. An excluded case still runs and must fail: the suite reports a stale
 * exclusion when it passes.
 */
import type { SparseConformanceExclusion } from '../conformance-exclusions.js';

const NO_FLOAT64 = 'tfjs tensors hold float32 or int32 values; the case computes in f64';
const NO_IN_PLACE =
  "'*=' multiplies the output by the stored entries of its right-hand side, in place (MLIR's " +
  'product reduction); a tfjs op returns a new tensor and has no output to update';

/** Sparse suite cases `tfjsSparseConformanceImpl` fails on every tfjs backend, and why. */
export const SPARSE_TFJS_CONFORMANCE_EXCLUSIONS: readonly SparseConformanceExclusion[] = [
  { case: 'sparse/spgemm/csr-csr-into-csr-f64', reason: NO_FLOAT64 },
  { case: 'sparse/mttkrp/csf-f64', reason: NO_FLOAT64 },
  { case: 'sparse/function/sqrt', reason: NO_FLOAT64 },
  { case: 'sparse/in-place/csr-times-scalar', reason: NO_IN_PLACE },
  { case: 'sparse/in-place/csr-times-csr', reason: NO_IN_PLACE },
  { case: 'sparse/reduction/product-all-i32', reason: NO_IN_PLACE },
];
