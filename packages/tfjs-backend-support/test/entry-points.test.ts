/**
 * Every entry is side-effect free: importing it in a fresh Node process loads no tfjs backend
 * (the GPU entries name the backends' types only, and the wasm heap is typed structurally) and
 * registers no kernel. tfjs is CommonJS under Node, so every loaded tfjs file shows up in the
 * CommonJS module cache; the probe is seen to notice a backend when one is loaded.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { probeFreshProcess, resolvedUrl } from '@tilekit/test-support/fresh-process';
import { describe, expect, it } from 'vitest';

const packageRoot = resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
  exports: Record<string, { '@tilekit/source'?: string }>;
};

/** Imports `urls` in a fresh process: the tfjs backends loaded and the kernels registered. */
const loadInFreshProcess = (urls: readonly string[]): { backends: string[]; kernels: number } =>
  probeFreshProcess(
    packageRoot,
    urls,
    `{
      backends: ['cpu', 'webgl', 'webgpu', 'wasm'].filter((b) =>
        files.some((f) => f.includes('tfjs-backend-' + b)),
      ),
      kernels: ['cpu', 'webgl', 'webgpu', 'wasm'].reduce(
        (n, b) => n + core.getKernelsForBackend(b).length,
        0,
      ),
    }`,
  );

const sources = Object.values(manifest.exports).flatMap((e) =>
  typeof e === 'object' && e['@tilekit/source'] !== undefined ? [e['@tilekit/source']] : [],
);

describe('entry points', () => {
  it('are the main entry and the three backend entries', () => {
    expect(sources).toEqual([
      './src/index.ts',
      './src/wasm-heap.ts',
      './src/webgl-passes.ts',
      './src/webgpu-passes.ts',
    ]);
  });

  for (const source of sources) {
    it(`${source} loads no backend and registers no kernel`, () => {
      const url = pathToFileURL(join(packageRoot, source)).href;
      expect(loadInFreshProcess([url])).toEqual({ backends: [], kernels: 0 });
    });
  }

  it('the probe notices a backend that is loaded (so the checks above can fail)', () => {
    const report = loadInFreshProcess([resolvedUrl(packageRoot, '@tensorflow/tfjs-backend-cpu')]);
    expect(report.backends).toEqual(['cpu']);
    expect(report.kernels).toBeGreaterThan(0);
  });
});
