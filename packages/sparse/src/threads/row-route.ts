/**
 * Whether a kernel's rows can be computed by several threads, and how: the outermost loop
 * must run over the output's first index (the rows), the output must store its rows one
 * after another (a dense array, or a format whose first level is dense rows, as CSR), and
 * every operand must either not use the row index, or store it first in a dense level (CSR,
 * a dense array's rows), so that a range of rows is a sub-range of its storage. Such a
 * kernel computes each row from that row's entries alone, by the same code in the same order
 * whichever rows surround it: a block's rows equal the whole call's, bit for bit.
 */
import { levelAt } from '../sparse-tensor/format.js';
import type { SparseTensor } from '../sparse-tensor/sparse-tensor.js';
import { blockViewOf } from '../sparsify/planning/block-view.js';
import type { KernelPlan } from '../sparsify/planning/kernel-plan.js';
import { hasAssembly } from '../sparsify/planning/output-plan.js';
import { outputWindowOf } from '../sparsify/planning/output-window.js';
import type { SparseKernel } from '../sparsify/sparse-kernel.js';

/** How a kernel runs in row blocks, or why it cannot. */
export type RowRoute =
  | {
      readonly rows: true;
      /** Caller operands whose rows are partitioned (the others are read whole). */
      readonly partitioned: readonly string[];
    }
  | { readonly rows: false; readonly reason: string };

const no = (reason: string): RowRoute => ({ rows: false, reason });

/** The row route of `kernel` (see the module comment). */
export function rowRouteOf(kernel: SparseKernel): RowRoute {
  const plan: KernelPlan = kernel.plan;
  const row = plan.output.indices[0];
  if (row === undefined) return no('its output is a scalar (no rows to split)');
  // Its caller's operands are in dimension form, its loops over block rows.
  if (blockViewOf(kernel) !== undefined) return no('it reads a block or structured operand');
  // Its rows are the window's, stored strided into the whole output after the call.
  if (outputWindowOf(kernel) !== undefined) return no('it writes a window of its output');
  if (plan.temporaries.length > 0) return no('it computes temporaries (where) before its rows');
  if (plan.loopOrder[0] !== row) {
    return no(`its outermost loop is over ${plan.loopOrder[0]}, not the output's rows (${row})`);
  }
  const out = plan.output.format;
  if (out !== undefined && (levelAt(out, 0).iteration !== 'range' || out.order[0] !== 0)) {
    return no(`its output's first level is not dense rows (levels ${out.levels.join(', ')})`);
  }
  if (hasAssembly(plan) && plan.assembly.strategy === 'in-place') {
    return no('it updates its output in place');
  }
  if (hasAssembly(plan) && plan.assembly.resultFormat !== undefined) {
    // Blocks join in the format they append in; the conversion needs the whole output.
    return no(
      `its output is assembled as levels ${out?.levels.join(', ')} and converted to levels ${plan.assembly.resultFormat.levels.join(', ')}`,
    );
  }
  const partitioned: string[] = [];
  for (const input of plan.inputs) {
    if (input.convertedFrom !== undefined || input.source !== undefined) {
      return no(`it converts operand ${input.source ?? input.name} to another format`);
    }
    const reads = plan.operands.filter((o) => (o.argument ?? o.name) === input.name);
    const using = reads.filter((o) => o.indices.includes(row));
    if (using.length === 0) continue;
    const byRows = using.every((o) =>
      o.format === undefined
        ? o.indices[0] === row
        : o.levelIndices[0] === row &&
          levelAt(o.format, 0).iteration === 'range' &&
          o.format.order[0] === 0,
    );
    if (!byRows || using.length !== reads.length) {
      return no(`operand ${input.name} is not stored row by row (its first level over ${row})`);
    }
    partitioned.push(input.name);
  }
  return { rows: true, partitioned };
}

/**
 * What one row costs beside its entries, in entries: with it the two blocks of SpMV and SpMM
 * over a power-law graph (hub rows first, then tens of thousands of short rows) took about the
 * same CPU time, where counting a row as one entry gave the short rows' block 1.3-1.7x more.
 */
const ROW_WORK = 8;

/**
 * The work of rows `0..r` in the units of {@link rowSplit}: {@link ROW_WORK} per row plus the
 * stored entries of `weight` in them (rows alone without a weight).
 */
function rowsWork(r: number, weight: SparseTensor | undefined): number {
  const positions = weight?.positions[1];
  return positions === undefined ? r : ROW_WORK * r + Number(positions[r]);
}

/**
 * The estimated work of a call of `rows` rows: the work of its rows (see {@link rowSplit}),
 * times the elements `width` of one output row (a dense output's row; 1 for a formatted one),
 * as each stored entry of a row then takes one product per output element.
 */
export function callWork(rows: number, weight: SparseTensor | undefined, width: number): number {
  return (weight === undefined ? ROW_WORK * rows : rowsWork(rows, weight)) * width;
}

/**
 * Row boundaries `0 = b0 < b1 < … < bk = rows` of `blocks` (at most `rows`) non-empty blocks, balanced
 * by rows plus the stored entries of `weight` (a partitioned sparse operand whose second level
 * has positions: a row's entries are its work), or by rows alone: the first block gets `first`
 * of the work (the calling thread's share), the others equal parts of the rest.
 */
export function rowSplit(
  rows: number,
  blocks: number,
  weight: SparseTensor | undefined,
  first = 1 / blocks,
): number[] {
  // Rows before `r` and their entries: a row costs what about ROW_WORK entries cost (its loop
  // set-up, its reduction's tail, its output), an entry one product.
  const cost = (r: number) => rowsWork(r, weight);
  const total = cost(rows);
  const bounds = [0];
  for (let k = 1; k < blocks; k++) {
    const target = total * (first + ((k - 1) * (1 - first)) / (blocks - 1));
    // The first row boundary at or past the target.
    let lo = bounds[bounds.length - 1] as number;
    let hi = rows;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cost(mid) < target) lo = mid + 1;
      else hi = mid;
    }
    // Every block keeps at least one row (a block of one long row takes what it must).
    bounds.push(
      Math.min(Math.max(lo, (bounds[bounds.length - 1] as number) + 1), rows - (blocks - k)),
    );
  }
  bounds.push(rows);
  return bounds;
}
