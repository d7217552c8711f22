/**
 * Differential test: the same random calls on the `cpu` and `wasm` backends (both registered in
 * this process) agree bit for bit, 300 cases per op, through the suite every backend runs
 * (test/support/cross-backend/differential-suite.ts): dtypes float32/int32/bool, layouts of
 * ranks 1..6 with repeated and combined tiles and tail padding, float specials (-0, NaN, ±Inf,
 * subnormals), pad values, batches, valid regions, duplicate and out-of-range offsets, the
 * gradients' kernel forms (`mode: 'add'`, `select: 'lastWriter'`). Rejected calls must throw the
 * same error on both. Every call must leave the tensor count unchanged.
 */
import { describeDifferential } from '../support/cross-backend/differential-suite.js';
import { wasmTarget } from './support/wasm-target.js';

describeDifferential(wasmTarget(42, 300));
