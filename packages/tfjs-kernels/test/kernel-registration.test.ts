/**
 * Forgetting a `register-*` import is a typed error naming the import to add, not tfjs's bare
 * "Kernel 'X' not registered". Kernels are removed from (or never registered for) a backend in
 * this file's own module scope; Vitest gives every test file a fresh tfjs engine and registry.
 */
import { MathBackendCPU } from '@tensorflow/tfjs-backend-cpu';
import { afterEach, describe, expect, it } from 'vitest';
import manifest from '../package.json' with { type: 'json' };
import {
  cpuKernelConfigs,
  KernelNotRegisteredError,
  REGISTER_ENTRIES,
  relayout,
  TiledRelayout,
  TScatter,
  tscatter,
} from '../src/index.js';
import { expectOpError } from './support/errors.js';
import { tf } from './support/tf.js';

/** Removes the CPU kernel `name` for the duration of `fn`. */
function withoutCpuKernel(name: string, fn: () => void): void {
  const config = cpuKernelConfigs.find((c) => c.kernelName === name)!;
  tf.unregisterKernel(name, 'cpu');
  try {
    fn();
  } finally {
    tf.registerKernel(config);
  }
}

/** Makes a backend named `name` (a CPU backend without any registered kernel) the active one. */
async function useBareBackend(name: string): Promise<void> {
  tf.registerBackend(name, () => new MathBackendCPU());
  await tf.setBackend(name);
}

afterEach(async () => {
  await tf.setBackend('cpu');
  for (const name of ['webgl', 'tilekit-bare']) {
    if (tf.findBackend(name) !== null) tf.removeBackend(name);
  }
});

describe('a kernel that is not registered', () => {
  it('the remedy table lists exactly the package’s register-* entries', () => {
    const exported = Object.keys(manifest.exports)
      .filter((key) => key.startsWith('./register-'))
      .map((key) => `${manifest.name}/${key.slice(2)}`)
      .sort();
    expect(Object.values(REGISTER_ENTRIES).sort()).toEqual(exported);
  });

  it('on cpu names the register-cpu import, with the op, kernel and backend', () => {
    const x = tf.tensor2d([
      [1, 2],
      [3, 4],
    ]);
    withoutCpuKernel(TiledRelayout, () => {
      const error = expectOpError(() => relayout(x, '{1,0}'), KernelNotRegisteredError);
      expect(error).toMatchObject({ op: 'relayout', kernel: TiledRelayout, backend: 'cpu' });
      expect(error.message).toContain("import '@tilekit/tfjs-kernels/register-cpu';");
      expect(error.message).not.toContain('webgl');
    });
    // Registered again: the same call works.
    const buffer = relayout(x, '{0,1}');
    expect(Array.from(buffer.dataSync())).toEqual([1, 3, 2, 4]);
    tf.dispose([x, buffer]);
  });

  it('on webgl names the register-webgl import', async () => {
    // A backend registered under the name 'webgl' with none of tilekit's WebGL kernels: what an
    // app that imports tfjs-backend-webgl but not register-webgl runs on.
    await useBareBackend('webgl');
    const src = tf.tensor2d([[1, 2, 3, 4, 5, 6, 7, 8]]);
    const idx = tf.tensor2d([[0, 1, 2, 3, 4, 5, 6, 7]], [1, 8], 'int32');
    const error = expectOpError(
      () => tscatter(src, idx, { dstShape: [1, 8] }),
      KernelNotRegisteredError,
    );
    expect(error).toMatchObject({ op: 'tscatter', kernel: TScatter, backend: 'webgl' });
    expect(error.message).toContain(`import '${REGISTER_ENTRIES.webgl}';`);
    tf.dispose([src, idx]);
  });

  it('on a backend tilekit has no entry for lists the backends it does support', async () => {
    await useBareBackend('tilekit-bare');
    const x = tf.tensor1d([1, 2, 3]);
    const error = expectOpError(() => relayout(x, '{0}'), KernelNotRegisteredError);
    expect(error.backend).toBe('tilekit-bare');
    for (const [backend, entry] of Object.entries(REGISTER_ENTRIES)) {
      expect(error.message).toContain(`'${backend}' (import '${entry}')`);
    }
    x.dispose();
  });
});
