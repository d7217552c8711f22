/**
 * Entry points load what they promise and nothing more: `register-cpu` never loads the WebGL
 * backend, the main entry registers nothing, and tests share one tfjs engine with the package.
 * Module loading is observed in fresh Node processes (tfjs is CommonJS under Node, so every loaded
 * tfjs file shows up in the CommonJS module cache).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  TGather,
  TiledConvertLayout,
  TiledRelayout,
  TiledUnrelayout,
  TScatter,
} from '../src/index.js';

const KERNELS = [TiledRelayout, TiledUnrelayout, TiledConvertLayout, TScatter, TGather];

import { tf } from './support/tf.js';

const packageRoot = resolve(import.meta.dirname, '..');
const tsx = resolve(packageRoot, '../../node_modules/.bin/tsx');

interface LoadReport {
  webgl: boolean;
  cpuBackend: boolean;
  registered: string[];
}

/** Imports `specifiers` in a fresh Node process and reports what got loaded and registered. */
function loadInFreshProcess(specifiers: string[]): LoadReport {
  const dir = mkdtempSync(join(tmpdir(), 'tilekit-entry-'));
  const script = join(dir, 'probe.mts');
  writeFileSync(
    script,
    [
      "import { createRequire } from 'node:module';",
      ...specifiers.map((s) => `import '${s}';`),
      `const require = createRequire(${JSON.stringify(pathToFileURL(join(packageRoot, 'package.json')).href)});`,
      "const core = require('@tensorflow/tfjs-core');",
      'const files = Object.keys(require.cache);',
      'console.log(JSON.stringify({',
      "  webgl: files.some((f) => f.includes('tfjs-backend-webgl')),",
      "  cpuBackend: files.some((f) => f.includes('tfjs-backend-cpu')),",
      `  registered: ${JSON.stringify(KERNELS)}.filter((k) => core.getKernel(k, 'cpu') !== undefined),`,
      '}));',
    ].join('\n'),
  );
  const result = spawnSync(tsx, ['--conditions=@tilekit/source', script], {
    cwd: packageRoot,
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as LoadReport;
}

const srcUrl = (file: string) => pathToFileURL(join(packageRoot, 'src', file)).href;
/** Resolved from this package, since the probe script lives outside the workspace. */
const packageUrl = (name: string) =>
  pathToFileURL(createRequire(join(packageRoot, 'package.json')).resolve(name)).href;

describe('entry points', () => {
  it('register-cpu registers the CPU kernels and never loads @tensorflow/tfjs-backend-webgl', () => {
    const report = loadInFreshProcess([
      packageUrl('@tensorflow/tfjs-backend-cpu'),
      srcUrl('register-cpu.ts'),
    ]);
    expect(report).toEqual({ webgl: false, cpuBackend: true, registered: KERNELS });
  });

  it('the probe does notice WebGL when it is loaded (so the check above can fail)', () => {
    const report = loadInFreshProcess([
      packageUrl('@tensorflow/tfjs-backend-webgl'),
      srcUrl('register-cpu.ts'),
    ]);
    expect(report.webgl).toBe(true);
  });

  it('index.ts is side-effect free: it registers no kernel and loads no backend', () => {
    const report = loadInFreshProcess([srcUrl('index.ts')]);
    expect(report).toEqual({ webgl: false, cpuBackend: false, registered: [] });
  });

  it('tests and package share one engine: the registry the test sees has the kernels', () => {
    for (const kernel of KERNELS) expect(tf.getKernel(kernel, 'cpu')?.kernelName).toBe(kernel);
  });
});
