/**
 * Proof that the suites test something: each deliberately broken implementation (test/mutants/)
 * wraps the real one and breaks exactly one rule; running the suite standalone against it, with
 * the same exclusions as the unbroken implementation, must fail naming that rule, while the
 * unbroken implementation passes. The exclusions are the implementations' own (their packages
 * export them).
 */

import {
  type ConformanceSuite,
  kernelConformance,
  layoutConformance,
  type RuleId,
  type SparseImpl,
  sparseConformance,
  vectorizerConformance,
} from '@tilekit/conformance';
import { LAYOUT_CONFORMANCE_EXCLUSIONS } from '@tilekit/layout';
import { SPARSE_CONFORMANCE_EXCLUSIONS } from '@tilekit/sparse';
import { VECTORIZER_CONFORMANCE_EXCLUSIONS } from '@tilekit/sparse-vectorizer';
import { describe, expect, it } from 'vitest';
import { firstWriterWins, paddingNotZeroed, validRegionFromSrc } from './mutants/kernel-mutants.js';
import {
  combineIntoMajorNeighbour,
  negativeMemorySpaceDropped,
  realLayout,
  splitConfigsUnchecked,
  tilesOnPrefix,
} from './mutants/layout-mutants.js';
import {
  firstEntryStoredTwice,
  realSparse,
  reductionsOverWholeExpression,
} from './mutants/sparse-mutants.js';
import {
  gatherIndexNotWidened,
  maskOffByOne,
  realVectorizer,
  reductionInitZeroForMul,
} from './mutants/vectorizer-mutants.js';
import { failingRules, failureMessages, realKernelOps, tf } from './support/tilekit.js';

const cpu = (ops = realKernelOps) => kernelConformance({ tf, backend: 'cpu', ops });
const sparse = (impl: SparseImpl = realSparse) =>
  sparseConformance(impl, { exclusions: SPARSE_CONFORMANCE_EXCLUSIONS });

/** Each mutant, the suite that runs it, and the rule it breaks. */
const MUTANTS: readonly { name: string; suite: () => ConformanceSuite; rule: RuleId }[] = [
  {
    name: 'tiles applied to the prefix',
    suite: () => layoutConformance(tilesOnPrefix(), { exclusions: LAYOUT_CONFORMANCE_EXCLUSIONS }),
    rule: 'layout.tile-suffix',
  },
  {
    name: '`*` merging into the wrong neighbour',
    suite: () =>
      layoutConformance(combineIntoMajorNeighbour(), { exclusions: LAYOUT_CONFORMANCE_EXCLUSIONS }),
    rule: 'layout.combine-dimension',
  },
  {
    name: 'split configs not checked against the shape',
    suite: () =>
      layoutConformance(splitConfigsUnchecked(), { exclusions: LAYOUT_CONFORMANCE_EXCLUSIONS }),
    rule: 'layout.reject-invalid',
  },
  {
    name: 'negative memory spaces printed as the default',
    suite: () =>
      layoutConformance(negativeMemorySpaceDropped(), {
        exclusions: LAYOUT_CONFORMANCE_EXCLUSIONS,
      }),
    rule: 'layout.parse-print',
  },
  {
    name: 'first writer wins',
    suite: () => cpu(firstWriterWins(realKernelOps)),
    rule: 'tscatter.last-writer-wins',
  },
  {
    name: 'valid region taken from src',
    suite: () => cpu(validRegionFromSrc(realKernelOps)),
    rule: 'tscatter.index-valid-region',
  },
  {
    name: 'padding not zeroed',
    suite: () => cpu(paddingNotZeroed(realKernelOps)),
    rule: 'relayout.padding-fill',
  },
  {
    name: 'reduction init of 0 for MUL',
    suite: () =>
      vectorizerConformance(reductionInitZeroForMul(), {
        exclusions: VECTORIZER_CONFORMANCE_EXCLUSIONS,
      }),
    rule: 'vectorize.reduction-init',
  },
  {
    name: 'mask off by one',
    suite: () =>
      vectorizerConformance(maskOffByOne(), { exclusions: VECTORIZER_CONFORMANCE_EXCLUSIONS }),
    rule: 'vectorize.remainder-mask',
  },
  {
    name: 'gather index not widened',
    suite: () =>
      vectorizerConformance(gatherIndexNotWidened(), {
        exclusions: VECTORIZER_CONFORMANCE_EXCLUSIONS,
      }),
    rule: 'vectorize.gather-index-width',
  },
  {
    name: 'reductions over the whole expression',
    suite: () => sparse(reductionsOverWholeExpression()),
    rule: 'sparse.reduction-placement',
  },
  {
    name: 'a sparse output entry stored twice',
    suite: () => sparse(firstEntryStoredTwice()),
    rule: 'sparse.output-entries',
  },
];

describe('the unbroken implementations pass', () => {
  it.each([
    ['layout', () => layoutConformance(realLayout, { exclusions: LAYOUT_CONFORMANCE_EXCLUSIONS })],
    ['kernels (cpu)', () => cpu()],
    [
      'vectorizer',
      () =>
        vectorizerConformance(realVectorizer, { exclusions: VECTORIZER_CONFORMANCE_EXCLUSIONS }),
    ],
    ['sparse (js)', () => sparse()],
  ] as const)('%s', async (_name, suite) => {
    const report = await suite().run();
    expect(failureMessages(report)).toEqual([]);
    expect(report.passed).toBeGreaterThan(0);
  });
});

describe('each mutant fails its suite, naming the broken rule', () => {
  it.each(MUTANTS)('$name -> $rule', async ({ suite, rule }) => {
    const report = await suite().run();
    expect(report.failed).toBeGreaterThan(0);
    expect(failingRules(report)).toContain(rule);
    const named = failureMessages(report).filter((m) => m.includes(`breaks rule ${rule}:`));
    expect(named.length).toBeGreaterThan(0);
  });
});
