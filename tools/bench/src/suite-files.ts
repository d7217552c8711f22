/**
 * Which suite files `npm run bench` runs: every package's `bench/*.bench.ts`, or the files its
 * arguments name, each checked to exist and to be a suite before anything is bundled, so that a
 * mistyped path is one line naming it rather than a bundler's stack trace.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/** A request the bench cannot run: its message is the whole report (no stack trace). */
export class BenchUsageError extends Error {
  override readonly name = 'BenchUsageError';
}

const SUITE_SUFFIX = '.bench.ts';

/** Every package's suites under `repoRoot`, in name order. */
export function discoverSuites(repoRoot: string): string[] {
  const packagesDir = join(repoRoot, 'packages');
  const files: string[] = [];
  for (const pkg of readdirSync(packagesDir).sort()) {
    const benchDir = join(packagesDir, pkg, 'bench');
    if (!existsSync(benchDir)) continue;
    for (const file of readdirSync(benchDir).sort())
      if (file.endsWith(SUITE_SUFFIX)) files.push(join(benchDir, file));
  }
  return files;
}

/**
 * The suite files `args` name (resolved from the working directory), or every suite when there
 * are none. Throws {@link BenchUsageError} naming each argument that is not a suite file, with
 * the suites there are.
 */
export function suiteFiles(args: readonly string[], repoRoot: string): string[] {
  if (args.length === 0) return discoverSuites(repoRoot);
  const files = args.map((arg) => resolve(arg));
  const wrong = args.filter((_, k) => {
    const file = files[k] as string;
    return !(file.endsWith(SUITE_SUFFIX) && existsSync(file) && statSync(file).isFile());
  });
  if (wrong.length === 0) return files;
  const known = discoverSuites(repoRoot).map((file) => relative(process.cwd(), file));
  throw new BenchUsageError(
    `npm run bench: not a suite file (a packages/*/bench/*${SUITE_SUFFIX} that exists): ${wrong
      .map((arg) => JSON.stringify(arg))
      .join(', ')}\nthe suites are:\n${known.map((file) => `  ${file}`).join('\n')}`,
  );
}
