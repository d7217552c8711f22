/**
 * The relayout family's copy on the wasm backend: `convertRuns` (see `relayout/run-copy.ts`) run by
 * the move module directly between two tensors on the backend's heap. Contiguous tables go
 * through their cached move plan, others through the strided stretch list; padding is filled
 * first with the pad value's bits, then overwritten by the copy where data goes.
 */
import type { DataType } from '@tensorflow/tfjs-core';
import { backendMemory, type WasmBackendLike } from '@tilekit/tfjs-backend-support/wasm-heap';
import { movePlan } from '../relayout/move-plan.js';
import type { PhysicalRuns } from '../relayout/physical-runs.js';
import { moveInstance } from './move-instance.js';
import { MOVE_TRIPLE_BYTES, STRIDED_ENTRY_BYTES } from './move-module.js';
import { residentTable } from './resident-tables.js';
import { stridedTable } from './strided-table.js';

/** Where a copy reads and writes: heap byte offsets and run tables of both sides. */
export interface HeapMove {
  readonly dtype: DataType;
  readonly to: number;
  readonly toRuns: PhysicalRuns;
  readonly from: number;
  readonly fromRuns: PhysicalRuns;
  /** The value of the destination's padding slots (unused when it has none). */
  readonly padValue: number;
}

/** The bits a typed array of `dtype` stores for `value`, as tfjs's cpu `fill` would. */
function padBits(dtype: DataType, value: number): number {
  if (dtype === 'bool') return Uint8Array.of(value)[0]!;
  if (dtype === 'int32') return Int32Array.of(value)[0]!;
  return new Int32Array(Float32Array.of(value).buffer)[0]!;
}

/** Runs `move` on `backend`'s heap. */
export function moveOnHeap(backend: WasmBackendLike, move: HeapMove): void {
  const exports = moveInstance(backendMemory(backend));
  const { toRuns, fromRuns } = move;
  const shift = move.dtype === 'bool' ? 0 : 2;
  if (toRuns.physicalCount !== toRuns.logicalCount) {
    const bits = padBits(move.dtype, move.padValue);
    if (shift === 0) exports.fill8(move.to, toRuns.physicalCount, bits);
    else exports.fill32(move.to, toRuns.physicalCount, bits);
  }
  const plan = movePlan(toRuns, fromRuns);
  if (plan !== null) {
    const count = plan.moves.byteLength / MOVE_TRIPLE_BYTES;
    exports.moves(residentTable(backend, plan.moves), count, move.to, move.from, shift);
    return;
  }
  const table = stridedTable(toRuns, fromRuns);
  const count = table.byteLength / STRIDED_ENTRY_BYTES;
  exports.strided(residentTable(backend, table), count, move.to, move.from, shift);
}
