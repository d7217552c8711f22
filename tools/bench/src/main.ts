/**
 * `npm run bench`: discovers every package's `bench/*.bench.ts` suite (or runs the files given as
 * arguments) and prints medians and ratios. Browser suites are run by ./browser/ when present.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type BenchSuite, formatSuite, runSuite } from './harness.js';
import { ensureSteadyAllocator } from './steady_allocator.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

function discoverSuites(): string[] {
  const packagesDir = join(repoRoot, 'packages');
  const files: string[] = [];
  for (const pkg of readdirSync(packagesDir).sort()) {
    const benchDir = join(packagesDir, pkg, 'bench');
    if (!existsSync(benchDir)) continue;
    for (const file of readdirSync(benchDir).sort()) {
      if (file.endsWith('.bench.ts')) files.push(join(benchDir, file));
    }
  }
  return files;
}

async function main(): Promise<void> {
  ensureSteadyAllocator();
  const args = process.argv.slice(2);
  const files = args.length > 0 ? args.map((f) => resolve(f)) : discoverSuites();
  console.log(
    `tilekit benchmarks (${files.length} suites; Node ${process.version}; medians of interleaved rounds; ` +
      `malloc trim threshold ${process.env.MALLOC_TRIM_THRESHOLD_ ?? 'default'})`,
  );
  for (const file of files) {
    const suite = (await import(pathToFileURL(file).href)).default as BenchSuite;
    console.log(formatSuite(await runSuite(suite)).join('\n'));
  }
  const browserRunner = join(dirname(fileURLToPath(import.meta.url)), 'browser', 'main.ts');
  if (args.length === 0 && existsSync(browserRunner)) {
    const { runBrowserBenches } = (await import(pathToFileURL(browserRunner).href)) as {
      runBrowserBenches: () => Promise<void>;
    };
    await runBrowserBenches();
  }
}

await main();
