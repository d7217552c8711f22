/**
 * A fresh clone of this checkout for tests that run commands which build or mutate (`npm start`,
 * releases, deliberate mutations): doing so in this checkout would race the other test projects
 * that run its built packages at the same time.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Options of {@link cloneCheckout}. */
export interface CloneOptions {
  /**
   * Carry the working tree's uncommitted changes (modified, deleted and untracked files that git
   * does not ignore) into the clone, so a test judges what is being written, not only `HEAD`.
   */
  readonly workingTree?: boolean;
}

const git = (cwd: string, args: string[]): string =>
  execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 1 << 26 });

/** Paths from `git ls-files -z`. */
const listed = (cwd: string, args: string[]): string[] =>
  git(cwd, ['ls-files', '-z', ...args])
    .split('\0')
    .filter((path) => path !== '');

/**
 * Clones `repoRoot` into `clone` (which must not exist) and stands in for `npm ci` with a
 * hard-linked copy of this checkout's `node_modules` (same lockfile; the workspace links are
 * relative, so they point into the clone). `clone` must be on the same file system as `repoRoot`.
 */
export function cloneCheckout(repoRoot: string, clone: string, options: CloneOptions = {}): void {
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', repoRoot, clone]);
  if (options.workingTree) {
    for (const path of listed(repoRoot, ['--deleted'])) rmSync(join(clone, path), { force: true });
    for (const path of listed(repoRoot, ['--modified', '--others', '--exclude-standard'])) {
      const from = join(repoRoot, path);
      if (!existsSync(from)) continue;
      mkdirSync(dirname(join(clone, path)), { recursive: true });
      copyFileSync(from, join(clone, path));
    }
  }
  execFileSync('cp', ['-al', join(repoRoot, 'node_modules'), join(clone, 'node_modules')]);
}
