/**
 * Bit-exact views of results, shared by the WebGL (test/webgl), WebGPU (test/webgpu) and wasm
 * (test/wasm) suites: float32 values become their bit patterns, so -0, NaN payloads
 * and subnormals compare exactly.
 */
import type { DataType, Tensor } from '@tensorflow/tfjs-core';
import { expect } from 'vitest';

/**
 * Float32 values a bit-exact path must carry unchanged: -0, NaN, both infinities, two
 * subnormals, a value near the largest finite one, and 1 (eight: one 1x8 tile).
 */
export const FLOAT32_SPECIALS: readonly number[] = [
  -0,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  1e-45,
  -1.4e-44,
  3.4e38,
  1,
];

/**
 * The raw bit patterns of float32 values, for bit-exact comparison. A Float32Array is read in
 * place: copying it through numbers could quiet a signalling NaN.
 */
export function float32Bits(values: ArrayLike<number>): number[] {
  const floats = values instanceof Float32Array ? values : Float32Array.from(values);
  return Array.from(new Uint32Array(floats.buffer, floats.byteOffset, floats.length));
}

/** A tensor's values as comparable numbers: float32 bit patterns, or the int32 values. */
export async function exactValues(t: Tensor): Promise<number[]> {
  const values = await t.data();
  return t.dtype === 'float32'
    ? float32Bits(values as Float32Array)
    : Array.from(values as Int32Array);
}

/** An output's shape and exact values. */
export interface ExactOutput {
  readonly shape: number[];
  readonly values: number[];
}

/** Runs `run` on the active backend and returns its output's shape and exact values. */
export async function exactOutput(run: () => Tensor): Promise<ExactOutput> {
  const out = run();
  const result = { shape: out.shape, values: await exactValues(out) };
  out.dispose();
  return result;
}

/**
 * Expects `out` to hold exactly `expected` (bit for bit for float32) with dtype `dtype`, then
 * disposes it.
 */
export async function expectExactResult(
  out: Tensor,
  dtype: DataType,
  expected: readonly number[],
): Promise<void> {
  expect(out.dtype).toBe(dtype);
  expect(await exactValues(out)).toEqual(dtype === 'float32' ? float32Bits(expected) : expected);
  out.dispose();
}
