/**
 * The sequence suite both GPU backends run: random sequences of calls (./sequence-cases.ts) run
 * one after another on `cpu` and then on the backend under test, where every call's output
 * must agree bit for bit with the same call on `cpu` however the calls before it left the
 * backend, and the whole sequence must balance the backend's resources.
 */
import type { Tensor } from '@tensorflow/tfjs-core';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { switchBackend } from './backend-switch.js';
import type { DifferentialTarget } from './differential-suite.js';
import { type ExactOutput, exactOutput } from './exact-values.js';
import { runLayoutCase } from './layout-cases.js';
import { type SequenceCall, sequenceArbitrary } from './sequence-cases.js';
import { runTileCase } from './tile-cases.js';

/** Runs the sequence's calls in order on the active backend, reading each output back. */
async function runSequence(
  calls: readonly SequenceCall[],
  target: DifferentialTarget,
  onCpu: boolean,
): Promise<ExactOutput[]> {
  const outputs: ExactOutput[] = [];
  for (const call of calls) {
    const run = (): Tensor => {
      if (call.kind === 'layout') return runLayoutCase(call.c);
      if (onCpu) return runTileCase(call.c);
      const residence = target.residence?.(call.c, call.residence) ?? call.residence;
      return runTileCase(call.c, residence, target.gpuOnly);
    };
    outputs.push(await exactOutput(run));
  }
  return outputs;
}

/** Registers the sequence test of `target`: `target.runs` random sequences of 2..6 calls. */
export function describeSequences(target: DifferentialTarget): void {
  const { runs } = target;
  it(`${target.backend}: ${runs} random call sequences agree with cpu call by call`, async () => {
    await fc.assert(
      fc.asyncProperty(sequenceArbitrary(target.values), async (calls) => {
        await switchBackend('cpu');
        const cpu = await runSequence(calls, target, true);
        await switchBackend(target.backend);
        const gpu = await target.expectBalanced(() => runSequence(calls, target, false));
        gpu.forEach((output, k) => {
          expect(output, `call ${k} of ${calls.length}`).toEqual(cpu[k]);
        });
      }),
      { seed: target.seed, numRuns: runs },
    );
  });
}
