/**
 * The arrays a kernel called through `runKernel` appends its sparse output to (coordinates,
 * and values where they are appended), kept in the wasm engine's memory from call to call
 * (engine arrays of `@tilekit/loop-engines`). Passed by address, the wasm engine neither
 * copies them in nor out: the result's arrays are each made once, at their final length, by
 * one copy out of the engine memory. Plain arrays were allocated per call, written by the
 * kernel in the wasm memory, copied out whole and then cut to the entries counted (a second
 * copy). The interpreter and the js engine read and write the same views as plain arrays.
 *
 * Each array keeps the largest capacity a call asked for (a smaller call takes a view of its
 * first part), and returns its region to the engine when the kernel is no longer reachable.
 */

import {
  EngineArgumentError,
  type EngineArray,
  type EngineArrayType,
  engineArray,
} from '@tilekit/loop-engines';
import type { MemRefData } from '@tilekit/loop-ir';
import type { SparseKernel } from '../sparse-kernel.js';

/** One appended array of a kernel: its engine array and the length the current call uses. */
interface Slot {
  array: EngineArray;
  length: number;
}

/**
 * The appended arrays of one kernel's output, by slot (a level's coordinates, or the values):
 * room is made for every array of a call first, then views are taken, as making room may grow
 * the engine memory and so detach every view taken before.
 */
export interface ResidentOutput {
  /**
   * Makes room for `length` elements of `type` in `slot`; returns false when the engine
   * memory cannot hold them (the caller then uses a plain array).
   */
  reserve(slot: number, type: EngineArrayType, length: number): boolean;
  /** A view of `slot`'s array over the memory's current buffer, as long as the last reserve. */
  view(slot: number): MemRefData;
}

const heldByKernel = new WeakMap<SparseKernel, ResidentOutput>();
/** A kernel no longer reachable returns its arrays' regions to the engine memory. */
const release = new FinalizationRegistry<Map<number, Slot>>((slots) => {
  for (const s of slots.values()) s.array.dispose();
});

/** The resident appended arrays of `kernel` (made on first use). */
export function residentOutput(kernel: SparseKernel): ResidentOutput {
  const held = heldByKernel.get(kernel);
  if (held !== undefined) return held;
  const slots = new Map<number, Slot>();
  const made: ResidentOutput = {
    reserve(slot, type, length) {
      const s = slots.get(slot);
      if (s !== undefined && s.array.length >= length && s.array.data.constructor === type) {
        s.length = length;
        return true;
      }
      // The old region goes first, so the new one may take its place.
      s?.array.dispose();
      slots.delete(slot);
      try {
        slots.set(slot, { array: engineArray(type, length), length });
        return true;
      } catch (e) {
        if (e instanceof EngineArgumentError) return false;
        throw e;
      }
    },
    view(slot) {
      const { array, length } = slots.get(slot) as Slot;
      const data = array.data;
      const type = data.constructor as new (
        buffer: ArrayBufferLike,
        byteOffset: number,
        length: number,
      ) => MemRefData;
      return length === array.length ? data : new type(data.buffer, data.byteOffset, length);
    },
  };
  heldByKernel.set(kernel, made);
  release.register(kernel, slots);
  return made;
}
