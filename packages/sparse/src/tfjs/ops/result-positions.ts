/**
 * Where coordinates are stored in a host sparse tensor: a lookup from an entry's coordinates (in
 * dimension order) to its position among the stored entries (the order of its values), used to
 * send the entries of a host-assembled result's operands to the result entries they add into.
 */
import type { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';

/** Looks up coordinates the result stores (every operand entry's are: the loops stored them). */
export type PositionLookup = (coordinates: readonly number[]) => number;

/** The lookup of `result`'s stored entries (keys are row-major indices while they are exact). */
export function resultPositions(result: SparseTensor): PositionLookup {
  const { shape } = result;
  const exact = shape.reduce((a, b) => a * b, 1) <= Number.MAX_SAFE_INTEGER;
  const key = (c: readonly number[]): number | string =>
    exact ? c.reduce((at, x, d) => at * (shape[d] as number) + x, 0) : c.join(',');
  const positions = new Map<number | string, number>();
  // toCoordinates lists the entries in storage order, the order of the values.
  result.toCoordinates().coordinates.forEach((c, p) => {
    positions.set(key(c), p);
  });
  return (c) => {
    const p = positions.get(key(c));
    // The assembly stores every coordinate its operands reach; a miss is a bug, not bad input.
    if (p === undefined) throw new Error(`no stored entry at (${c.join(', ')}) of the result`);
    return p;
  };
}
