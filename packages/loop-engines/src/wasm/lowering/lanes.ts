/**
 * How IR scalar and vector types live in wasm: scalars in one local of a wasm value type
 * (`i8`/`i16` sign-extended in an i32, `i1` as 0/1, `index` as i64), vectors as a list of
 * v128 "parts" holding lanes of the element's exact width. Masks (`vector<Nxi1>`) use 32-bit
 * lanes (all ones / zero), the width of the f32/i32 data they usually guard.
 */

import type { ScalarType, Type, VectorType } from '@tilekit/loop-ir';
import { laneCount } from '@tilekit/loop-ir';
import type { ValType } from '@tilekit/wasm-encoder';
import { EngineUnsupportedError } from '../../errors.js';

/** v128 lane interpretations. */
export type LaneShape = 'i8x16' | 'i16x8' | 'i32x4' | 'i64x2' | 'f32x4' | 'f64x2';

/** Lane layout of one element type inside v128 parts. */
export interface LaneLayout {
  readonly shape: LaneShape;
  /** Bytes per lane. */
  readonly bytes: 1 | 2 | 4 | 8;
  /** Lanes per v128 part. */
  readonly perPart: number;
}

/** The wasm value type that holds a scalar of `t`. */
export function valTypeOf(t: ScalarType): ValType {
  switch (t.kind) {
    case 'index':
      return 'i64';
    case 'integer':
      return t.width === 64 ? 'i64' : 'i32';
    case 'float':
      if (t.format === 'f32') return 'f32';
      if (t.format === 'f64') return 'f64';
      // NOTE: f16/bf16 have no wasm value type here; the interpreter runs such kernels.
      throw new EngineUnsupportedError(`the wasm engine does not support ${t.format}`);
  }
}

/** The lane layout of vector elements of type `t`. */
export function laneLayoutOf(t: ScalarType): LaneLayout {
  if (t.kind === 'float') {
    valTypeOf(t);
    return t.format === 'f32'
      ? { shape: 'f32x4', bytes: 4, perPart: 4 }
      : { shape: 'f64x2', bytes: 8, perPart: 2 };
  }
  const width = t.kind === 'index' ? 64 : t.width;
  if (width === 64) return { shape: 'i64x2', bytes: 8, perPart: 2 };
  if (width === 16) return { shape: 'i16x8', bytes: 2, perPart: 8 };
  if (width === 8) return { shape: 'i8x16', bytes: 1, perPart: 16 };
  return { shape: 'i32x4', bytes: 4, perPart: 4 };
}

/** Number of v128 parts a vector of `t` needs. */
export function partCount(t: VectorType, vscale: number): number {
  return Math.ceil(laneCount(t, vscale) / laneLayoutOf(t.element).perPart);
}

/** True for `i1`. */
export function isBool(t: Type): boolean {
  return t.kind === 'integer' && t.width === 1;
}
