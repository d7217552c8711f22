/**
 * The differential suite both GPU backends run: random calls of the five ops (see
 * ./differential-cases.ts) on `cpu` and on the backend under test, which must agree bit for bit.
 */
import type { Tensor } from '@tensorflow/tfjs-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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
  readonly gpuOnly: GpuOnly;
  /** Where a case's indices live on the backend (default: where the case drew them). */
  readonly residence?: (c: TileCase, drawn: IndexResidence) => IndexResidence;
}

/** Registers the differential tests of `target`: each op, `target.runs` random calls. */
export function describeDifferential(target: DifferentialTarget): void {
  const { backend, runs, seed } = target;
  /** Runs `run` on `cpu`, or on the backend under test with its balance checks. */
  const on = async (where: 'cpu' | 'gpu', run: () => Tensor): Promise<ExactOutput> => {
    await switchBackend(where === 'gpu' ? backend : 'cpu');
    return where === 'gpu' ? target.expectBalanced(() => exactOutput(run)) : exactOutput(run);
  };
  describe(`${backend} agrees with cpu bit for bit (relayout family)`, () => {
    for (const op of ['relayout', 'unrelayout', 'convertLayout'] as const) {
      it(`${op}: ${runs} random cases`, async () => {
        await fc.assert(
          fc.asyncProperty(layoutCaseArbitrary(op, target.values), async (c) => {
            const cpu = await on('cpu', () => runLayoutCase(c));
            const gpu = await on('gpu', () => runLayoutCase(c));
            expect(gpu).toEqual(cpu);
          }),
          { seed, numRuns: runs },
        );
      });
    }
  });

  describe(`${backend} agrees with cpu bit for bit (TSCATTER / TGATHER)`, () => {
    for (const kernel of ['TScatter', 'TGather'] as const) {
      it(`${kernel}: ${runs} random cases (assign/add, all/lastWriter, batches, duplicates)`, async () => {
        await fc.assert(
          fc.asyncProperty(tileCaseArbitrary(kernel, target.values), async ({ c, residence }) => {
            const placed = target.residence?.(c, residence) ?? residence;
            const cpu = await on('cpu', () => runTileCase(c));
            const gpu = await on('gpu', () => runTileCase(c, placed, target.gpuOnly));
            expect(gpu).toEqual(cpu);
          }),
          { seed, numRuns: runs },
        );
      });
    }
  });
}
