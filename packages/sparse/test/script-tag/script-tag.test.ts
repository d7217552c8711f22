/**
 * The `<script>`-tag builds (`dist/tilekit-sparse-<backend>.min.js`) in a plain HTML page in
 * headless Debian Chromium, as a page without a bundler uses tfjs: tf-core and one backend from
 * their own min.js files, then ours, which registers that backend's sparse kernels on the global
 * `tf` and adds `SparseTensor`, the sparse ops and their errors to `tf.tilekit`. Each backend's
 * result is compared with a plain loop over the same matrix. Run by this package's `pack-check`,
 * after the build that writes the files.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRandom } from '@tilekit/conformance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readmeScriptTagPage,
  type ScriptTagPages,
  startScriptTagPages,
  tfjsPage,
} from '../../../../tools/vitest/script-tag-pages.ts';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const manifest = JSON.parse(
  readFileSync(join(repoRoot, 'packages/sparse/package.json'), 'utf8'),
) as { exports: Record<string, unknown> };
/** One script-tag file per register entry (`./tfjs/register-<backend>`). */
const SCRIPT_TAG_BACKENDS = Object.keys(manifest.exports)
  .map((key) => /^\.\/tfjs\/register-(\w+)$/.exec(key)?.[1])
  .filter((backend) => backend !== undefined && backend !== 'gradients');

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

/** The page: tfjs from script tags, ours after it, then a program that uses `tf.tilekit`. */
const page = (backend: string, dense: readonly number[], x: readonly number[]) =>
  tfjsPage(
    backend,
    `/packages/sparse/dist/tilekit-sparse-${backend}.min.js`,
    `const A = tf.tilekit.SparseTensor.fromDense(new Float32Array(${JSON.stringify(dense)}), [5, 7], 'CSR');
    const y = tf.tilekit.spmv(A, tf.tensor1d(${JSON.stringify(x)}));
    let mismatch = null;
    try { tf.tilekit.spmv(A, tf.tensor1d([1, 2])); } catch (e) {
      mismatch = e instanceof tf.tilekit.SparseError;
    }
    return { backend: tf.getBackend(), y: Array.from(await y.data()), mismatch };`,
  );

const readmePage = () =>
  readmeScriptTagPage(
    readFileSync(join(repoRoot, 'packages/sparse/README.md'), 'utf8'),
    'Script tags',
  );

describe('script-tag builds in a plain page', () => {
  let pages: ScriptTagPages;
  const cases = new Map(SCRIPT_TAG_BACKENDS.map((backend, i) => [backend, randomCase(17 + i)]));

  beforeAll(async () => {
    pages = await startScriptTagPages(repoRoot, (path) => {
      if (path === '/readme-page.html') return readmePage();
      const backend = /^\/page-(\w+)\.html$/.exec(path)?.[1];
      const c = backend === undefined ? undefined : cases.get(backend);
      return c === undefined ? undefined : page(backend!, c.dense, c.x);
    });
  }, 120_000);

  afterAll(async () => {
    await pages?.close();
  });

  it('there is one per register entry', () => {
    expect([...SCRIPT_TAG_BACKENDS].sort()).toEqual(['cpu', 'wasm', 'webgl', 'webgpu']);
    for (const backend of SCRIPT_TAG_BACKENDS) {
      const file = join(repoRoot, `packages/sparse/dist/tilekit-sparse-${backend}.min.js`);
      expect(existsSync(file), `${file}: run the build`).toBe(true);
    }
  });

  it("the README's page runs as written (files from node_modules)", async () => {
    const { value, errors } = await pages.text('readme-page.html');
    expect(errors).toEqual([]);
    expect(value).toBe('7 9');
  }, 120_000);

  for (const backend of SCRIPT_TAG_BACKENDS) {
    it(`${backend}: registers on the global tf and computes what a plain loop does`, async () => {
      const { value, errors } = await pages.result(`page-${backend}.html`);
      expect(errors).toEqual([]);
      // Small integers: every backend's f32 sum is exact.
      expect(value).toEqual({ backend, y: cases.get(backend)!.y, mismatch: true });
    }, 120_000);
  }
});
