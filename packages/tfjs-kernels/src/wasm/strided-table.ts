/**
 * The strided form of a copy between two run tables, for the pairs a move plan does not cover
 * (a side with stride > 1): every logical stretch inside one run of each table, as quintuples
 * (t, tStride, f, fStride, length) in element units, which the move module's `strided` walks.
 */
import { forEachStretch } from '../relayout/move-plan.js';
import type { PhysicalRuns } from '../relayout/physical-runs.js';
import { memoizeOnPair } from '../util/weak-cache.js';

function build(toRuns: PhysicalRuns, fromRuns: PhysicalRuns): Int32Array {
  let count = 0;
  forEachStretch(toRuns, fromRuns, () => {
    count++;
  });
  const table = new Int32Array(count * 5);
  let k = 0;
  forEachStretch(toRuns, fromRuns, (t, f, length) => {
    table.set([t, toRuns.stride, f, fromRuns.stride, length], k);
    k += 5;
  });
  return table;
}

/**
 * The stretch quintuples copying a buffer laid out by `fromRuns` into one by `toRuns`, kept per
 * pair of table objects like move plans (the tables come from bounded caches).
 */
export const stridedTable: (toRuns: PhysicalRuns, fromRuns: PhysicalRuns) => Int32Array =
  memoizeOnPair(build);
