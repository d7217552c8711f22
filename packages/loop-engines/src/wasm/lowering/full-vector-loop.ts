/**
 * Mask specialization for vectorized loops. The vectorizer guards every iteration with
 * `vector.create_mask (affine.min(step, hi - iv))`; that mask is all-true on every iteration
 * but the last. The wasm backend therefore emits such a loop twice: first while a whole
 * vector remains (the mask is then the constant all-true, so masked loads become plain
 * loads, blends disappear and gathers skip their lane guards), then the original loop for
 * the remainder. Results are identical: an all-true mask selects every lane either way.
 * The mask is all-true on whole vectors only when the step covers every lane (step >= lane
 * count); the vectorizer's step equals it, hand-written IR may step by less.
 */
import type { AffineExpr, Block, Operation, Value } from '@tilekit/loop-ir';
import { operands, result } from '@tilekit/loop-ir';
import { affineOpParts } from '../../affine-op.js';

/**
 * The lane count of a 1-D mask at `vscale`, or undefined when the type is not a 1-D vector.
 */
export function maskLaneCount(mask: Value, vscale: number): number | undefined {
  const t = mask.type;
  if (t.kind !== 'vector' || t.shape.length !== 1) return undefined;
  return (t.shape[0] as number) * (t.scalableDims[0] === true ? vscale : 1);
}

/**
 * The remaining-lanes mask of a loop body: a top-level `vector.create_mask` of
 * `affine.min` over `min(step, hi - iv)` for this loop's own bounds, where the step appears
 * as the map's symbol or, once canonicalized, as the constant it is. `constantOf` gives the
 * integer value of a constant-defined value.
 */
export function remainingLanesMask(
  body: Block,
  hi: Value,
  step: Value,
  constantOf: (v: Value) => bigint | undefined,
): Value | undefined {
  const iv = body.arguments[0];
  const ops = body.operations;
  // Looked up only for a create_mask (most loop bodies have none): every scf.for asks.
  const definer = (v: Value): Operation | undefined => {
    for (let k = 0; k < ops.length; k++)
      if ((ops[k] as Operation).results.includes(v)) return ops[k];
    return undefined;
  };
  const isDim = (e: AffineExpr, dims: readonly Value[], v: Value | undefined): boolean =>
    e.kind === 'dim' && dims[e.position] === v;
  // `-x` as MLIR builds it: `x * -1`.
  const isNegated = (e: AffineExpr, dims: readonly Value[], v: Value | undefined): boolean =>
    e.kind === 'binary' &&
    e.op === '*' &&
    ((isDim(e.lhs, dims, v) && e.rhs.kind === 'constant' && BigInt(e.rhs.value) === -1n) ||
      (isDim(e.rhs, dims, v) && e.lhs.kind === 'constant' && BigInt(e.lhs.value) === -1n));
  // `hi - iv`, spelled `d0 - d1` or, as MLIR's construction rules (and so the parser and the
  // vectorizer) build it, `d0 + d1 * -1`.
  const isRemaining = (e: AffineExpr, dims: readonly Value[]): boolean =>
    e.kind === 'binary' &&
    ((e.op === '-' && isDim(e.lhs, dims, hi) && isDim(e.rhs, dims, iv)) ||
      (e.op === '+' &&
        ((isDim(e.lhs, dims, hi) && isNegated(e.rhs, dims, iv)) ||
          (isDim(e.rhs, dims, hi) && isNegated(e.lhs, dims, iv)))));
  const isStep = (e: AffineExpr, dims: readonly Value[], symbols: readonly Value[]): boolean =>
    (e.kind === 'symbol' && symbols[e.position] === step) ||
    (e.kind === 'dim' && dims[e.position] === step) ||
    (e.kind === 'constant' && constantOf(step) === BigInt(e.value));
  for (let k = 0; k < ops.length; k++) {
    const op = ops[k] as Operation;
    if (op.name !== 'vector.create_mask') continue;
    const [bound, ...more] = operands(op, 'operands');
    const min = bound === undefined || more.length > 0 ? undefined : definer(bound);
    if (min?.name !== 'affine.min' || min.attributes.map?.kind !== 'affineMap') continue;
    const { map, dims, symbols } = affineOpParts(min);
    if (map.results.length !== 2) continue;
    const [x, y] = map.results as [AffineExpr, AffineExpr];
    if (
      (isRemaining(x, dims) && isStep(y, dims, symbols)) ||
      (isRemaining(y, dims) && isStep(x, dims, symbols))
    ) {
      return result(op);
    }
  }
  return undefined;
}
