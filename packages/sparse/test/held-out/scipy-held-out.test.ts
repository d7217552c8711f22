/**
 * The held-out set: 400 cases scipy.sparse 1.17.1 computed from seed 3601, made once with
 * `@tilekit/conformance`'s generator
 * (`python3 packages/conformance/scripts/generate-scipy-sparse-fixture.py --seed 3601 --count 400
 * --out packages/sparse/test/held-out/fixtures/scipy-sparse-seed-3601.json`) and never used while
 * developing the kernels (the development set is seed 34). The same oracle body runs it, so a
 * kernel tuned to the development cases and wrong elsewhere shows here.
 */
import { readFileSync } from 'node:fs';
import { asScipySparseFile } from '@tilekit/conformance/testing';
import { describeScipyOracle } from '../support/scipy-oracle.js';

const HELD_OUT = asScipySparseFile(
  JSON.parse(
    readFileSync(new URL('./fixtures/scipy-sparse-seed-3601.json', import.meta.url), 'utf8'),
  ),
);

describeScipyOracle('the held-out set', HELD_OUT);
