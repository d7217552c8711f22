/**
 * Memory coalescing of the WebGPU layout passes, checked without a GPU: 32 consecutive
 * invocations (one warp) of every pass the benchmark suite's layout cases generate are simulated
 * from the pass's own kind and uniforms (./support/layout-pass-simulation.ts), at warps spread
 * over the output; each load instruction and the store must cover one contiguous byte range
 * across the warp, as a GPU merges into full memory transactions, never a stride per lane. The
 * simulated sources are checked against the index chain itself, so the simulation cannot drift
 * from what the pass computes.
 */
import type { DataType } from '@tensorflow/tfjs-core';
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import { evaluateChain } from '../src/gpu/index-chain.js';
import type { LayoutPass } from '../src/gpu/layout-kernel-spec.js';
import { convertLayoutSpec, relayoutSpec, unrelayoutSpec } from '../src/gpu/layout-specs.js';
import { sizeFromShape } from '../src/util/shape-size.js';
import { layoutPassCall } from '../src/webgpu/layout-pass-kind.js';
import { simulateWarp, warpCount, wastedSectors } from './support/layout-pass-simulation.js';

const F32: DataType = 'float32';

/** A pass of the suite, with its input size. */
interface SuitePass {
  readonly name: string;
  readonly pass: LayoutPass;
  readonly inputSize: number;
}

function relayoutPass(dims: number[], layout: string): SuitePass {
  return {
    name: `relayout f32[${dims}] -> ${layout}`,
    pass: relayoutSpec.plan({ layout, padValue: 0 }, dims, F32),
    inputSize: sizeFromShape(dims),
  };
}

function unrelayoutPass(dims: number[], layout: string): SuitePass {
  const physical = relayoutSpec.plan({ layout, padValue: 0 }, dims, F32).outShape;
  return {
    name: `unrelayout f32[${dims}]${layout}`,
    pass: unrelayoutSpec.plan({ shape: dims, layout }, physical, F32),
    inputSize: sizeFromShape(physical),
  };
}

function convertPass(dims: number[], from: string, to: string): SuitePass {
  const physical = relayoutSpec.plan({ layout: from, padValue: 0 }, dims, F32).outShape;
  return {
    name: `convertLayout f32[${dims}] ${from} -> ${to}`,
    pass: convertLayoutSpec.plan({ shape: dims, from, to, padValue: 0 }, physical, F32),
    inputSize: sizeFromShape(physical),
  };
}

/** The layout cases of bench/browser/layout-cases.ts, and the 8192² relayout. */
const SUITE: SuitePass[] = [
  relayoutPass([2048, 2048], '{1,0:T(8,128)}'),
  relayoutPass([8192, 8192], '{1,0:T(8,128)}'),
  relayoutPass([2048, 2048], '{1,0:T(8,128)(2,1)}'),
  relayoutPass([16, 512, 512], '{1,2,0:T(8,128)}'),
  unrelayoutPass([2048, 2048], '{1,0:T(8,128)}'),
  convertPass([2048, 2048], '{1,0:T(8,128)}', '{1,0:T(8,128)(2,1)}'),
  // Transposes, whose consecutive outputs read sources a row apart.
  relayoutPass([2048, 2048], '{0,1}'),
  unrelayoutPass([2048, 2048], '{0,1}'),
  relayoutPass([2048, 2048], '{0,1:T(8,128)}'),
  convertPass([2048, 2048], '{1,0:T(8,128)}', '{0,1:T(8,128)}'),
  relayoutPass([16, 512, 512], '{0,1,2}'),
  // Transposes whose tiles pad (160 columns into tiles of 128), staged with padding.
  relayoutPass([64, 96, 160], '{1,2,0:T(8,128)}'),
  relayoutPass([1000, 1000], '{0,1:T(8,128)}'),
];

/** The pass's call, as the WebGPU kernel makes it. */
function callOf(s: SuitePass) {
  return layoutPassCall(s.pass.chain, sizeFromShape(s.pass.outShape), F32, s.inputSize);
}

/** Warps: the first, the last, and random ones. */
function warpsOf(s: SuitePass): number[] {
  const warps = warpCount(callOf(s));
  const random = seededRandom(33);
  return [0, warps - 1, ...Array.from({ length: 40 }, () => Math.floor(random() * warps))];
}

describe('webgpu layout passes: every warp instruction moves whole 32-byte sectors', () => {
  for (const s of SUITE) {
    it(s.name, () => {
      const call = callOf(s);
      for (const w of warpsOf(s)) {
        const { instructions, copies } = simulateWarp(call, w);
        // The simulated copies are the chain's own.
        for (const [output, source] of copies) {
          expect(source).toBe(evaluateChain(s.pass.chain, output));
        }
        expect(instructions.map(wastedSectors)).toEqual(instructions.map(() => 0));
      }
    });
  }
});
