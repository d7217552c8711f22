/**
 * One file-naming convention across the packages: every source, test, benchmark and script file
 * (and every folder above it) is kebab-case, except a TensorFlow.js kernel's own file, which is
 * named after the kernel it registers (`TScatter.ts`) or the gradient of it (`TScatter_grad.ts`),
 * as tfjs-core and its backends name theirs.
 */
import { spawnSync } from 'node:child_process';
import * as tilekitKernels from '@tilekit/tfjs-kernels';
import { describe, expect, it } from 'vitest';
import { repoRoot, workspaces } from './support/workspace.js';

const CODE_FILE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/;
const KEBAB_SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The string constants `@tilekit/tfjs-kernels` exports whose value is their own name: its kernels. */
const kernelNames = new Set(
  Object.entries(tilekitKernels)
    .filter(([key, value]) => typeof value === 'string' && value === key)
    .map(([key]) => key),
);

/** Whether a file's name (without folders) follows the convention. */
function isConventionalFileName(name: string): boolean {
  const [stem = '', ...suffixes] = name.split('.');
  const suffixesOk = suffixes.every((s) => KEBAB_SEGMENT.test(s));
  if (KEBAB_SEGMENT.test(stem)) return suffixesOk;
  const kernel = stem.endsWith('_grad') ? stem.slice(0, -'_grad'.length) : stem;
  return kernelNames.has(kernel) && suffixesOk;
}

/** Whether a path relative to its project follows the convention in every segment. */
function isConventionalPath(path: string): boolean {
  const segments = path.split('/');
  const name = segments.pop() ?? '';
  return (
    segments.every((s) => KEBAB_SEGMENT.test(s) || s.startsWith('.')) &&
    isConventionalFileName(name)
  );
}

/** The tracked code files of the project in `dir`, relative to that folder. */
function codeFilesOf(dir: string): string[] {
  const run = spawnSync('git', ['ls-files', '--', dir], { cwd: repoRoot, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout
    .split('\n')
    .filter((f) => CODE_FILE.test(f))
    .map((f) => f.slice(dir.length + 1));
}

const packages = workspaces().filter((w) => w.dir.startsWith('packages/'));

describe('file names', () => {
  it('knows the tfjs kernel names it allows', () => {
    expect([...kernelNames].sort()).toEqual(
      ['TGather', 'TScatter', 'TiledConvertLayout', 'TiledRelayout', 'TiledUnrelayout'].sort(),
    );
  });

  it('accepts kebab-case and kernel names and rejects the rest', () => {
    expect(isConventionalPath('src/wasm/move-module.ts')).toBe(true);
    expect(isConventionalPath('test/browser/webgl.test.ts')).toBe(true);
    expect(isConventionalPath('src/cpu/kernels/TScatter.ts')).toBe(true);
    expect(isConventionalPath('src/gradients/TGather_grad.ts')).toBe(true);
    expect(isConventionalPath('src/wasm/move_module.ts')).toBe(false);
    expect(isConventionalPath('src/wasm/moveModule.ts')).toBe(false);
    expect(isConventionalPath('src/Wasm/move-module.ts')).toBe(false);
    expect(isConventionalPath('src/snake_dir/move-module.ts')).toBe(false);
    expect(isConventionalPath('src/kernels/Scatter.ts')).toBe(false);
    expect(isConventionalPath('src/kernels/TScatter_Grad.ts')).toBe(false);
  });

  for (const w of packages) {
    it(`${w.dir}: every source, test, bench and script file is kebab-case or a kernel name`, () => {
      const files = codeFilesOf(w.dir);
      expect(files.length).toBeGreaterThan(0);
      expect(files.filter((f) => !isConventionalPath(f))).toEqual([]);
    });
  }
});
