/**
 * The measured process's side: runs one suite with the shared harness and sends the result to
 * the parent over the IPC channel (stdout stays free for the suite's own messages).
 */
import { type BenchSuite, benchOptionsFromJson, runSuite, type SuiteResult } from '../harness.js';
import { fullCollectionsProbe } from './full-collections.js';

/** What the child sends its parent. */
export interface ChildReport {
  readonly result: SuiteResult;
  /** The suite asks for a second run after a buffer was detached. */
  readonly alsoAfterDetach: boolean;
}

/** Runs `suite` and reports it to the parent; exits non-zero (with the stack) if it throws. */
export async function runSuiteInChild(suite: BenchSuite): Promise<void> {
  const send = process.send?.bind(process);
  if (send === undefined) throw new Error('suite bundles run as children of the bench runner');
  const result = await runSuite(
    suite,
    benchOptionsFromJson(process.env.TILEKIT_BENCH_OPTIONS),
    fullCollectionsProbe(),
  );
  const report: ChildReport = { result, alsoAfterDetach: suite.alsoAfterDetach === true };
  await new Promise<void>((resolve, reject) =>
    send(report, undefined, {}, (error) => (error ? reject(error) : resolve())),
  );
  process.disconnect();
}
