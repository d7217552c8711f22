/**
 * A kernel compiled to a `WasmKernelImage` runs without the compiler: the image, sent through
 * JSON (bytes as base64, as a generated module holds them) and instantiated, computes what the
 * interpreter computes, in the engine's memory and in place over an imported one; an image
 * that imports host functions runs given `wasmHostFunctions` and is refused without them; an
 * image that is not one is an EngineArgumentError naming it.
 */

import { parseModule } from '@tilekit/loop-ir';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compile,
  EngineArgumentError,
  instantiateWasmKernel,
  instantiateWasmKernelOnMemory,
  type WasmKernelImage,
  wasmHostFunctions,
  wasmKernelImage,
} from '../src/index.js';
import { mixKernel } from './support/resident-pool.js';

/** The f32 mix kernel (test/support/resident-pool.ts), with `k` fixed per kernel. */
const kernel = (k: number) => mixKernel(k, 'f32');

/** `image` as a generated module would carry it: JSON, the bytes base64. */
function throughJson(image: WasmKernelImage): WasmKernelImage {
  const text = JSON.stringify({ ...image, bytes: Buffer.from(image.bytes).toString('base64') });
  const parsed = JSON.parse(text) as WasmKernelImage & { bytes: string };
  return { ...parsed, bytes: new Uint8Array(Buffer.from(parsed.bytes, 'base64')) };
}

const f32s = (n: number) =>
  fc.float32Array({ minLength: n, maxLength: n, noNaN: true, noDefaultInfinity: true });

describe('a wasm kernel image', () => {
  it('records the written memrefs and imports nothing it does not call', () => {
    const image = wasmKernelImage(kernel(2), 'mix');
    expect(image.written).toEqual([2]);
    expect(image.hostImports).toEqual([]);
    expect(image.sharedMemory).toBe(false);
    expect(image.inputs.map((t) => t.kind)).toEqual(['memref', 'memref', 'memref']);
  });

  it('computes what the interpreter computes, in the engine memory and in place', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -8, max: 8 }),
        fc.integer({ min: 1, max: 40 }).chain((n) => fc.tuple(f32s(n), f32s(1 + (n % 5)))),
        (k, [a, b]) => {
          const module = kernel(k);
          const expected = new Float32Array(a.length);
          compile(module, 'mix', { engine: 'interpreter' })(a, b, expected);
          const image = throughJson(wasmKernelImage(module, 'mix'));
          const x = new Float32Array(a.length);
          instantiateWasmKernel(image)(a, b, x);
          expect(x).toEqual(expected);
          const memory = new WebAssembly.Memory({ initial: 1 });
          const view = (offset: number, n: number) => new Float32Array(memory.buffer, offset, n);
          const [va, vb, vx] = [view(0, a.length), view(1024, b.length), view(2048, a.length)];
          va.set(a);
          vb.set(b);
          instantiateWasmKernelOnMemory(image, memory)(va, vb, vx);
          expect(vx).toEqual(expected);
        },
      ),
      { seed: 37, numRuns: 40 },
    );
  });

  it('refuses what is not an image, and a shared image over the engine memory', () => {
    const image = wasmKernelImage(kernel(1), 'mix');
    const junk: unknown[] = [
      undefined,
      {},
      { ...image, bytes: [...image.bytes] },
      { ...image, hostImports: ['no.such.function'] },
      { ...image, inputs: [1] },
    ];
    for (const j of junk) {
      expect(() => instantiateWasmKernel(j as WasmKernelImage)).toThrow(EngineArgumentError);
      expect(() => instantiateWasmKernel(j as WasmKernelImage)).toThrow(/image/);
    }
    expect(() => instantiateWasmKernel({ ...image, sharedMemory: true })).toThrow(/shared memory/);
    const unshared = new WebAssembly.Memory({ initial: 1 });
    expect(() => instantiateWasmKernelOnMemory({ ...image, sharedMemory: true }, unshared)).toThrow(
      EngineArgumentError,
    );
  });

  it('runs an image importing host functions given wasmHostFunctions, and refuses it without', () => {
    const module = parseModule(`
func.func @k(%a: memref<?xf64>, %x: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf64>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %a[%i] : memref<?xf64>
    %e = math.exp %v : f64
    %s = math.sin %e : f64
    memref.store %s, %x[%i] : memref<?xf64>
  }
  return
}`);
    const image = throughJson(wasmKernelImage(module, 'k'));
    expect([...image.hostImports].sort()).toEqual(['math.exp', 'math.sin']);
    fc.assert(
      fc.property(
        fc.float64Array({ minLength: 1, maxLength: 30, min: -20, max: 5, noNaN: true }),
        (a) => {
          const expected = new Float64Array(a.length);
          compile(module, 'k', { engine: 'interpreter' })(a, expected);
          const x = new Float64Array(a.length);
          instantiateWasmKernel(image, wasmHostFunctions)(a, x);
          expect(x).toEqual(expected);
          const memory = new WebAssembly.Memory({ initial: 1 });
          const va = new Float64Array(memory.buffer, 0, a.length);
          const vx = new Float64Array(memory.buffer, 1024, a.length);
          va.set(a);
          instantiateWasmKernelOnMemory(image, memory, wasmHostFunctions)(va, vx);
          expect(vx).toEqual(expected);
        },
      ),
      { seed: 41, numRuns: 30 },
    );
    const memory = new WebAssembly.Memory({ initial: 1 });
    expect(() => instantiateWasmKernel(image)).toThrow(EngineArgumentError);
    expect(() => instantiateWasmKernel(image)).toThrow(/host function 'math\.(exp|sin)'/);
    expect(() => instantiateWasmKernelOnMemory(image, memory)).toThrow(/host function/);
    const { 'math.sin': _sin, ...withoutSin } = wasmHostFunctions;
    expect(() => instantiateWasmKernel(image, withoutSin)).toThrow(/'math\.sin'/);
  });
});
