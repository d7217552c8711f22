/**
 * Every sparse op on the cpu and wasm backends against plain loops over every index tuple, on
 * seeded random cases (formats, sizes, densities, dtypes), with backend-resident sparse
 * tensors; the tensor count balances after each case.
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';
import { describe, it } from 'vitest';
import '../../src/tfjs/register-cpu.js';
import '../../src/tfjs/register-wasm.js';
import { expectBalancedOn } from './support/balanced-on-backend.js';
import { CASE_OPS, expectCasesMatchLoops, randomCases } from './support/random-cases.js';

const CASES_PER_OP = 60;

describe.each(['cpu', 'wasm'] as const)('sparse ops on %s equal plain loops', (backend) => {
  it.each(CASE_OPS)('%s on random cases', async (op) => {
    await expectBalancedOn(tf, backend, () =>
      expectCasesMatchLoops(tf, randomCases(op, CASES_PER_OP, 1 + CASE_OPS.indexOf(op))),
    );
  });
});
