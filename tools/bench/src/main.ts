/**
 * `npm run bench`: discovers every package's `bench/*.bench.ts` suite (or runs the files given as
 * arguments) and prints medians and ratios. Each suite is bundled and run in its own plain
 * `node` process (see ./node/suite_bundle.ts for why not under tsx); browser suites are run by
 * ./browser/ when present.
 *
 * Env: TILEKIT_BENCH_OPTIONS (JSON over the harness defaults, e.g. '{"rounds":5}');
 * TILEKIT_BENCH_PYTHON (the Python the scipy suites run, instead of the lookup in
 * ./external/find-scipy.ts).
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatSuite } from './harness.js';
import { STEADY_MALLOC_ENV } from './node/steady_allocator.js';
import { bundleSuite } from './node/suite_bundle.js';
import { protectorNote, runSuiteProcess } from './node/suite_process.js';
import { BenchUsageError, suiteFiles } from './suite-files.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Runs one suite file (twice when it asks for the detached state) and prints its tables. */
async function runSuiteFile(file: string): Promise<void> {
  const bundle = await bundleSuite(file);
  const first = await runSuiteProcess(bundle, false);
  const runs = [{ run: first, detached: false }];
  if (first.alsoAfterDetach)
    runs.push({ run: await runSuiteProcess(bundle, true), detached: true });
  for (const { run, detached } of runs) {
    const name = detached
      ? `${run.result.name}, after an ArrayBuffer was detached`
      : run.result.name;
    const notes = [...(run.result.notes ?? []), protectorNote(run, detached)];
    console.log(formatSuite({ ...run.result, name, notes }).join('\n'));
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const files = suiteFiles(args, repoRoot);
  const allocator = Object.entries(STEADY_MALLOC_ENV)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
  console.log(
    `tilekit benchmarks (${files.length} suites; Node ${process.version}; each suite bundled and run ` +
      `in its own node process; medians of interleaved rounds; ${allocator})`,
  );
  for (const file of files) await runSuiteFile(file);
  const browserRunner = join(dirname(fileURLToPath(import.meta.url)), 'browser', 'main.ts');
  if (args.length === 0 && existsSync(browserRunner)) {
    const { runBrowserBenches } = (await import(pathToFileURL(browserRunner).href)) as {
      runBrowserBenches: () => Promise<void>;
    };
    await runBrowserBenches();
  }
}

try {
  await main();
} catch (error) {
  if (!(error instanceof BenchUsageError)) throw error;
  console.error(error.message);
  process.exitCode = 2;
}
