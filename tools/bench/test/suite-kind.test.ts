/**
 * Browser suites run on a GPU backend or on the CPU by their file names: GPU suites get their
 * backend's Chromium flags (and are judged only on a real GPU), CPU suites none.
 */
import { describe, expect, it } from 'vitest';
import { WEBGL_CHROMIUM_ARGS, WEBGPU_CHROMIUM_ARGS } from '../../vitest/browser-environment.ts';
import { chromiumArgsFor, gpuBackendOf } from '../src/browser/suite-kind.js';

describe('browser suite kinds', () => {
  it('names GPU suites by their backend and CPU suites by neither', () => {
    const cases: [string, 'webgl' | 'webgpu' | undefined, readonly string[]][] = [
      ['/r/packages/sparse/bench/browser/webgpu.bench.ts', 'webgpu', WEBGPU_CHROMIUM_ARGS],
      ['/r/packages/tfjs-kernels/bench/browser/webgl.bench.ts', 'webgl', WEBGL_CHROMIUM_ARGS],
      ['/r/packages/sparse/bench/browser/threads.bench.ts', undefined, []],
      ['/r/packages/x/bench/browser/webgpu-threads.bench.ts', undefined, []],
      ['/r/packages/webgl.bench.ts/bench/browser/wasm.bench.ts', undefined, []],
    ];
    for (const [file, backend, args] of cases) {
      expect(gpuBackendOf(file), file).toBe(backend);
      expect(chromiumArgsFor(file), file).toEqual(args);
    }
    expect(WEBGPU_CHROMIUM_ARGS).not.toEqual(WEBGL_CHROMIUM_ARGS);
  });
});
