/**
 * The `<script>`-tag builds (`dist/tilekit-tfjs-kernels-<backend>.min.js`) in a plain HTML page
 * in headless Debian Chromium, as a page without a bundler uses tfjs: tf-core and one backend
 * from their own min.js files, then ours, which registers that backend's kernels on the global
 * `tf` and attaches the ops as `tf.tilekit`. Each backend's results are compared with plain
 * loops. Run by this package's `pack-check`, after the build that writes the files.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readmeScriptTagPage,
  type ScriptTagPages,
  startScriptTagPages,
  tfjsPage,
} from '../../../../tools/vitest/script-tag-pages.ts';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const manifest = JSON.parse(
  readFileSync(join(repoRoot, 'packages/tfjs-kernels/package.json'), 'utf8'),
) as { exports: Record<string, unknown> };
/** One script-tag file per register entry (`./register-<backend>`). */
const SCRIPT_TAG_BACKENDS = Object.keys(manifest.exports)
  .map((key) => /^\.\/register-(\w+)$/.exec(key)?.[1])
  .filter((backend) => backend !== undefined);
/** The page: tfjs from script tags, ours after it, then a program that uses `tf.tilekit`. */
const page = (backend: string) =>
  tfjsPage(
    backend,
    `/packages/tfjs-kernels/dist/tilekit-tfjs-kernels-${backend}.min.js`,
    `const x = tf.tensor2d([[1, 2, 3], [4, 5, 6]]);
    const buffer = tf.tilekit.relayout(x, '{1,0:T(2,2)}', { padValue: -1 });
    const idx = tf.tensor2d([[5, 4, 3], [2, 1, 0]], [2, 3], 'int32');
    const scattered = tf.tilekit.tscatter(x, idx, { dstShape: [2, 3] });
    let typo = null;
    try { tf.tilekit.relayout(x, '{1,0}', { padvalue: -1 }); } catch (e) {
      typo = (e instanceof tf.tilekit.KernelArgumentError) + ' ' + e.message;
    }
    return {
      backend: tf.getBackend(),
      buffer: Array.from(await buffer.data()),
      scattered: Array.from(await scattered.data()),
      typo,
    };`,
  );

const readmePage = () =>
  readmeScriptTagPage(
    readFileSync(join(repoRoot, 'packages/tfjs-kernels/README.md'), 'utf8'),
    'Script tags',
  );

describe('script-tag builds in a plain page', () => {
  let pages: ScriptTagPages;

  beforeAll(async () => {
    pages = await startScriptTagPages(repoRoot, (path) => {
      if (path === '/readme-page.html') return readmePage();
      const backend = /^\/page-(\w+)\.html$/.exec(path)?.[1];
      return backend === undefined ? undefined : page(backend);
    });
  }, 120_000);

  afterAll(async () => {
    await pages?.close();
  });

  it('there is one per register entry', () => {
    expect(SCRIPT_TAG_BACKENDS.sort()).toEqual(['cpu', 'wasm', 'webgl', 'webgpu']);
    for (const backend of SCRIPT_TAG_BACKENDS) {
      const file = join(
        repoRoot,
        `packages/tfjs-kernels/dist/tilekit-tfjs-kernels-${backend}.min.js`,
      );
      expect(existsSync(file), `${file}: run the build`).toBe(true);
    }
  });

  it("the README's page runs as written (files from node_modules)", async () => {
    const { value, errors } = await pages.text('readme-page.html');
    expect(errors).toEqual([]);
    expect(value).toBe('1 2 4 5 3 -1 6 -1');
  }, 120_000);

  for (const backend of SCRIPT_TAG_BACKENDS) {
    it(`${backend}: registers on the global tf and computes what plain loops do`, async () => {
      const { value, errors } = await pages.result(`page-${backend}.html`);
      expect(errors).toEqual([]);
      // [2,3] in 2x2 tiles: [1 2 / 4 5] then [3 pad / 6 pad]; the scatter reverses x.
      expect(value).toEqual({
        backend,
        buffer: [1, 2, 4, 5, 3, -1, 6, -1],
        scattered: [6, 5, 4, 3, 2, 1],
        typo: "true relayout: argument 'options' has no option 'padvalue'; did you mean 'padValue'? (relayout options: padValue)",
      });
    }, 120_000);
  }
});
