/**
 * How a compiled kernel's memrefs lie in linear memory: the contract between the code the
 * lowering emits and the runtime that copies arguments in and out. Elements take their IR
 * type's width (`i1` one byte, `index` eight), and every buffer is followed by padding that
 * masked-off vector lanes may load from.
 */
import type { ScalarType } from '@tilekit/loop-ir';

/** Bytes every runtime buffer is padded with, so masked-off vector lanes stay in memory. */
export const BUFFER_PADDING = 1024;

/** Bytes one element of `t` occupies in memory (i1 memrefs store one byte per element). */
export function elementBytes(t: ScalarType): number {
  if (t.kind === 'index') return 8;
  if (t.kind === 'integer') return t.width === 1 ? 1 : t.width / 8;
  return t.format === 'f64' ? 8 : t.format === 'f32' ? 4 : 2;
}
