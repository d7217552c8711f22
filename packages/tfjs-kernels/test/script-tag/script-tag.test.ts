/**
 * The `<script>`-tag builds (`dist/tilekit-tfjs-kernels-<backend>.min.js`) in a plain HTML page
 * in headless Debian Chromium, as a page without a bundler uses tfjs: tf-core and one backend
 * from their own min.js files, then ours, which registers that backend's kernels on the global
 * `tf` and attaches the ops as `tf.tilekit`. Each backend's results are compared with plain
 * loops. The README's "Script tags" page also runs as written (`readmeText` is what it shows).
 * Run by this package's `pack-check`, after the build that writes the files.
 */
import { fileURLToPath } from 'node:url';
import { describeScriptTagBuilds } from '../../../../tools/vitest/script-tag-suite.ts';

describeScriptTagBuilds({
  repoRoot: fileURLToPath(new URL('../../../..', import.meta.url)),
  packageDir: 'packages/tfjs-kernels',
  /** One script-tag file per register entry (`./register-<backend>`). */
  registerEntry: /^\.\/register-(\w+)$/,
  backends: ['cpu', 'wasm', 'webgl', 'webgpu'],
  scriptOf: (backend) => `packages/tfjs-kernels/dist/tilekit-tfjs-kernels-${backend}.min.js`,
  readmeText: '1 2 4 5 3 -1 6 -1',
  reference: 'what plain loops do',
  program: () => `const x = tf.tensor2d([[1, 2, 3], [4, 5, 6]]);
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
  // [2,3] in 2x2 tiles: [1 2 / 4 5] then [3 pad / 6 pad]; the scatter reverses x.
  expected: (backend) => ({
    backend,
    buffer: [1, 2, 4, 5, 3, -1, 6, -1],
    scattered: [6, 5, 4, 3, 2, 1],
    typo: "true relayout: argument 'options' has no option 'padvalue'; did you mean 'padValue'? (relayout options: padValue)",
  }),
});
