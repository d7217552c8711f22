/** What the JavaScript and WebAssembly engines read off `vector.constant_mask`, `vector.insert` and `vector.extract`. */
import type { Operation, Value, VectorType } from '@tilekit/loop-ir';
import { DYNAMIC_POSITION, operand, operands } from '@tilekit/loop-ir';
import { EngineUnsupportedError } from './errors.js';

/**
 * How many leading lanes of `vector.constant_mask` op `op` are set, out of `lanes` (the
 * result's lane count at the compiled vscale): a scalable dimension's full-size mask covers
 * all of them.
 */
export function constantMaskSize(op: Operation, type: VectorType, lanes: number): number {
  const sizes = op.attributes.mask_dim_sizes;
  const size = sizes?.kind === 'denseArray' ? Number(sizes.values[0] ?? 0n) : 0;
  return type.scalableDims[0] === true && size === type.shape[0] ? lanes : size;
}

/** The vector a `vector.insert` writes into or a `vector.extract` reads from. */
export function laneSource(op: Operation): Value {
  return op.name === 'vector.insert' ? operand(op, 'dest') : operand(op, 'source');
}

/**
 * The lane a rank-1 `vector.insert` / `vector.extract` addresses: a static lane number, or
 * the `index` value holding it.
 *
 * @throws {@link EngineUnsupportedError} for a source of rank other than 1 or a position of
 *   more than one entry.
 */
export function lanePosition(op: Operation, source: VectorType): number | Value {
  const pos = op.attributes.static_position;
  const statics = pos?.kind === 'denseArray' ? pos.values : [];
  if (source.shape.length !== 1 || statics.length !== 1)
    throw new EngineUnsupportedError(`only rank-1 ${op.name} with one position is supported`);
  if (statics[0] !== DYNAMIC_POSITION) return Number(statics[0]);
  const [at] = operands(op, 'dynamicPosition');
  if (at === undefined)
    throw new EngineUnsupportedError(`${op.name} with a dynamic position but no position operand`);
  return at;
}
