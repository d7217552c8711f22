/**
 * Copies memref buffers into and out of wasm linear memory, in the IR element's layout
 * (i1 one byte, index eight bytes). Same-layout pairings are one bulk byte copy; the others
 * (an `index` memref over an Int32Array, an f32 memref over a Float64Array) convert per
 * element.
 */
import type { MemRefData, MemRefType, ScalarType } from '@tilekit/loop-ir';
import { elementBytes } from './memory-layout.js';

function wasmView(buffer: ArrayBuffer, at: number, t: ScalarType, n: number): MemRefData {
  if (t.kind === 'float')
    return t.format === 'f64' ? new Float64Array(buffer, at, n) : new Float32Array(buffer, at, n);
  const bytes = elementBytes(t);
  if (bytes === 8) return new BigInt64Array(buffer, at, n);
  if (bytes === 4) return new Int32Array(buffer, at, n);
  if (bytes === 2) return new Int16Array(buffer, at, n);
  return new Int8Array(buffer, at, n);
}

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
  const view = wasmView(buffer, at, elem, data.length);
  if (view instanceof BigInt64Array) {
    for (let k = 0; k < data.length; k++) view[k] = BigInt(data[k] as number);
  } else {
    (view as Float32Array).set(data as Float64Array);
  }
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
  const view = wasmView(buffer, at, elem, data.length);
  if (view instanceof BigInt64Array) {
    for (let k = 0; k < data.length; k++) (data as Int32Array)[k] = Number(view[k]);
  } else {
    (data as Float64Array).set(view as Float32Array);
  }
}
