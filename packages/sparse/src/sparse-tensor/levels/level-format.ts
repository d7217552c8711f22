/**
 * One storage level type as an object of capabilities, the way TACO's `ModeFormatImpl` and
 * MLIR's `SparseTensorLevel` describe a level: which arrays it owns, whether its coordinates
 * are unique, how a parent position's children are bounded (on the host and in emitted loop
 * IR), and where in a format it may sit. Code that walks a format asks the level object; it
 * never compares level-type strings. A new level type is one file implementing this interface
 * plus its line in `registry.ts`.
 */
import type { Builder, Value } from '@tilekit/loop-ir';

/**
 * How the emitter iterates a level (MLIR's iterator kinds):
 * - `range`: every coordinate of the extent is stored, so the level is a plain counted loop
 *   and a coordinate is located by arithmetic (`parent * size + coordinate`);
 * - `positions`: a positions array bounds each parent's segment of stored coordinates;
 * - `parent`: no positions array: the level's positions are its parent's (one coordinate per
 *   parent position, or the rest of a COO tuple sharing its parent's segment).
 */
export type LevelIteration = 'range' | 'positions' | 'parent';

/** What the emitter hands a level to bound a segment in loop IR. */
export interface SegmentEmission {
  readonly b: Builder;
  /** An index constant (hoisted to the function entry). */
  readonly c: (n: number) => Value;
  /** Loads entry `at` of an index memref as an `index`. */
  readonly load: (memref: Value, at: Value) => Value;
  /** The level's positions memref (levels that own one). */
  readonly positions: Value | undefined;
  /** The parent position; `undefined` at the root (its only position, 0). */
  readonly parent: Value | undefined;
  /** The end of the COO segment the parent position belongs to (below a non-unique level). */
  readonly segmentEnd: Value | undefined;
}

/** A level type: the one place its storage rules live. */
export interface LevelFormat<S extends string = string> {
  /** The base name as formats spell it (`'compressed'` for `'compressed(nonunique)'`). */
  readonly name: string;
  /** The full spelling of this level, properties included. */
  readonly spelling: S;
  /** Whether the coordinates under one parent are distinct (MLIR's `unique` property). */
  readonly unique: boolean;
  /** How the emitter iterates the level (see {@link LevelIteration}). */
  readonly iteration: LevelIteration;
  /** Whether the level stores a coordinates array (every level but a dense one). */
  readonly hasCoordinates: boolean;
  /** Whether the level stores a positions array. */
  readonly hasPositions: boolean;
  /**
   * For a level that stores exactly this many coordinates under every parent position, padded
   * with stored zeros (the `n` of `structured[n, m]`); `undefined` for the others.
   */
  readonly slotsPerParent?: number;
  /**
   * The level size the level type is made for (the `m` of `structured[n, m]`): its level
   * expression must be `d mod m`. `undefined` where any size works.
   */
  readonly groupSize?: number;
  /**
   * The level type a kernel appends this level's entries in, below `parent` (itself where it
   * can append; a kernel's output in another level type is converted after assembly).
   */
  appendedAs(parent: LevelFormat | undefined): string;
  /**
   * The length of the positions array for `parents` parent positions (0 for a level without
   * one).
   */
  positionsLength(parents: number): number;
  /**
   * Where this level may not sit: a sentence naming what works instead, or `undefined` where
   * it is well formed below `parent` (`undefined` at the root).
   */
  placementProblem(parent: LevelFormat | undefined): string | undefined;
  /**
   * The children `[lo, hi)` of parent position `p` (`size`: the level's size; `positions`: the
   * level's positions array as numbers, where it has one).
   */
  segment(positions: ArrayLike<number> | undefined, p: number, size: number): [number, number];
  /**
   * Where the positions array holds the segment ends, for code that searches them (a tensor
   * backend finding each entry's parent): from entry `start`, every `stride`-th entry is one
   * parent's end, in parent order. `undefined` for a level without positions.
   */
  readonly endsInPositions: { readonly start: number; readonly stride: number } | undefined;
  /** The end of parent position `p`'s children (`segment(...)[1]`, without the pair). */
  segmentEnd(positions: ArrayLike<number> | undefined, p: number, size: number): number;
  /**
   * The positions array of a level whose children of parent `p` are the stored positions
   * `[offsets[p], offsets[p + 1])` (`offsets` has one entry per parent plus one, from 0).
   */
  positionsFromOffsets(offsets: Uint32Array): Uint32Array;
  /**
   * Checks a positions array against the parent count and the level's coordinate count;
   * returns a problem (the first bad entry and why) or `undefined`. Segments that are not
   * contiguous make `contiguous` false: their gaps hold no entry of the tensor.
   */
  checkPositions(
    positions: ArrayLike<number>,
    parents: number,
    stored: number,
  ): { problem: string; at?: number } | { problem?: undefined; contiguous: boolean };
  /** `[lo, hi)` of parent's segment in emitted loop IR (levels iterated by positions or parent). */
  emitSegment(e: SegmentEmission): { lo: Value; hi: Value };
}
