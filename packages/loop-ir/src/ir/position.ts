/**
 * Positions of `vector.insert` / `vector.extract`: a `static_position` dense array whose
 * entries are either constants or {@link DYNAMIC_POSITION}, which stands for the next
 * dynamic position operand (MLIR's `ShapedType::kDynamic`).
 */
import { type DenseArrayAttr, denseArrayAttr } from './attributes.js';
import type { Value } from './operation.js';

/** MLIR's `ShapedType::kDynamic`: marks a dynamic entry of `static_position`. */
export const DYNAMIC_POSITION = -9223372036854775808n;

/** A position entry: a static index or a dynamic `index` value. */
export type Position = number | Value;

/** The `static_position` attribute and dynamic operands for mixed `position` entries. */
export function splitPosition(position: readonly Position[]): {
  attr: DenseArrayAttr;
  dynamic: Value[];
} {
  const dynamic = position.filter((p): p is Value => typeof p !== 'number');
  const statics = position.map((p) => (typeof p === 'number' ? BigInt(p) : DYNAMIC_POSITION));
  return { attr: denseArrayAttr(statics), dynamic };
}
