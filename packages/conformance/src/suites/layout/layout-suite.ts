/** `layoutConformance`: the layout suite over any `LayoutImpl`. */

import { requireObject } from '../../core/arguments.js';
import { DEFAULT_SEED } from '../../core/property.js';
import {
  type ConformanceSuite,
  checkSuiteOptions,
  createSuite,
  type SuiteOptions,
} from '../../core/suite.js';
import type { LayoutImpl } from './layout-impl.js';
import { layoutPropertyCases } from './property-cases.js';
import { seedLayoutCases } from './seed-cases.js';
import { type LayoutCaseId, xlaLayoutCases } from './xla-cases.js';
import { xlaParserCases } from './xla-parser-cases.js';

/** Property runs per property case unless `numRuns` is given. */
export const LAYOUT_DEFAULT_RUNS = 100;

/**
 * The layout conformance suite: XLA's own vectors, XLA's verdicts on thousands of generated
 * shape strings (accept/reject, canonical print, byte size), the "Tiled layout" document's
 * figures and combined-dimensions example, and seeded properties against the reference formulas.
 *
 * ```ts
 * import * as layout from '@tilekit/layout';
 * import { describe, expect, it } from 'vitest';
 * layoutConformance(layout, { describe, it, expect });
 * ```
 *
 * @param impl The implementation's public functions.
 * @param options Framework functions (registers the cases when given), exclusions, seed, runs.
 * @returns The suite; call `run()` to run it without a framework.
 * @throws ConformanceConfigError for exclusions that name no case or give no reason.
 */
export function layoutConformance<S, L>(
  impl: LayoutImpl<S, L>,
  options: SuiteOptions<LayoutCaseId> = {},
): ConformanceSuite<LayoutCaseId> {
  requireObject(impl as unknown, 'impl');
  checkSuiteOptions(options);
  const settings = {
    seed: options.seed ?? DEFAULT_SEED,
    numRuns: options.numRuns ?? LAYOUT_DEFAULT_RUNS,
  };
  return createSuite(
    {
      name: 'layout',
      label: 'layout',
      cases: [
        ...seedLayoutCases(impl),
        ...xlaLayoutCases(impl),
        ...xlaParserCases(impl),
        ...layoutPropertyCases(impl, settings),
      ],
    },
    options,
  );
}
