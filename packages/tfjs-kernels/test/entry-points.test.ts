/**
 * Entry points load what they promise and nothing more: `register-cpu` never loads the WebGL
 * backend, the main entry registers nothing, and tests share one tfjs engine with the package.
 * Module loading is observed in fresh Node processes (tfjs is CommonJS under Node, so every loaded
 * tfjs file shows up in the CommonJS module cache).
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { probeFreshProcess, resolvedUrl } from '@tilekit/test-support/fresh-process';
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

interface LoadReport {
  webgl: boolean;
  cpuBackend: boolean;
  registered: string[];
}

/** Imports `urls` in a fresh Node process and reports what got loaded and registered. */
const loadInFreshProcess = (urls: string[]): LoadReport =>
  probeFreshProcess(
    packageRoot,
    urls,
    `{
      webgl: files.some((f) => f.includes('tfjs-backend-webgl')),
      cpuBackend: files.some((f) => f.includes('tfjs-backend-cpu')),
      registered: ${JSON.stringify(KERNELS)}.filter((k) => core.getKernel(k, 'cpu') !== undefined),
    }`,
  );

const srcUrl = (file: string) => pathToFileURL(join(packageRoot, 'src', file)).href;
/** Resolved from this package, since the probe script lives outside the workspace. */
const packageUrl = (name: string) => resolvedUrl(packageRoot, name);

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
