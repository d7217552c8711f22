/**
 * The workspace as the checks see it: the repository root and every workspace project (its name,
 * folder and manifest), read from the root manifest's `workspaces` globs.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute path of the repository root. */
export const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

/** A workspace project's manifest, the fields the checks read. */
export interface Manifest {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly dependencies?: Record<string, string>;
  readonly devDependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
}

/** One workspace project. */
export interface Workspace {
  /** Folder relative to the root, with `/` separators (`packages/layout`). */
  readonly dir: string;
  readonly manifest: Manifest;
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/** Every workspace project, in the order of the root's `workspaces` globs (`dir/*` or `dir`). */
export function workspaces(): Workspace[] {
  return readJson<{ workspaces: string[] }>(join(repoRoot, 'package.json'))
    .workspaces.flatMap((glob) =>
      glob.endsWith('/*')
        ? readdirSync(join(repoRoot, glob.slice(0, -2)))
            .sort()
            .map((name) => `${glob.slice(0, -2)}/${name}`)
        : [glob],
    )
    .filter((dir) => existsSync(join(repoRoot, dir, 'package.json')))
    .map((dir) => ({ dir, manifest: readJson<Manifest>(join(repoRoot, dir, 'package.json')) }));
}

/** Absolute folder of the workspace project named `name`. */
export function packageDir(name: string): string {
  const found = workspaces().find((w) => w.manifest.name === name);
  if (found === undefined) throw new Error(`no workspace project named '${name}'`);
  return join(repoRoot, found.dir);
}
