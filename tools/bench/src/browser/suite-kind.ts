/**
 * What a browser suite runs on, by its file name: `*webgpu.bench.ts` and `*webgl.bench.ts`
 * measure a GPU backend (launched with that backend's Chromium flags, and judged only on a real
 * GPU), any other suite the CPU (threads, wasm), launched without GPU flags and judged as the
 * Node suites are.
 */
import { basename } from 'node:path';
import { WEBGL_CHROMIUM_ARGS, WEBGPU_CHROMIUM_ARGS } from '../../../vitest/browser-environment.ts';

/** The GPU backend a suite file measures, or `undefined` for a CPU suite. */
export function gpuBackendOf(file: string): 'webgl' | 'webgpu' | undefined {
  const name = basename(file);
  if (name.endsWith('webgpu.bench.ts')) return 'webgpu';
  if (name.endsWith('webgl.bench.ts')) return 'webgl';
  return undefined;
}

/** The Chromium flags for one suite file: its GPU backend's, or none for a CPU suite. */
export function chromiumArgsFor(file: string): readonly string[] {
  const backend = gpuBackendOf(file);
  if (backend === 'webgpu') return WEBGPU_CHROMIUM_ARGS;
  if (backend === 'webgl') return WEBGL_CHROMIUM_ARGS;
  return [];
}
