/**
 * The copy loops of the relayout family, driven by run tables (`PhysicalRuns`). Values move as
 * raw bits (float32 data through an Int32Array view), so NaN payloads survive bit-exactly.
 */
import type { PhysicalRuns } from '../layout/physical_runs.js';

/** Typed arrays that carry relayout data: float32, int32 and bool tensors. */
export type LayoutValues = Float32Array | Int32Array | Uint8Array;

/** Integer views over the same bytes, so copies never round-trip through floating point. */
type BitView = Int32Array | Uint8Array;

/**
 * Runs at least this long are moved by the engine's native `set`; shorter ones by a loop, where
 * creating a view per run would cost more than it saves (measured in bench/relayout.bench.ts).
 */
const NATIVE_COPY_MIN_RUN = 64;

/** An integer view over `values`' bytes (a float32 array becomes an Int32Array view). */
export function bitView(values: LayoutValues): BitView {
  return values instanceof Float32Array
    ? new Int32Array(values.buffer, values.byteOffset, values.length)
    : values;
}

/** A new zeroed array of the same kind as `like`. */
export function allocateLike<T extends LayoutValues>(like: T, length: number): T {
  if (like instanceof Float32Array) return new Float32Array(length) as T;
  if (like instanceof Int32Array) return new Int32Array(length) as T;
  return new Uint8Array(length) as T;
}

/** Copies `length` elements `from[f + k * fromStride]` → `to[t + k * toStride]`. */
function copyStrided(
  to: BitView,
  t: number,
  toStride: number,
  from: BitView,
  f: number,
  fromStride: number,
  length: number,
): void {
  if (toStride === 1 && fromStride === 1) {
    if (length >= NATIVE_COPY_MIN_RUN) {
      to.set(from.subarray(f, f + length), t);
      return;
    }
    for (const end = t + length; t < end; t++, f++) to[t] = from[f]!;
    return;
  }
  for (let k = 0; k < length; k++, t += toStride, f += fromStride) to[t] = from[f]!;
}

/** `physical[runs' offset of l] = logical[l]` for every logical element (relayout). */
export function scatterRuns(physical: BitView, logical: BitView, runs: PhysicalRuns): void {
  const { starts, ends, stride } = runs;
  let l = 0;
  for (let r = 0; r < starts.length; r++) {
    const end = ends[r]!;
    copyStrided(physical, starts[r]!, stride, logical, l, 1, end - l);
    l = end;
  }
}

/** `logical[l] = physical[runs' offset of l]` for every logical element (unrelayout). */
export function gatherRuns(logical: BitView, physical: BitView, runs: PhysicalRuns): void {
  const { starts, ends, stride } = runs;
  let l = 0;
  for (let r = 0; r < starts.length; r++) {
    const end = ends[r]!;
    copyStrided(logical, l, 1, physical, starts[r]!, stride, end - l);
    l = end;
  }
}

/**
 * `to[offset of l under toRuns] = from[offset of l under fromRuns]` for every logical element,
 * walking both run tables together (convertLayout): no logical tensor is materialised.
 */
export function convertRuns(
  to: BitView,
  toRuns: PhysicalRuns,
  from: BitView,
  fromRuns: PhysicalRuns,
): void {
  let a = 0; // current run in fromRuns
  let b = 0; // current run in toRuns
  let aStart = 0; // logical position where run a starts
  let bStart = 0;
  for (let l = 0; l < fromRuns.logicalCount; ) {
    const aEnd = fromRuns.ends[a]!;
    const bEnd = toRuns.ends[b]!;
    const end = Math.min(aEnd, bEnd);
    copyStrided(
      to,
      toRuns.starts[b]! + (l - bStart) * toRuns.stride,
      toRuns.stride,
      from,
      fromRuns.starts[a]! + (l - aStart) * fromRuns.stride,
      fromRuns.stride,
      end - l,
    );
    l = end;
    if (l === aEnd) [a, aStart] = [a + 1, aEnd];
    if (l === bEnd) [b, bStart] = [b + 1, bEnd];
  }
}
