/**
 * No per-shape pipeline compilation: sizes, strides and index chains reach the WGSL as uniforms
 * and every pass binds 1-D inputs and an `[m, 1]` output with a one-dimensional dispatch. The
 * tile passes compile once per program and dtype; the layout pass once per *kind* (the structure
 * of its index chain, see src/webgpu/layout-pass-kind.ts), so new shapes of kinds already met
 * compile nothing. Compilations are counted by wrapping the device's `createComputePipeline`
 * (tfjs compiles every program through it, and caches pipelines by shader key).
 */
import { onEachCall } from '@tilekit/bench/gpu-probe';
import { describe, expect, it } from 'vitest';
import { convertLayoutSpec, relayoutSpec, unrelayoutSpec } from '../../src/gpu/layout-specs.js';
import { convertLayout, relayout, tgather, tscatter, unrelayout } from '../../src/index.js';
import { kindKey, layoutPassCall } from '../../src/webgpu/layout-pass-kind.js';
import { compilesDuring } from '../support/cross-backend/compiles-during.js';
import { iota } from '../support/iota.js';
import { isOnGpu, onWebgpu, tf, webgpuBackend } from './support/backends.js';

onWebgpu();

let compiled = 0;
let installed = false;

/** Pipelines compiled on the WebGPU device since the first call. */
function compiledPipelines(): number {
  if (!installed) {
    onEachCall(webgpuBackend().device, 'createComputePipeline', () => {
      compiled += 1;
    });
    installed = true;
  }
  return compiled;
}

/** Compilations caused by `run`, and its outputs. */
const countCompiles = (run: () => tf.Tensor[]) => compilesDuring(compiledPipelines, run);

