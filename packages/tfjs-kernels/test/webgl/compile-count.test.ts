/**
 * No per-shape recompilation: sizes and strides reach the shaders as uniforms, so after a
 * warm-up that meets each program kind once per texture-shape class (tfjs keys binaries on
 * whether a texture is one row or many, and on a 3-D texture's width being 2, 4 or more), new shapes compile nothing. Compilations are counted
 * by wrapping the GPGPU context's createProgram; inputs are uploaded (tfjs compiles its own
 * per-shape upload shaders) and results read back (per-shape download shaders) outside the
 * counted regions.
 */
import { describe, expect, it } from 'vitest';
import { convertLayout, relayout, tgather, tscatter, unrelayout } from '../../src/index.js';
import { compilesDuring } from '../support/cross-backend/compiles-during.js';
import { iota } from '../support/iota.js';
import { compiledPrograms } from './support/accounting.js';
import { isOnGpu, tf, webglBackend } from './support/backends.js';
import { onWebgl2 } from './support/webgl-setup.js';

onWebgl2();

/** A tensor already uploaded to a texture. */
function uploaded(
  values: number[],
  shape: number[],
  dtype: 'float32' | 'int32' = 'float32',
): tf.Tensor {
  const t = tf.tensor(values, shape, dtype);
  webglBackend().uploadToGPU(t.dataId);
  return t;
}

/** Compilations caused by `run`, and its outputs. */
const countCompiles = (run: () => tf.Tensor[]) => compilesDuring(compiledPrograms, run);

describe('shader compilations', () => {
  it('relayout / unrelayout / convertLayout compile once per kind, not per shape', async () => {
    // [8a, 256b] with a, b >= 2 under T(8,128) and T(8,256): one chain structure per op (no
    // padding anywhere). Warm-up: 1-D outputs of one texel row (<= 16384 values) and of many;
    // [n/4, 2, 2] outputs in each of tfjs's texture classes for them (one texel wide, two texels
    // wide, squarish), with power-of-two strides (shifts) and without (divisions).
    const warmUp = [
      [16, 512],
      [64, 512],
      [48, 1024],
      [128, 1024],
      [16, 768],
      [40, 768],
      [80, 768],
      [128, 768],
    ];
    const shapes = [
      ...warmUp,
      [24, 512],
      [32, 512],
      [16, 1280],
      [72, 512],
      [56, 512],
      [88, 512],
      [96, 768],
      [24, 1024],
      [104, 512],
      [112, 768],
      [120, 512],
      [16, 2048],
      [128, 1280],
      [136, 512],
      [144, 768],
      [152, 512],
      [160, 512],
      [24, 768],
    ];
    const inputs = shapes.map(([r, c]) =>
      uploaded(
        iota(r! * c!, (k) => k % 997),
        [r!, c!],
      ),
    );
    const layout = '{1,0:T(8,128)}';
    const run = (x: tf.Tensor) => {
      const buffer = relayout(x, layout);
      const whole = `f32[${x.shape}]${layout}`;
      return [buffer, unrelayout(buffer, whole), convertLayout(buffer, whole, '{1,0:T(8,256)}')];
    };
    const warm = countCompiles(() => inputs.slice(0, warmUp.length).flatMap(run));
    const fresh = countCompiles(() => inputs.slice(warmUp.length).flatMap(run));
    expect(fresh.compiled).toBe(0);
    // Three ops x three texture classes x shifts-or-divisions, at most.
    expect(warm.compiled).toBeGreaterThan(0);
    expect(warm.compiled).toBeLessThanOrEqual(18);
    for (const out of fresh.outputs) expect(isOnGpu(out)).toBe(true);
    // Spot-check a fresh result against the round trip.
    expect(Array.from(await fresh.outputs[1]!.data())).toEqual(
      Array.from(await inputs[warmUp.length]!.data()),
    );
    tf.dispose([...inputs, ...warm.outputs, ...fresh.outputs]);
  });

  it('tscatter / tgather compile once per program, not per tile size', async () => {
    // Warm-up: outputs of one texture row (<= 8192 values) and of many.
    const sizes = [
      [8, 16],
      [128, 128],
      [16, 16],
      [24, 32],
      [40, 40],
      [8, 96],
      [56, 64],
      [72, 80],
      [96, 96],
      [64, 128],
      [200, 64],
      [32, 512],
    ];
    const cases = sizes.map(([r, c]) => {
      const n = r! * c!;
      return {
        shape: [r!, c!],
        src: uploaded(
          iota(n, (k) => k / 2),
          [r!, c!],
        ),
        // A permutation with a few duplicates, kept on the CPU (map path).
        idx: tf.tensor2d(
          iota(n, (k) => (k * 7 + (k % 5 === 0 ? 1 : 0)) % n),
          [r!, c!],
          'int32',
        ),
      };
    });
    const run = ({ shape, src, idx }: (typeof cases)[number]) => {
      const dstShape = shape as [number, number];
      const scattered = tscatter(src, idx, { dstShape, bounds: 'skip', target: 'any' });
      return [scattered, tgather(scattered, idx, { bounds: 'skip', target: 'any' })];
    };
    const warm = countCompiles(() => cases.slice(0, 2).flatMap(run));
    const fresh = countCompiles(() => cases.slice(2).flatMap(run));
    expect(fresh.compiled).toBe(0);
    expect(warm.compiled).toBeLessThanOrEqual(4);
    for (const out of fresh.outputs) expect(isOnGpu(out)).toBe(true);
    tf.dispose([...cases.flatMap((c) => [c.src, c.idx]), ...warm.outputs, ...fresh.outputs]);
  });
});
