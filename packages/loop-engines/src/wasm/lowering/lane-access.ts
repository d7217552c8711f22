/**
 * Lane-level access to vectors held as v128 parts: read a lane as a canonical scalar, write
 * one, and view a mask (`i1` lanes, stored 32 bits wide) at the lane width of the data it
 * guards.
 */
import type { ScalarType } from '@tilekit/loop-ir';
import type { FunctionBuilder } from '@tilekit/wasm-encoder';
import { isBool, type LaneLayout, laneLayoutOf } from './lanes.js';
import type { Push } from './scalar-ops.js';

const EXTRACT_SUFFIX: Readonly<Record<LaneLayout['shape'], string>> = {
  i8x16: 'extract_lane_s',
  i16x8: 'extract_lane_s',
  i32x4: 'extract_lane',
  i64x2: 'extract_lane',
  f32x4: 'extract_lane',
  f64x2: 'extract_lane',
};

/** Pushes lane `lane` of a vector with element `elem` as a canonical scalar. */
export function pushLane(
  f: FunctionBuilder,
  elem: ScalarType,
  parts: readonly number[],
  lane: number,
): void {
  const layout = laneLayoutOf(elem);
  f.op('local.get', parts[Math.floor(lane / layout.perPart)] as number);
  f.lane(`${layout.shape}.${EXTRACT_SUFFIX[layout.shape]}`, lane % layout.perPart);
  if (isBool(elem)) f.constInt('i32', 1).op('i32.and');
}

/** A pusher of one lane (for scalar lowerings run per lane). */
export function lanePusher(
  f: FunctionBuilder,
  elem: ScalarType,
  parts: readonly number[],
  lane: number,
): Push {
  return () => pushLane(f, elem, parts, lane);
}

/** Writes the canonical scalar pushed by `value` into lane `lane`. */
export function setLane(
  f: FunctionBuilder,
  elem: ScalarType,
  parts: readonly number[],
  lane: number,
  value: Push,
): void {
  const layout = laneLayoutOf(elem);
  const part = parts[Math.floor(lane / layout.perPart)] as number;
  f.op('local.get', part);
  if (isBool(elem)) f.constInt('i32', 0);
  value();
  if (isBool(elem)) f.op('i32.sub'); // 0/1 -> 0/-1
  f.lane(`${layout.shape}.replace_lane`, lane % layout.perPart).op('local.set', part);
}

/**
 * Pushes the v128 mask guarding data part `k` of a vector with element `elem`: the 32-bit
 * mask lanes widened (64-bit data) or narrowed (16/8-bit data) to the data's lane width.
 */
export function pushMaskFor(
  f: FunctionBuilder,
  mask: readonly number[],
  elem: ScalarType,
  k: number,
): void {
  const { bytes } = laneLayoutOf(elem);
  const get = (m: number): void => {
    f.op('local.get', (mask[m] ?? mask[mask.length - 1]) as number);
  };
  if (bytes === 4) get(k);
  else if (bytes === 8) {
    get(k >> 1);
    f.op(k % 2 === 0 ? 'i64x2.extend_low_i32x4_s' : 'i64x2.extend_high_i32x4_s');
  } else if (bytes === 2) {
    get(2 * k);
    get(2 * k + 1);
    f.op('i16x8.narrow_i32x4_s');
  } else {
    for (const pair of [0, 1]) {
      get(4 * k + 2 * pair);
      get(4 * k + 2 * pair + 1);
      f.op('i16x8.narrow_i32x4_s');
    }
    f.op('i8x16.narrow_i16x8_s');
  }
}

/** Byte selectors that take the low 32 bits of each 64-bit lane of two v128s. */
export const LOW_HALVES_OF_PAIR: readonly number[] = [
  0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27,
];
