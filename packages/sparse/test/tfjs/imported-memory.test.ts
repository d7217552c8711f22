/**
 * The wasm engine in imported-memory mode over a plain and a shared `WebAssembly.Memory` (the
 * threaded tfjs wasm backend's heap is shared): a vectorized CSR SpMV whose operands and output
 * are views of that memory runs in place and equals an independent dense evaluation bit for bit
 * (exact quarter values: every summation order gives the same f32).
 */

import { BUFFER_PADDING, compileWasmOnMemory } from '@tilekit/loop-engines';
import { vectorize } from '@tilekit/sparse-vectorizer';
import { describe, expect, it } from 'vitest';
import { bindArguments, SparseTensor, sparsify } from '../../src/index.js';
import { denseEvaluate, randomDense } from '../sparsify/fixtures.js';

const ROWS = 37;
const COLS = 53;
const SPMV = 'y(i) = A(i,j) * x(j)';
const PAGES = 4;

type View = Float32Array | Uint32Array;

/** Copies arrays into `memory` one after another (16-byte aligned, padded) as views of it. */
function placer(memory: WebAssembly.Memory) {
  let top = 64;
  return <T extends View>(array: T): T => {
    const Kind = array.constructor as new (b: ArrayBufferLike, o: number, n: number) => T;
    const view = new Kind(memory.buffer, top, array.length);
    view.set(array as never);
    top += Math.ceil((array.byteLength + BUFFER_PADDING) / 16) * 16;
    return view;
  };
}

describe.each([false, true])('compileWasmOnMemory (shared memory: %s)', (shared) => {
  it('runs a vectorized spmv in place on the memory and equals a dense evaluation', () => {
    const memory = new WebAssembly.Memory(
      shared ? { initial: PAGES, maximum: PAGES, shared: true } : { initial: PAGES },
    );
    expect(memory.buffer instanceof SharedArrayBuffer).toBe(shared);
    const dense = randomDense([ROWS, COLS], { density: 0.2, seed: 3 });
    const xValues = randomDense([COLS], { density: 1, seed: 4 });
    const A = SparseTensor.fromDense(dense, [ROWS, COLS], 'CSR', { dtype: 'float32' });
    const kernel = sparsify(SPMV, { A: 'CSR' });
    const module = vectorize(kernel.module, { vectorLength: 8, enableSIMDIndex32: true }).module;
    const run = compileWasmOnMemory(module, kernel.functionName, memory);

    const place = placer(memory);
    const onMemory = {
      shape: A.shape,
      format: A.format,
      values: place(A.values as Float32Array),
      positions: A.positions.map((p) => (p === undefined ? p : place(p as Uint32Array))),
      coordinates: A.coordinates.map((c) => (c === undefined ? c : place(c as Uint32Array))),
    } as unknown as SparseTensor;
    const x = place(Float32Array.from(xValues));
    const y = place(new Float32Array(ROWS).fill(Number.NaN));
    const call = bindArguments(kernel, { A: onMemory, x: { data: x, shape: [COLS] } }, y);
    run(...call.args);

    const expected = denseEvaluate(
      SPMV,
      { A: { data: dense, shape: [ROWS, COLS] }, x: { data: xValues, shape: [COLS] } },
      new Float64Array(ROWS),
    );
    const bits = (a: ArrayLike<number>) => Array.from(new Uint32Array(Float32Array.from(a).buffer));
    expect(bits(y)).toEqual(bits(expected));
    expect(Array.from(y).some((v) => v !== 0)).toBe(true);
  });
});
