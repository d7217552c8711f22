/**
 * Copies memref buffers into and out of wasm linear memory, in the IR element's layout
 * (i1 one byte, index eight bytes). Same-layout pairings are one bulk byte copy; the one
 * other pairing the engines take, an `index` memref over 32-bit integers, converts each
 * element to and from eight bytes.
 */
import type { MemRefData, MemRefType, ScalarType } from '@tilekit/loop-ir';
import { elementBytes } from './memory-layout.js';

/** Whether `data` holds its elements as a memref of `t` lays them out in memory. */
export function sameLayout(data: MemRefData, t: ScalarType): boolean {
  const bytes = elementBytes(t);
  if (data.BYTES_PER_ELEMENT !== bytes) return false;
  const isFloatData = data instanceof Float32Array || data instanceof Float64Array;
  return isFloatData === (t.kind === 'float');
}

/** Copies `data` into linear memory at byte address `at`. */
export function copyIn(buffer: ArrayBuffer, at: number, data: MemRefData, t: MemRefType): void {
  const elem = t.element as ScalarType;
  if (sameLayout(data, elem)) {
    new Uint8Array(buffer, at, data.byteLength).set(
      new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    );
    return;
  }
  const view = new BigInt64Array(buffer, at, data.length);
  for (let k = 0; k < data.length; k++) view[k] = BigInt(data[k] as number);
}

/** Copies linear memory at byte address `at` back into `data`. */
export function copyOut(buffer: ArrayBuffer, at: number, data: MemRefData, t: MemRefType): void {
  const elem = t.element as ScalarType;
  if (sameLayout(data, elem)) {
    new Uint8Array(data.buffer, data.byteOffset, data.byteLength).set(
      new Uint8Array(buffer, at, data.byteLength),
    );
    return;
  }
  const view = new BigInt64Array(buffer, at, data.length);
  for (let k = 0; k < data.length; k++) (data as Int32Array)[k] = Number(view[k]);
}
