/** A kernel suite case that checks an asynchronous property over generated inputs. */
import * as fc from 'fast-check';
import type { ConformanceCase } from '../../core/case.js';
import { checkProperty } from '../../core/property.js';
import type { KernelCaseId, KernelContext } from './kernel-context.js';

/**
 * The case `id` checking `rule`: `check` must resolve for every value `arbitrary` generates,
 * with the suite's property settings (seed, number of runs).
 */
export function propertyCase<T>(
  ctx: KernelContext,
  id: KernelCaseId,
  rule: ConformanceCase['rule'],
  arbitrary: fc.Arbitrary<T>,
  check: (value: T) => Promise<void>,
): ConformanceCase<KernelCaseId> {
  return {
    id,
    rule,
    run: () => checkProperty(fc.asyncProperty(arbitrary, check), ctx.settings),
  };
}
