/**
 * A copy of part of an operand or result list. The IR's arrays are frozen, and V8 runs
 * `slice` on a frozen array through its slow generic path (several times slower than on a
 * plain one); the verifier and every engine's code generator take segments of every op.
 */
import type { Value } from './operation.js';

/** `values.slice(start, end)` for `0 <= start <= end <= values.length`, copied by index. */
export function valueRange(values: readonly Value[], start: number, end: number): Value[] {
  const out = new Array<Value>(end - start);
  for (let k = start; k < end; k++) out[k - start] = values[k] as Value;
  return out;
}
