/**
 * The arrays a kernel called through `runKernel` appends its sparse output to (coordinates,
 * and values where they are appended), kept in the wasm engine's memory from call to call
 * (engine arrays of `@tilekit/loop-engines`). Passed by address, the wasm engine neither
 * copies them in nor out: the result's arrays are each made once, at their final length, by
 * one copy out of the engine memory. Plain arrays were allocated per call, written by the
 * kernel in the wasm memory, copied out whole and then cut to the entries counted (a second
 * copy). The interpreter and the js engine read and write the same views as plain arrays.
 *
 * Each array keeps the largest capacity a call asked for (a call that asks for less gets a
 * view of its first part); the regions return to the engine when the kernel is no longer
 * reachable. An array of more than {@link MAX_RESIDENT_BYTES} is not kept: wasm memory never
 * shrinks, so every cached kernel holding its largest output would leave the engine memory as
 * large as all of them together; such a call uses plain arrays, as a first call does.
 */

/** One appended array of a kernel: its engine array and the length the current call uses. */
interface Slot {
  array: EngineArray;
  length: number;
}

import {
  EngineArgumentError,
  type EngineArray,
  type EngineArrayType,
  engineArray,
} from '@tilekit/loop-engines';
import type { MemRefData } from '@tilekit/loop-ir';
import type { SparseKernel } from '../sparse-kernel.js';

/**
 * The appended arrays of one kernel's output, by slot (a level's coordinates, or the values):
 * room is made for every array of a call first, then views are taken, as making room may grow
 * the engine memory and so detach every view taken before.
 */
export interface ResidentOutput {
  /**
   * Makes room for at least `length` elements of `type` in `slot`; returns false when the
   * engine memory cannot hold them (the caller then uses a plain array).
   */
  reserve(slot: number, type: EngineArrayType, length: number): boolean;
  /** The elements `slot`'s array holds (0 before its first reserve). */
  capacity(slot: number): number;
  /** A view of `slot`'s array over the memory's current buffer, as long as the last reserve. */
  view(slot: number): MemRefData;
}

/** The largest appended array a kernel keeps in the engine memory between calls (16 MiB). */
export const MAX_RESIDENT_BYTES = 16 * 1024 * 1024;

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
      const held = slots.get(slot);
      if (
        held !== undefined &&
        held.array.length >= length &&
        held.array.data.constructor === type
      ) {
        held.length = length;
        return true;
      }
      // The old region goes first, so the new one may take its place.
      held?.array.dispose();
      slots.delete(slot);
      if (length * type.BYTES_PER_ELEMENT > MAX_RESIDENT_BYTES) return false;
      try {
        slots.set(slot, { array: engineArray(type, length), length });
        return true;
      } catch (e) {
        if (e instanceof EngineArgumentError) return false;
        throw e;
      }
    },
    capacity: (slot) => slots.get(slot)?.array.length ?? 0,
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
