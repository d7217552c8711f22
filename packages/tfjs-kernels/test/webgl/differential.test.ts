/**
 * Differential test: the same random calls on the `cpu` and `webgl` backends (both registered in
 * this page) must agree bit for bit, ≥ 300 cases per op: dtypes, layouts of ranks 1..6 with
 * repeated and combined tiles and tail padding, pad values, float specials, int32 beyond the
 * float-exact range (CPU route), duplicate and out-of-range offsets, batches, valid regions,
 * indices on the CPU or only on the GPU. Every WebGL call must also balance tensors, data ids
 * and textures.
 */
import { describeDifferential } from '../support/cross-backend/differential-suite.js';
import { onWebgl2 } from './support/webgl-setup.js';
import { webglTarget } from './support/webgl-target.js';

onWebgl2();

describeDifferential(webglTarget(42, 300));
