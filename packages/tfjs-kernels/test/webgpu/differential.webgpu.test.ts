/**
 * Differential test: the same random calls on the `cpu` and `webgpu` backends (both registered
 * in this page) must agree bit for bit, 300 cases per op: dtypes, layouts of ranks 1..6 with
 * repeated and combined tiles and tail padding, pad values, float specials, int32 over its whole
 * range, duplicate and out-of-range offsets, batches, valid regions, indices on the CPU or only
 * on the GPU. Every WebGPU call must also balance tensors and backend data ids. The suite body and
 * its random calls are every backend's (test/support/cross-backend/).
 */
import { describeDifferential } from '../support/cross-backend/differential-suite.js';
import { onWebgpu } from './support/backends.js';
import { webgpuTarget } from './support/webgpu-target.js';

onWebgpu();

describeDifferential(webgpuTarget(7, 300));
