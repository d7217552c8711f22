/** `kernelConformance`: the kernel suite over any tfjs backend's registered kernels. */

import { requireObject, requireString } from '../../core/arguments.js';
import { DEFAULT_SEED } from '../../core/property.js';
import {
  type ConformanceSuite,
  checkSuiteOptions,
  createSuite,
  type SuiteOptions,
} from '../../core/suite.js';
import { type Tolerance, toleranceFor } from '../../core/tolerance.js';
import { ConformanceConfigError } from '../../errors.js';
import type { KernelCaseId, KernelContext } from './kernel-context.js';
import type { KernelTarget, TensorHandle } from './kernel-impl.js';
import { relayoutCases } from './relayout-cases.js';
import { tileCases } from './tile-cases.js';

/**
 * Property runs per property case, per backend: shader-compiling backends compile a program per
 * new shape, so they get fewer runs.
 */
export const KERNEL_DEFAULT_RUNS: Readonly<Record<string, number>> = {
  cpu: 60,
  wasm: 60,
  webgl: 15,
};

/** Options of `kernelConformance`. */
export interface KernelSuiteOptions extends SuiteOptions<KernelCaseId> {
  /** Allowed difference of float32 outputs (default: `DEFAULT_TOLERANCES[backend]`). */
  readonly tolerance?: Tolerance;
}

/**
 * The kernel conformance suite: relayout, TSCATTER and TGATHER on one tfjs backend, against the
 * document's figures, XLA's vectors, the PTO CPU simulator and the reference loops. Only the ops
 * present in `target.ops` are tested. The suite switches tfjs to `target.backend` before its
 * first case.
 *
 * ```ts
 * import * as tf from '@tensorflow/tfjs-core';
 * import { tscatter, tgather } from '@tilekit/tfjs-kernels';
 * kernelConformance({ tf, backend: 'cpu', ops: { tscatter, tgather } }, { describe, it });
 * ```
 *
 * @throws ConformanceConfigError when `target.ops` has none of the ops, or for bad exclusions.
 */
export function kernelConformance<T extends TensorHandle>(
  target: KernelTarget<T>,
  options: KernelSuiteOptions = {},
): ConformanceSuite<KernelCaseId> {
  requireObject(target as unknown, 'target');
  requireObject(target.tf as unknown, 'target.tf');
  requireString(target.backend, 'target.backend');
  requireObject(target.ops as unknown, 'target.ops');
  checkSuiteOptions(options);
  if (Object.values(target.ops).every((op) => typeof op !== 'function')) {
    throw new ConformanceConfigError(
      'ops',
      'has none of relayout, unrelayout, convertLayout, tscatter, tgather',
    );
  }
  const ctx: KernelContext = {
    // Every tensor a case hands to an op comes from this target's tf.tensor or from its ops, so
    // it is a T: the cases can work on the structural view.
    target: target as unknown as KernelTarget<TensorHandle>,
    tolerance: toleranceFor(target.backend, options.tolerance),
    settings: {
      seed: options.seed ?? DEFAULT_SEED,
      numRuns:
        options.numRuns ??
        (Object.hasOwn(KERNEL_DEFAULT_RUNS, target.backend)
          ? KERNEL_DEFAULT_RUNS[target.backend]
          : undefined) ??
        30,
    },
  };
  return createSuite(
    {
      name: 'kernels',
      label: `kernels (${target.backend})`,
      cases: [...relayoutCases(ctx), ...tileCases(ctx)],
      setup: async () => {
        const switched = await target.tf.setBackend(target.backend);
        await target.tf.ready();
        if (!switched || target.tf.getBackend() !== target.backend) {
          throw new ConformanceConfigError(
            'backend',
            `'${target.backend}' could not be activated (tfjs is on '${target.tf.getBackend()}')`,
          );
        }
      },
    },
    options,
  );
}
