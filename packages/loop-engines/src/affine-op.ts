/** What the JavaScript and WebAssembly engines read off an `affine.apply` / `affine.min` / `affine.max` op. */
import type { AffineMap, Operation, Value } from '@tilekit/loop-ir';
import { operands } from '@tilekit/loop-ir';
import { EngineUnsupportedError } from './errors.js';

/** An affine op's kind, map and map operands split into dims and symbols. */
export interface AffineOpParts {
  /** `apply` (the map's one result), or the min/max over all its results. */
  readonly kind: 'apply' | 'min' | 'max';
  readonly map: AffineMap;
  readonly dims: readonly Value[];
  readonly symbols: readonly Value[];
}

/**
 * The parts of `affine.apply|min|max` op `op`.
 *
 * @throws {@link EngineUnsupportedError} when the op has no `map` attribute.
 */
export function affineOpParts(op: Operation): AffineOpParts {
  const map = op.attributes.map;
  if (map?.kind !== 'affineMap') throw new EngineUnsupportedError(`${op.name} without a map`);
  const values = operands(op, 'mapOperands');
  return {
    kind: op.name.slice('affine.'.length) as AffineOpParts['kind'],
    map: map.map,
    dims: values.slice(0, map.map.numDims),
    symbols: values.slice(map.map.numDims),
  };
}