describe('pipeline compilations on webgpu', () => {
  it('relayout / unrelayout / convertLayout compile once per kind, not per shape', async () => {
    const layouts = ['{1,0:T(8,128)}', '{0,1:T(2,4)(2,1)}', '{1,0:T(3,*,5)L(4)}', '{0,1}'];
    const target = '{0,1:T(8,8)}';
    const run = (x: tf.Tensor, layout: string) => {
      const whole = `${x.dtype === 'float32' ? 'f32' : 's32'}[${x.shape}]${layout}`;
      const buffer = relayout(x, layout, { padValue: 3 });
      return [buffer, unrelayout(buffer, whole), convertLayout(buffer, whole, target)];
    };
    /** The pass kinds (pipeline keys) of `run(x, layout)`, from the specs the kernels run. */
    const kindsOf = (shape: number[], dtype: 'float32' | 'int32', layout: string): string[] => {
      const physical = [relayoutSpec.plan({ layout, padValue: 3 }, shape, dtype).outShape[0]!];
      const passes = [
        relayoutSpec.plan({ layout, padValue: 3 }, shape, dtype),
        unrelayoutSpec.plan({ shape, layout }, physical, dtype),
        convertLayoutSpec.plan({ shape, from: layout, to: target, padValue: 3 }, physical, dtype),
      ];
      const inputSizes = [shape[0]! * shape[1]!, physical[0]!, physical[0]!];
      return passes.map((pass, k) => {
        const size = pass.outShape.reduce((a, b) => a * b, 1);
        return kindKey(layoutPassCall(pass.chain, size, dtype, inputSizes[k]!).kind);
      });
    };
    const make = (r: number, c: number, dtype: 'float32' | 'int32') =>
      tf.tensor2d(
        iota(r * c, (k) => k % 997),
        [r, c],
        dtype,
      );
    const dtypes = ['float32', 'int32'] as const;
    const shapesOf = (list: number[][]) =>
      list.flatMap((shape) =>
        dtypes.flatMap((dtype) => layouts.map((layout) => ({ shape, dtype, layout }))),
      );
    // Warm-up: each layout at sizes without padding (power-of-two strides, which shift, and
    // others, which divide; blocks of transposes staged 16, 8 and 32 wide) and at one with both.
    const warmCalls = shapesOf([
      [16, 256],
      [24, 384],
      [32, 64],
      [9, 7],
    ]);
    const warmKinds = new Set(warmCalls.flatMap((c) => kindsOf(c.shape, c.dtype, c.layout)));
    const warmInputs = warmCalls.map((c) => make(c.shape[0]!, c.shape[1]!, c.dtype));
    const warm = countCompiles(() => warmInputs.flatMap((x, k) => run(x, warmCalls[k]!.layout)));
    const freshCalls = shapesOf([
      [24, 512],
      [40, 384],
      [3, 1000],
      [128, 131],
      [64, 1024],
      [11, 13],
    ]);
    const freshKinds = freshCalls.flatMap((c) => kindsOf(c.shape, c.dtype, c.layout));
    const newKinds = new Set(freshKinds.filter((kind) => !warmKinds.has(kind)));
    const fresh = countCompiles(() =>
      freshCalls.flatMap((c) => run(make(c.shape[0]!, c.shape[1]!, c.dtype), c.layout)),
    );
    // One pipeline per kind met: the warm-up compiles each of its kinds once ...
    expect(warm.compiled).toBe(warmKinds.size);
    // ... and new shapes compile only kinds never met (at least half of them were met).
    expect(fresh.compiled).toBe(newKinds.size);
    expect(freshKinds.filter((kind) => warmKinds.has(kind)).length).toBeGreaterThanOrEqual(
      freshKinds.length / 2,
    );
    for (const out of fresh.outputs) expect(isOnGpu(out)).toBe(true);
    tf.dispose([...warmInputs, ...warm.outputs, ...fresh.outputs]);
    await tf.nextFrame();
  });

  it('tscatter / tgather compile once per pass, not per tile size or batch', async () => {
    const run = (rows: number, cols: number, batch: number) => {
      const n = batch * rows * cols;
      const shape = batch > 1 ? [batch, rows, cols] : [rows, cols];
      const src = tf.tensor(
        iota(n, (k) => k / 2),
        shape,
      );
      const idx = tf.tensor(
        iota(n, (k) => (k * 7 + (k % 5 === 0 ? 1 : 0)) % (rows * cols)),
        shape,
        'int32',
      );
      const dstShape: [number, number] = [rows, cols];
      const options = { dstShape, bounds: 'skip' as const, target: 'any' as const };
      const scattered = tscatter(src, idx, options);
      const gathered = tgather(scattered, idx, options);
      // The gradients run TGather 'lastWriter' and TScatter 'add' (dy given: no tfjs ops).
      const dsrc = tf.grad((s: tf.Tensor) => tscatter(s, idx, options))(src, scattered);
      const ddst = tf.grad((d: tf.Tensor) => tgather(d, idx, options))(scattered, gathered);
      tf.dispose([src, idx]);
      return [scattered, gathered, dsrc, ddst];
    };
    const warm = countCompiles(() => [...run(8, 16, 1), ...run(8, 16, 2)]);
    const fresh = countCompiles(() =>
      [
        [16, 16, 1],
        [24, 32, 2],
        [40, 40, 1],
        [8, 96, 3],
        [56, 64, 1],
        [72, 80, 2],
        [96, 96, 1],
        [64, 128, 1],
        [200, 64, 1],
        [32, 512, 1],
      ].flatMap(([r, c, b]) => run(r!, c!, b!)),
    );
    expect(warm.compiled).toBeGreaterThan(0);
    // last writer, winner gather, gather, last-writer gather (and its atomic pass), segment sum.
    expect(warm.compiled).toBeLessThanOrEqual(6);
    expect(fresh.compiled).toBe(0);
    for (const out of fresh.outputs) expect(isOnGpu(out)).toBe(true);
    tf.dispose([...warm.outputs, ...fresh.outputs]);
  });
});
