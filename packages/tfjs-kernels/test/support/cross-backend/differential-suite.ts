/**
 * The differential suite every backend runs (test/webgl, test/webgpu, test/wasm), as tfjs runs
 * one suite body on each environment: random calls of the five ops (see
 * ./differential-cases.ts) on `cpu` and on the backend under test, which must agree bit for bit.
 */

import type { Tensor } from '@tensorflow/tfjs-core';
import * as tf from '@tensorflow/tfjs-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectCountsKept } from '../balance.js';
import { switchBackend } from './backend-switch.js';
import { layoutCaseArbitrary, tileCaseArbitrary, type ValueDomain } from './differential-cases.js';
import { type ExactOutput, exactOutput } from './exact-values.js';
import { runLayoutCase } from './layout-cases.js';
import { type GpuOnly, type IndexResidence, runTileCase, type TileCase } from './tile-cases.js';

/** The backend under test, as the differential suite needs it. */
export interface DifferentialTarget {
  readonly backend: string;
  /** Values its passes take. */
  readonly values: ValueDomain;
  readonly seed: number;
  readonly runs: number;
  /** Runs `fn` and expects the backend's tensor and resource counts back where they were. */
  readonly expectBalanced: <T>(fn: () => Promise<T>) => Promise<T>;
  /** How to keep indices on the GPU only (a backend without one places every case's on the CPU). */
  readonly gpuOnly?: GpuOnly;
  /** Where a case's indices live on the backend (default: where the case drew them). */
  readonly residence?: (c: TileCase, drawn: IndexResidence) => IndexResidence;
  /**
   * Whether the suite also draws calls the ops reject (offsets out of range under
   * `bounds: 'error'`): such a call must throw the same error on both backends.
   */
  readonly rejections?: boolean;
}

/** What a call gave: its output, or the error it threw (`name: message`). */
type Outcome = ExactOutput | { readonly error: string };

/** Registers the differential tests of `target`: each op, `target.runs` random calls. */
export function describeDifferential(target: DifferentialTarget): void {
  const { backend, runs, seed } = target;
  const cases = { rejections: target.rejections ?? false };
  /** Calls of the running test that gave an output, so that no test passes on errors alone. */
  let produced = 0;
  /** Runs `run` on `cpu`, or on the backend under test; both must balance their tensors. */
  const output = async (where: 'cpu' | 'tested', run: () => Tensor): Promise<ExactOutput> => {
    await switchBackend(where === 'tested' ? backend : 'cpu');
    return where === 'tested'
      ? target.expectBalanced(() => exactOutput(run))
      : expectCountsKept(
          () => tf.memory().numTensors,
          () => exactOutput(run),
        );
  };
  /** `output`, with a rejected call's error as its outcome where the target draws rejections. */
  const on = async (where: 'cpu' | 'tested', run: () => Tensor): Promise<Outcome> => {
    if (!cases.rejections) return output(where, run);
    try {
      return await output(where, run);
    } catch (error) {
      const e = error as Error;
      return { error: `${e.name}: ${e.message}` };
    }
  };
  /** Expects `run` to give the same outcome on both backends. */
  const expectSameOnBoth = async (run: (where: 'cpu' | 'tested') => Tensor): Promise<void> => {
    const cpu = await on('cpu', () => run('cpu'));
    const tested = await on('tested', () => run('tested'));
    expect(tested).toEqual(cpu);
    if (!('error' in cpu)) produced++;
  };
  /** Asserts `property` over `runs` draws, most of which must give an output. */
  const check = async <C>(draws: fc.Arbitrary<C>, property: (c: C) => Promise<void>) => {
    produced = 0;
    await fc.assert(fc.asyncProperty(draws, property), { seed, numRuns: runs });
    expect(produced).toBeGreaterThan(runs / 2);
  };

  describe(`${backend} agrees with cpu bit for bit (relayout family)`, () => {
    for (const op of ['relayout', 'unrelayout', 'convertLayout'] as const) {
      it(`${op}: ${runs} random cases`, async () => {
        await check(layoutCaseArbitrary(op, target.values), (c) =>
          expectSameOnBoth(() => runLayoutCase(c)),
        );
      });
    }
  });

  describe(`${backend} agrees with cpu bit for bit (TSCATTER / TGATHER)`, () => {
    for (const kernel of ['TScatter', 'TGather'] as const) {
      it(`${kernel}: ${runs} random cases (assign/add, all/lastWriter, batches, duplicates)`, async () => {
        await check(tileCaseArbitrary(kernel, target.values, cases), ({ c, residence }) => {
          const placed = target.residence?.(c, residence) ?? residence;
          return expectSameOnBoth((where) =>
            where === 'cpu' ? runTileCase(c) : runTileCase(c, placed, target.gpuOnly),
          );
        });
      });
    }
  });
}
