/**
 * CSR <-> CSC on WebAssembly in a page (headless Chromium): the main entry installs the wasm
 * transposition there too, where no `Buffer` exists and the outputs start zero-filled. Held to a
 * plain per-column transposition of the same arrays, bit for bit, for every value type and for
 * matrices on both sides of the wasm route's entry limit (seeded).
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it, vi } from 'vitest';
import { SparseTensor, type ValueDType } from '../../src/index.js';
import {
  WASM_TRANSPOSITION_MIN_ENTRIES,
  wasmTransposedRows,
} from '../../src/sparse-tensor/wasm-transposition.js';

/** Each column's rows and values (as bits) in row order: the plain transposition. */
function columnsOf(csr: SparseTensor): { pointers: number[]; rows: number[]; bits: string[] } {
  const pointers = Array.from(csr.positions[1] as Uint32Array);
  const columns = Array.from(csr.coordinates[1] as Uint32Array);
  const width = csr.values.BYTES_PER_ELEMENT;
  const bytes = new Uint8Array(csr.values.buffer, csr.values.byteOffset, csr.values.byteLength);
  const bitsOf = (q: number) => Array.from(bytes.subarray(q * width, (q + 1) * width)).join(',');
  const lists: [number, string][][] = Array.from({ length: csr.shape[1] as number }, () => []);
  for (let r = 0; r + 1 < pointers.length; r++)
    for (let q = pointers[r] as number; q < (pointers[r + 1] as number); q++)
      lists[columns[q] as number]?.push([r, bitsOf(q)]);
  const starts = [0];
  for (const list of lists) starts.push((starts.at(-1) as number) + list.length);
  return {
    pointers: starts,
    rows: lists.flat().map((e) => e[0]),
    bits: lists.flat().map((e) => e[1]),
  };
}

const bitsOf = (values: ArrayBufferView, count: number): string[] => {
  const width = values.byteLength / count;
  const bytes = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  return Array.from({ length: count }, (_, q) =>
    Array.from(bytes.subarray(q * width, (q + 1) * width)).join(','),
  );
};

describe('CSR <-> CSC on WebAssembly in the browser', () => {
  it('equals the plain transposition bit for bit, every value type, both sides of the limit (seeded)', () => {
    const random = seededRandom(4410);
    let onWasm = 0;
    // Compiling goes through WebAssembly.Module (spied on, not changed): building and converting
    // the first matrix past the limit compiles the route the entry installed.
    const compiles = vi.spyOn(WebAssembly, 'Module');
    let compiledByConvert = false;
    for (const dtype of ['float32', 'float64', 'int32', 'int64'] as ValueDType[]) {
      for (const count of [WASM_TRANSPOSITION_MIN_ENTRIES - 1, 6000]) {
        const shape = [300 + Math.floor(random() * 300), 200 + Math.floor(random() * 300)];
        const seen = new Set<number>();
        const tuples: [number, number][] = [];
        while (tuples.length < count) {
          const i = Math.floor(random() * (shape[0] as number));
          const j = Math.floor(random() * (shape[1] as number));
          if (!seen.has(i * (shape[1] as number) + j)) tuples.push([i, j]);
          seen.add(i * (shape[1] as number) + j);
        }
        const values = tuples.map((_, k) => {
          if (dtype === 'int64') return BigInt(k) * 3_000_000_007n - 2n ** 40n;
          if (dtype === 'int32') return Math.floor((random() - 0.5) * 2 ** 31);
          return (random() - 0.5) * 1e6;
        });
        const before = compiles.mock.calls.length;
        const csr = SparseTensor.fromCoordinates(tuples, values, shape, 'CSR', { dtype });
        const expected = columnsOf(csr);
        const csc = csr.convert('CSC');
        if (count >= WASM_TRANSPOSITION_MIN_ENTRIES && dtype === 'float32')
          compiledByConvert = compiles.mock.calls.length > before;
        const what = `${dtype}, ${count} entries`;
        expect(Array.from(csc.positions[1] as Uint32Array), what).toEqual(expected.pointers);
        expect(Array.from(csc.coordinates[1] as Uint32Array), what).toEqual(expected.rows);
        expect(bitsOf(csc.values, csc.nnz), what).toEqual(expected.bits);
        const back = csc.convert('CSR');
        expect(bitsOf(back.values, back.nnz), `${what}, back`).toEqual(bitsOf(csr.values, csr.nnz));
        const pointers = Int32Array.from(csr.positions[1] as Uint32Array);
        const columns = Int32Array.from(csr.coordinates[1] as Uint32Array);
        if (wasmTransposedRows(pointers, columns, csr.values, shape[1] as number) !== undefined)
          onWasm++;
      }
    }
    // The page compiled the wasm route: every matrix from the limit on took it.
    expect(onWasm).toBe(4);
    expect(compiledByConvert).toBe(true);
    compiles.mockRestore();
    expect(typeof (globalThis as { Buffer?: unknown }).Buffer).toBe('undefined');
  });
});
