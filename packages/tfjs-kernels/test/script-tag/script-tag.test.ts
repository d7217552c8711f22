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
import { fencedBlocks } from '../../../../tools/vitest/readme-examples.ts';
import {
  type ScriptTagPages,
  startScriptTagPages,
} from '../../../../tools/vitest/script-tag-pages.ts';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const manifest = JSON.parse(
  readFileSync(join(repoRoot, 'packages/tfjs-kernels/package.json'), 'utf8'),
) as { exports: Record<string, unknown> };
/** One script-tag file per register entry (`./register-<backend>`). */
const SCRIPT_TAG_BACKENDS = Object.keys(manifest.exports)
  .map((key) => /^\.\/register-(\w+)$/.exec(key)?.[1])
  .filter((backend) => backend !== undefined);
/** The page: tfjs from script tags, ours after it, then a script that uses `tf.tilekit`. */
function page(backend: string): string {
  const wasmPaths =
    backend === 'wasm'
      ? "tf.wasm.setWasmPaths('/node_modules/@tensorflow/tfjs-backend-wasm/dist/');"
      : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>script tags</title>
<script src="/node_modules/@tensorflow/tfjs-core/dist/tf-core.min.js"></script>
<script src="/node_modules/@tensorflow/tfjs-backend-${backend}/dist/tf-backend-${backend}.min.js"></script>
<script src="/packages/tfjs-kernels/dist/tilekit-tfjs-kernels-${backend}.min.js"></script>
</head><body><script>
(async () => {
  try {
    ${wasmPaths}
    if (!(await tf.setBackend('${backend}'))) throw new Error('no ${backend} backend');
    const x = tf.tensor2d([[1, 2, 3], [4, 5, 6]]);
    const buffer = tf.tilekit.relayout(x, '{1,0:T(2,2)}', { padValue: -1 });
    const idx = tf.tensor2d([[5, 4, 3], [2, 1, 0]], [2, 3], 'int32');
    const scattered = tf.tilekit.tscatter(x, idx, { dstShape: [2, 3] });
    let typo = null;
    try { tf.tilekit.relayout(x, '{1,0}', { padvalue: -1 }); } catch (e) {
      typo = (e instanceof tf.tilekit.KernelArgumentError) + ' ' + e.message;
    }
    window.result = {
      backend: tf.getBackend(),
      buffer: Array.from(await buffer.data()),
      scattered: Array.from(await scattered.data()),
      typo,
    };
  } catch (error) {
    window.result = { error: String(error && error.stack || error) };
  }
})();
</script></body></html>`;
}

/** The README's script-tag example, as written, as a whole page. */
function readmePage(): string {
  const readme = readFileSync(join(repoRoot, 'packages/tfjs-kernels/README.md'), 'utf8');
  const blocks = fencedBlocks(readme).filter((b) => b.heading === 'Script tags');
  expect(blocks.map((b) => b.language)).toEqual(['html']);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>README</title></head><body>${blocks[0]!.body}</body></html>`;
}

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
    const { value, errors } = await pages.run(
      'readme-page.html',
      () => /\d/.test(document.body.textContent ?? ''),
      () => document.body.textContent,
    );
    expect(errors).toEqual([]);
    expect(value).toBe('1 2 4 5 3 -1 6 -1');
  }, 120_000);

  for (const backend of SCRIPT_TAG_BACKENDS) {
    it(`${backend}: registers on the global tf and computes what plain loops do`, async () => {
      const { value, errors } = await pages.run(
        `page-${backend}.html`,
        () => 'result' in window,
        () => (window as unknown as { result: unknown }).result,
      );
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
