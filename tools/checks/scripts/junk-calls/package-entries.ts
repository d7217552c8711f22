/**
 * Every entry point the published packages offer: each key of each `exports` map (the main entry
 * and the subpaths, `@tilekit/sparse/tfjs`, `@tilekit/loop-ir/semantics`, the register entries),
 * as the specifier an app imports. Files exported by pattern (`./corpus/*.mlir`) and the manifest
 * itself are data, not code, and are left out.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, workspaces } from '../../test/support/workspace.js';

/** One entry point: its package and the specifier that imports it. */
export interface PackageEntry {
  readonly packageName: string;
  readonly specifier: string;
}

/** Every code entry of every published (non-private) workspace package, in manifest order. */
export function packageEntries(): PackageEntry[] {
  return workspaces()
    .filter((w) => w.manifest.private !== true)
    .flatMap((w) => {
      const manifest = JSON.parse(readFileSync(join(repoRoot, w.dir, 'package.json'), 'utf8')) as {
        exports?: Record<string, unknown> | string;
      };
      const keys =
        manifest.exports === undefined || typeof manifest.exports === 'string'
          ? ['.']
          : Object.keys(manifest.exports);
      return keys
        .filter((key) => !key.includes('*') && !key.endsWith('.json'))
        .map((key) => ({
          packageName: w.manifest.name,
          specifier: key === '.' ? w.manifest.name : `${w.manifest.name}${key.slice(1)}`,
        }));
    });
}
