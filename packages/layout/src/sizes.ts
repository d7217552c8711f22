import { LayoutValidationError } from './errors.js';
import { type ShapeInput, toArrayShape } from './input.js';
import { byteWidth } from './primitive-types.js';
import { compileLayout, staticSizes } from './tiling/compile.js';
import { planTileLevels } from './tiling/levels.js';
import type { ArrayShape } from './types.js';

/** What XLA's `ShapeUtil::ArraySize` reports for a dense array. */
export interface XlaArraySize {
  /** Elements XLA reserves: padded by the first tile only, rounded up by `L` only when tiled. */
  readonly elements: number;
  /** `elements` at `E(n)` bits each (rounded up to bytes), else at the type's byte width. */
  readonly bytes: number;
}

/**
 * A size computed exactly in bigint, as a number when it is a safe integer. Every size function
 * goes through here, so none ever returns a rounded value: past 2^53-1 they all throw.
 */
function exactSize(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new LayoutValidationError(
      'shape',
      `${what} is ${value}, beyond 2^53-1 (the largest exact JavaScript number)`,
    );
  }
  return Number(value);
}

/**
 * Whether the array holds no element. Every size of such a shape is exactly 0 (a zero logical
 * dimension stays a zero tile count through every tile and `*`, and 0 rounds up to 0 by `L`),
 * however far the products of its other dimensions would overflow on the way.
 * @throws LayoutValidationError for invalid input or an unbounded `?` dimension.
 */
function holdsNoElement(shape: ShapeInput): boolean {
  return staticSizes(toArrayShape(shape)).includes(0);
}

/** `count` rounded up to a multiple of `multiple`, exactly. */
function roundUp(count: bigint, multiple: bigint): bigint {
  return ((count + multiple - 1n) / multiple) * multiple;
}

/** Bytes for `elements` elements: packed at `E(n)` bits when set, else the type's byte width. */
function bytesFor(shape: ArrayShape, elements: number): number {
  const bits = BigInt(shape.layout.elementSizeInBits);
  const count = BigInt(elements);
  const bytes =
    bits !== 0n ? (count * bits + 7n) / 8n : count * BigInt(byteWidth(shape.elementType));
  return exactSize(bytes, 'the byte size');
}

/**
 * The fully expanded physical dimensions, most major first: minor_to_major applied, then every
 * tile (with its padding and `*` combining). Untiled shapes give the permuted logical sizes.
 * @example expandedShape('f32[3,5]{1,0:T(2,2)}') // [2, 3, 2, 2]
 */
export function expandedShape(shape: ShapeInput): number[] {
  return [...compileLayout(shape).expandedDims];
}

/**
 * Slots in the true physical buffer: the element count of the expanded shape with the padding
 * of every tile level included, then rounded up to a multiple of `L`. This is the length of
 * `inverseMap` and the bound of `linearIndex`. It can exceed `xlaArraySize().elements`, which
 * (like XLA) pads by the first tile only, and it applies `L` even to untiled layouts.
 * A shape with a zero dimension has 0 slots, whatever its other dimensions.
 * @example physicalElementCount('f32[4,8]{1,0:T(2,4)(3,1)}') // 48 (XLA's ArraySize says 32)
 * @throws LayoutValidationError when the count exceeds 2^53-1.
 */
export function physicalElementCount(shape: ShapeInput): number {
  if (holdsNoElement(shape)) return 0;
  return compileLayout(shape).physicalCount;
}

/**
 * Mirrors XLA's `ShapeUtil::ArraySize`. Both fields are exact; past 2^53-1 it throws. Untiled: the logical element count (no `L`). Tiled:
 * each physical dimension is first reduced to its largest split (`SC`, LayoutUtil::MaxSplitSize),
 * then only the first tile pads (XLA assumes later tiles add none, which is not always true:
 * `f32[4,8]{1,0:T(2,4)(3,1)}` needs 48 slots but ArraySize says 32), then `L` rounds up.
 * `*` in the first tile combines dimensions as the seed document defines.
 * Use `physicalElementCount`/`byteSize` for the buffer this package's maps actually index.
 */
export function xlaArraySize(shape: ShapeInput): XlaArraySize {
  if (holdsNoElement(shape)) return { elements: 0, bytes: 0 };
  const compiled = compileLayout(shape);
  const array = compiled.shape;
  const { tiles, splitConfigs, tailPaddingAlignmentInElements: alignment } = array.layout;
  if (tiles.length === 0) {
    return { elements: compiled.logicalCount, bytes: bytesFor(array, compiled.logicalCount) };
  }
  const splitDims = compiled.physicalDims.map((size, physical) => {
    const config = splitConfigs.find((candidate) => candidate.dimension === physical);
    if (config === undefined) return size;
    let largest = 0;
    let previous = 0;
    for (const index of config.splitIndices) {
      largest = Math.max(largest, index - previous);
      previous = index;
    }
    return Math.max(largest, size - previous);
  });
  const [firstLevel] = planTileLevels(splitDims, tiles.slice(0, 1));
  let padded = 1n;
  for (const dim of firstLevel!.outputDims) padded *= BigInt(dim);
  const elements = exactSize(roundUp(padded, BigInt(alignment)), 'the element count');
  return { elements, bytes: bytesFor(array, elements) };
}

/**
 * Bytes of the true physical buffer: `physicalElementCount` elements, packed `E(n)` bits each
 * when `E` is set (element i in bits [i*n, (i+1)*n), least significant bit first within a byte),
 * otherwise at the type's byte width (sub-byte types then take a whole byte, as in XLA).
 * The `M(n)` dynamic-shape metadata prefix is not included (XLA's ByteSizeOf excludes it too).
 * Exact: a size past 2^53-1 throws rather than rounding.
 * @example byteSize('s4[3,5]{1,0:E(4)}') // 8
 * @throws LayoutValidationError when the size exceeds 2^53-1.
 */
export function byteSize(shape: ShapeInput): number {
  if (holdsNoElement(shape)) return 0;
  const compiled = compileLayout(shape);
  return bytesFor(compiled.shape, compiled.physicalCount);
}
