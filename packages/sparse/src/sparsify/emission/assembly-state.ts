/**
 * The state of a formatted output's assembly, and the stores every part of it writes with.
 *
 * Storage grows without allocation, since loop IR has no `memref.alloc`: the caller passes
 * every output array with some capacity (its length), and a small `state` memref in which the
 * kernel keeps, per level, the number of entries appended so far and the parent position and
 * coordinate of the last one. Every append is guarded by the array's `memref.dim`, so a call
 * with too little capacity writes nothing out of bounds and still counts exactly what it
 * needs; the caller then grows the arrays to those counts and calls again (output-storage.ts).
 */
import type { Builder, ScalarType, Value } from '@tilekit/loop-ir';
import { loadIndex } from './emit-context.js';

/** What the assembly needs from the loop emitter. */
export interface AssemblyContext {
  /** The argument value of an output or workspace parameter, by parameter key. */
  arg(key: string): Value;
  /** The hoisted `index` constant `n`. */
  c(n: number): Value;
  /** The extent of an index variable. */
  size(indexVar: string): Value;
  /** The constant zero of the value type. */
  zero(): Value;
  /** The length of a memref argument, computed once at the function entry. */
  length(memref: Value): Value;
}

/** Slots of the state memref: per level `count`, `last parent`, `last coordinate`. */
export const COUNT = 0;
export const LAST_PARENT = 1;
export const LAST_COORDINATE = 2;
const SLOTS_PER_LEVEL = 3;

/** Length of the state memref of an output of `rank` levels. */
export function stateLength(rank: number): number {
  return rank * SLOTS_PER_LEVEL;
}

/** The state slot holding the number of entries appended at `level`. */
export function countSlot(level: number): number {
  return level * SLOTS_PER_LEVEL + COUNT;
}

/** Parameter keys of the output and workspace arrays. */
export const outputKeys = {
  positions: (level: number) => `output-positions:${level}`,
  coordinates: (level: number) => `output-coordinates:${level}`,
  values: 'output-values',
  state: 'output-state',
  workspaceValues: 'workspace-values',
  workspaceFilled: 'workspace-filled',
  workspaceCoordinates: 'workspace-coordinates',
} as const;

/** Reads and writes of the state memref and the output arrays. */
export class AssemblyState {
  private readonly ctx: AssemblyContext;

  constructor(ctx: AssemblyContext) {
    this.ctx = ctx;
  }

  /** The state's `slot` of `level`. */
  load(b: Builder, level: number, slot: number): Value {
    const at = level * SLOTS_PER_LEVEL + slot;
    return loadIndex(b, this.ctx.arg(outputKeys.state), this.ctx.c(at));
  }

  /** Sets the state's `slot` of `level` to `value`. */
  store(b: Builder, value: Value, level: number, slot: number): void {
    const at = level * SLOTS_PER_LEVEL + slot;
    this.storeIndex(b, value, this.ctx.arg(outputKeys.state), this.ctx.c(at));
  }

  /** `memref[at] = value` when `at` is inside the memref (an index value is cast to its type). */
  guardedStore(b: Builder, value: Value, memref: Value, at: Value, castIndex = false): void {
    const inside = b.cmpi('ult', at, this.ctx.length(memref));
    b.ifOp(inside, [], (tb) => {
      if (castIndex) this.storeIndex(tb, value, memref, at);
      else tb.store(value, memref, [at]);
      return [];
    });
  }

  /** Stores an `index` value into a position/coordinate memref of any width. */
  storeIndex(b: Builder, value: Value, memref: Value, at: Value): void {
    const element = elementOf(memref);
    const stored = element.kind === 'index' ? value : b.cast('arith.index_cast', value, element);
    b.store(stored, memref, [at]);
  }
}

/** The element type of a memref value. */
function elementOf(memref: Value): ScalarType {
  const t = memref.type;
  if (t.kind !== 'memref') throw new TypeError('expected a memref');
  return t.element as ScalarType;
}
