/**
 * Call sequences that once corrupted a GPU backend's second call, as tests both GPU suites
 * register: each call is checked against `@tilekit/layout`'s maps, with tfjs's CPU forwarding
 * of small inputs on and off.
 */
import * as tf from '@tensorflow/tfjs-core';
import { describe, expect, it } from 'vitest';
import { relayout } from '../../../src/index.js';
import { exactValues } from './exact-values.js';
import { expectedLayoutResult, type LayoutCase } from './layout-cases.js';

/** A relayout case of an iota (first call) or of zeros padded with 1 (second call). */
function relayoutCase(dims: number[], layout: string, zeros: boolean): LayoutCase {
  const size = dims.reduce((a, b) => a * b, 1);
  return {
    op: 'relayout',
    dtype: 'int32',
    dims,
    values: Array.from({ length: size }, (_, k) => (zeros ? 0 : k)),
    layout,
    padValue: zeros ? 1 : 0,
  };
}

/** Runs `c` on the active backend and expects `@tilekit/layout`'s buffer. */
async function expectRelayout(c: LayoutCase): Promise<void> {
  const x = tf.tensor(c.values as number[], c.dims as number[], 'int32');
  const out = relayout(x, c.layout, { padValue: c.padValue });
  expect(await exactValues(out)).toEqual(expectedLayoutResult(c));
  tf.dispose([x, out]);
}

/** The reproducers, the flag that decides whether small inputs stay on the CPU, and its name. */
export function describeSequenceRegressions(cpuForwardFlag: string): void {
  describe('a relayout is not corrupted by the call before it', () => {
    const first = '{3,2,4,1,0:T(*,16)(5)(16,*,5)}';
    const second = '{0,1,2:T(128)(16,16)}';
    const sequences = [
      [relayoutCase([2, 3, 2, 3, 6], first, false), relayoutCase([7, 6, 4], second, true)],
      [relayoutCase([2, 3, 2, 3, 2], first, false), relayoutCase([7, 6, 2], second, true)],
    ];
    for (const forward of [true, false]) {
      for (const [a, b] of sequences) {
        it(`${a!.dims} then ${b!.dims} (${cpuForwardFlag} ${forward})`, async () => {
          const before = tf.env().getBool(cpuForwardFlag);
          tf.env().set(cpuForwardFlag, forward);
          try {
            await expectRelayout(a!);
            await expectRelayout(b!);
          } finally {
            tf.env().set(cpuForwardFlag, before);
          }
        });
      }
    }
  });
}
