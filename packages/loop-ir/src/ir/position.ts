/**
 * Positions of `vector.insert` / `vector.extract`: a `static_position` dense array whose
 * entries are either constants or {@link DYNAMIC_POSITION}, which stands for the next
 * dynamic position operand (MLIR's `ShapedType::kDynamic`).
 */
import { LoopIrArgumentError } from '../loop-ir-argument-error.js';
import { type DenseArrayAttr, denseArrayAttr } from './attributes.js';
import type { Value } from './operation.js';

/** MLIR's `ShapedType::kDynamic`: marks a dynamic entry of `static_position`. */
export const DYNAMIC_POSITION = -9223372036854775808n;

/** A position entry: a static index or a dynamic `index` value. */
export type Position = number | Value;

/**
 * The `static_position` attribute and dynamic operands for mixed `position` entries.
 * @throws LoopIrArgumentError when `position` is no array of non-negative integers and Values.
 */
export function splitPosition(position: readonly Position[]): {
  attr: DenseArrayAttr;
  dynamic: Value[];
} {
  if (!Array.isArray(position)) {
    throw new LoopIrArgumentError('position', 'an array of integers and Values', position);
  }
  const dynamic: Value[] = [];
  const statics: bigint[] = [];
  // By index, so an array of holes stops at the first one.
  for (let i = 0; i < position.length; i++) {
    const p: unknown = position[i];
    if (Number.isSafeInteger(p) && (p as number) >= 0) statics.push(BigInt(p as number));
    else if (typeof p === 'object' && p !== null && !Array.isArray(p)) {
      dynamic.push(p as Value);
      statics.push(DYNAMIC_POSITION);
    } else {
      throw new LoopIrArgumentError(
        `position[${i}]`,
        'a non-negative integer or an index Value',
        p,
      );
    }
  }
  return { attr: denseArrayAttr(statics), dynamic };
}
