/**
 * Every entry is side-effect free: importing it in a fresh Node process loads no tfjs backend
 * (the GPU entries name the backends' types only, and the wasm heap is typed structurally) and
 * registers no kernel. tfjs is CommonJS under Node, so every loaded tfjs file shows up in the
 * CommonJS module cache; the probe is seen to notice a backend when one is loaded.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageRoot = resolve(import.meta.dirname, '..');
const tsx = resolve(packageRoot, '../../node_modules/.bin/tsx');
const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
  exports: Record<string, { '@tilekit/source'?: string }>;
};

/** Imports `urls` in a fresh process: the tfjs backends loaded and the kernels registered. */
function loadInFreshProcess(urls: readonly string[]): { backends: string[]; kernels: number } {
  const dir = mkdtempSync(join(tmpdir(), 'tilekit-backend-support-entry-'));
  const script = join(dir, 'probe.mts');
  writeFileSync(
    script,
    [
      "import { createRequire } from 'node:module';",
      ...urls.map((url) => `import '${url}';`),
      `const require = createRequire(${JSON.stringify(pathToFileURL(join(packageRoot, 'package.json')).href)});`,
      "const core = require('@tensorflow/tfjs-core');",
      'const files = Object.keys(require.cache);',
      "const names = ['cpu', 'webgl', 'webgpu', 'wasm'];",
      'console.log(JSON.stringify({',
      "  backends: names.filter((b) => files.some((f) => f.includes('tfjs-backend-' + b))),",
      '  kernels: names.reduce((n, b) => n + core.getKernelsForBackend(b).length, 0),',
      '}));',
    ].join('\n'),
  );
  const result = spawnSync(tsx, ['--conditions=@tilekit/source', script], {
    cwd: packageRoot,
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!);
}

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
    const cpu = pathToFileURL(
      createRequire(join(packageRoot, 'package.json')).resolve('@tensorflow/tfjs-backend-cpu'),
    ).href;
    const report = loadInFreshProcess([cpu]);
    expect(report.backends).toEqual(['cpu']);
    expect(report.kernels).toBeGreaterThan(0);
  });
});
