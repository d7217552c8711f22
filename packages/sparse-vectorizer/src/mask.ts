/** The iteration mask confining each vector step to the original iteration space. */
import type { Builder, Operation, Value } from '@tilekit/loop-ir';
import { affineBinary, affineDim, affineMap, affineSymbol, i1 } from '@tilekit/loop-ir';
import { constantInteger } from './loop-view.js';
import { type VL, vectorType } from './options.js';

/** `(d0, d1)[s0] -> (s0, d0 - d1)`: min(step, hi - iv), the lanes left in this step. */
export const REMAINING_LANES_MAP = affineMap(2, 1, [
  affineSymbol(0),
  affineBinary('-', affineDim(0), affineDim(1)),
]);

/** Loop bounds and step of the vector loop. */
interface MaskBounds {
  readonly iv: Value;
  readonly lowerBound: Value;
  readonly upperBound: Value;
  readonly step: Value;
  /** The step when it is a compile-time constant (not under VLA). */
  readonly constantStep: bigint | undefined;
}

/**
 * When bounds and step are constants and the step divides the trip count, every step is
 * full: an all-true mask (later folding turns masked accesses into plain ones). Otherwise
 * `create_mask(affine.min(step, hi - iv))`; a later loop split could peel the remainder.
 */
export function genVectorMask(
  b: Builder,
  vl: VL,
  defs: ReadonlyMap<Value, Operation>,
  bounds: MaskBounds,
): Value {
  const maskType = vectorType(vl, i1);
  const lo = constantInteger(defs, bounds.lowerBound);
  const hi = constantInteger(defs, bounds.upperBound);
  const step = bounds.constantStep;
  if (lo !== undefined && hi !== undefined && step !== undefined && (hi - lo) % step === 0n) {
    return b.broadcast(b.constantBool(true), maskType);
  }
  const end = b.affine('min', REMAINING_LANES_MAP, [bounds.upperBound, bounds.iv, bounds.step]);
  return b.createMask(maskType, [end]);
}
