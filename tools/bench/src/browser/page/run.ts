/**
 * The benchmark page: imports the suite named in `?suite=` (an absolute path, served by Vite's
 * `/@fs/`), runs it with the shared harness and leaves the result on `window` for the runner.
 */
import {
  type BenchSuite,
  benchOptionsFromJson,
  runSuite,
  type SuiteResult,
} from '../../harness.js';

/** What the page reports back: the suite's result, or why it failed. */
export type PageOutcome = { readonly result: SuiteResult } | { readonly error: string };

declare global {
  interface Window {
    __tilekitBench?: PageOutcome;
  }
}

async function run(): Promise<PageOutcome> {
  const params = new URLSearchParams(location.search);
  const file = params.get('suite');
  if (file === null) return { error: 'no ?suite= given' };
  const options = benchOptionsFromJson(params.get('options'));
  const module = (await import(/* @vite-ignore */ `/@fs${file}`)) as { default: BenchSuite };
  return { result: await runSuite(module.default, options) };
}

run()
  .catch(
    (error: unknown): PageOutcome => ({
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    }),
  )
  .then((outcome) => {
    window.__tilekitBench = outcome;
  });
