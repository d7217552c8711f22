/**
 * The `<script>`-tag builds (`dist/tilekit-sparse-<backend>.min.js`) in a plain HTML page in
 * headless Debian Chromium, as a page without a bundler uses tfjs: tf-core and one backend from
 * their own min.js files, then ours, which registers that backend's sparse kernels on the global
 * `tf` and adds `SparseTensor`, the sparse ops and their errors to `tf.tilekit`. Each backend's
 * result is compared with a plain loop over the same matrix. The README's "Script tags" page
 * also runs as written (`readmeText` is what it shows). Run by this package's `pack-check`, after
 * the build that writes the files.
 */
import { fileURLToPath } from 'node:url';
import { seededRandom } from '@tilekit/conformance/testing';
import { describeScriptTagBuilds } from '../../../../tools/vitest/script-tag-suite.ts';

const BACKENDS = ['cpu', 'wasm', 'webgl', 'webgpu'];

/** A random 5x7 matrix with about a third of its entries stored, and x = 1..7. */
function randomCase(seed: number) {
  const next = seededRandom(seed);
  const dense = Array.from({ length: 35 }, () =>
    next() < 0.35 ? Math.round(next() * 20 - 10) : 0,
  );
  const x = Array.from({ length: 7 }, (_, j) => j + 1);
  const y = Array.from({ length: 5 }, (_, i) =>
    x.reduce((sum, xj, j) => sum + dense[i * 7 + j]! * xj, 0),
  );
  return { dense, x, y };
}

const cases = new Map(BACKENDS.map((backend, i) => [backend, randomCase(17 + i)]));

describeScriptTagBuilds({
  repoRoot: fileURLToPath(new URL('../../../..', import.meta.url)),
  packageDir: 'packages/sparse',
  /** One script-tag file per register entry (`./tfjs/register-<backend>`). */
  registerEntry: /^\.\/tfjs\/register-(\w+)$/,
  notBackends: ['gradients'],
  backends: BACKENDS,
  scriptOf: (backend) => `packages/sparse/dist/tilekit-sparse-${backend}.min.js`,
  readmeText: '7 9',
  reference: 'what a plain loop does',
  program: (backend) => {
    const { dense, x } = cases.get(backend)!;
    return `const A = tf.tilekit.SparseTensor.fromDense(new Float32Array(${JSON.stringify(dense)}), [5, 7], 'CSR');
    const y = tf.tilekit.spmv(A, tf.tensor1d(${JSON.stringify(x)}));
    let mismatch = null;
    try { tf.tilekit.spmv(A, tf.tensor1d([1, 2])); } catch (e) {
      mismatch = e instanceof tf.tilekit.SparseError;
    }
    return { backend: tf.getBackend(), y: Array.from(await y.data()), mismatch };`;
  },
  // Small integers: every backend's f32 sum is exact.
  expected: (backend) => ({ backend, y: cases.get(backend)!.y, mismatch: true }),
});
