/** tilekit's real kernels on the CPU backend, as the conformance suites drive them. */
import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import '@tilekit/tfjs-kernels/register-cpu';
import type { KernelOps, SuiteReport } from '@tilekit/conformance';
import * as kernels from '@tilekit/tfjs-kernels';

// Quiets tfjs's one-time "install tfjs-node" banner; changes nothing for the CPU backend.
tf.env().set('IS_TEST', true);

export { tf };

/** tilekit's ops, as the kernel suite drives them. */
export const realKernelOps: KernelOps<tf.Tensor> = kernels;

/** The rules a report's failed cases name, sorted. */
export function failingRules(report: SuiteReport): string[] {
  return [
    ...new Set(report.results.filter((r) => r.status === 'failed').map((r) => r.rule)),
  ].sort();
}

/** Every failure message of a report. */
export function failureMessages(report: SuiteReport): string[] {
  return report.results.flatMap((r) => (r.status === 'failed' && r.error ? [r.error.message] : []));
}
