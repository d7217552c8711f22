/**
 * The loops of a `scatter` output (planning/counting-scatter.ts): a matrix in a pointers form
 * (`[dense, compressed]`) transposed into the same form over the other level order, by a
 * counting sort over the operand's own storage, as scipy's `csr_tocsc` does:
 *
 * 1. count the entries of each output row (an operand column) one place up, at `pos[c + 1]`;
 * 2. turn the counts into row starts in place (an exclusive running sum, still one place up:
 *    `pos[c + 1]` is where row `c` begins);
 * 3. walk the operand's rows in order and move each entry to the next free place of its
 *    output row, advancing `pos[c + 1]`, which ends at row `c`'s end: the start of row
 *    `c + 1`, so the output positions are complete and each row holds its coordinates in
 *    increasing order.
 *
 * The output holds exactly the operand's stored entries, so the room needed is known before
 * anything is written: the state's entry count is set, and a call whose arrays are too short
 * writes nothing else (the caller grows them and calls again, as for any assembled output).
 */
import type { Value } from '@tilekit/loop-ir';
import type { AssemblyPlan } from '../planning/output-plan.js';
import { AssemblyState, COUNT, outputKeys } from './assembly-state.js';
import { loadIndex } from './emit-context.js';
import type { KernelEntry } from './kernel-entry.js';

/** Emits the counting scatter of `plan`'s only operand into its output. */
export function emitCountingScatter(plan: AssemblyPlan, entry: KernelEntry): void {
  const b = entry.top;
  const ctx = entry.assemblyContext();
  const operand = plan.operands[0];
  if (operand === undefined) throw new Error('a counting scatter reads one operand');
  const state = new AssemblyState(ctx);
  const [rowIndex, columnIndex] = operand.levelIndices as [string, string];
  const rows = ctx.size(rowIndex);
  const columns = ctx.size(columnIndex);
  const from = {
    positions: ctx.arg(`positions:${operand.name}:1`),
    coordinates: ctx.arg(`coordinates:${operand.name}:1`),
    values: ctx.arg(`values:${operand.name}`),
  };
  const to = {
    positions: ctx.arg(outputKeys.positions(1)),
    coordinates: ctx.arg(outputKeys.coordinates(1)),
    values: ctx.arg(outputKeys.values),
  };
  const c0 = ctx.c(0);
  const c1 = ctx.c(1);
  const first = loadIndex(b, from.positions, c0);
  const end = loadIndex(b, from.positions, rows);
  const entries = b.subi(end, first);
  state.store(b, c0, 0, COUNT);
  state.store(b, entries, 1, COUNT);
  const positionCount = b.addi(columns, c1);
  const fits = [
    b.cmpi('ule', positionCount, ctx.length(to.positions)),
    b.cmpi('ule', entries, ctx.length(to.coordinates)),
    b.cmpi('ule', entries, ctx.length(to.values)),
  ].reduce((all, x) => b.binary('arith.andi', all, x));
  b.ifOp(fits, [], (tb) => {
    // The caller's arrays may hold an earlier call's positions.
    tb.forOp(c0, positionCount, c1, [], (fb, q) => {
      state.storeIndex(fb, c0, to.positions, q as Value);
      return [];
    });
    // Every store is guarded by its array's length (the engines do not bounds-check): a
    // storage view whose coordinates or positions are out of range gets a wrong result, and
    // nothing outside the output's arrays is written.
    tb.forOp(first, end, c1, [], (fb, p) => {
      const above = fb.addi(loadIndex(fb, from.coordinates, p as Value), c1);
      const count = fb.addi(loadIndex(fb, to.positions, above), c1);
      state.guardedStore(fb, count, to.positions, above, true);
      return [];
    });
    tb.forOp(c0, columns, c1, [c0], (fb, c, start) => {
      const above = fb.addi(c as Value, c1);
      const count = loadIndex(fb, to.positions, above);
      state.storeIndex(fb, start as Value, to.positions, above);
      return [fb.addi(start as Value, count)];
    });
    tb.forOp(c0, rows, c1, [], (rb, i) => {
      const lo = loadIndex(rb, from.positions, i as Value);
      const hi = loadIndex(rb, from.positions, rb.addi(i as Value, c1));
      rb.forOp(lo, hi, c1, [], (fb, p) => {
        const above = fb.addi(loadIndex(fb, from.coordinates, p as Value), c1);
        const at = loadIndex(fb, to.positions, above);
        state.guardedStore(fb, fb.addi(at, c1), to.positions, above, true);
        state.guardedStore(fb, i as Value, to.coordinates, at, true);
        state.guardedStore(fb, fb.load(from.values, [p as Value]), to.values, at);
        return [];
      });
      return [];
    });
    return [];
  });
}
