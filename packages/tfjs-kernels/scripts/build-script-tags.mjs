#!/usr/bin/env node
/**
 * The `<script>`-tag builds, as tfjs's own backends ship them: one minified file per register
 * entry, `dist/tilekit-tfjs-kernels-<backend>.min.js`, for pages that load tfjs from script tags
 * (`tf-core.min.js`, then a backend's `tf-backend-<backend>.min.js`). Each file registers that
 * backend's kernels and the gradients with the global `tf`, and attaches the package's exports
 * (ops, errors, kernel configs) to it as `tf.tilekit`. tfjs itself is not bundled: the file reads
 * `@tensorflow/tfjs-core` from the global `tf`; `@tilekit/layout` is bundled in.
 *
 * Run by the package's `build` after `tsc` (from the package directory).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
/** Every register entry (`./register-<backend>`) gets a script-tag file. */
const SCRIPT_TAG_BACKENDS = Object.keys(manifest.exports)
  .map((key) => /^\.\/register-(\w+)$/.exec(key)?.[1])
  .filter((backend) => backend !== undefined);

/** Resolves tfjs-core to the page's global `tf`; any other runtime tfjs import is an error. */
const tfGlobal = {
  name: 'tf-global',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^@tensorflow\// }, (args) =>
      args.path === '@tensorflow/tfjs-core'
        ? { path: args.path, namespace: 'tf-global' }
        : { errors: [{ text: `${args.path} is not on the page's global tf` }] },
    );
    esbuild.onLoad({ filter: /.*/, namespace: 'tf-global' }, () => ({
      contents:
        "if (typeof globalThis.tf !== 'object') throw new Error('@tilekit/tfjs-kernels: load tf-core.min.js (the global tf) before this script');\nmodule.exports = globalThis.tf;",
      loader: 'js',
    }));
  },
};

mkdirSync(join(packageDir, 'dist'), { recursive: true });
for (const backend of SCRIPT_TAG_BACKENDS) {
  await build({
    stdin: {
      contents: [
        `import './src/register-${backend}.ts';`,
        "import * as tilekit from './src/index.ts';",
        'globalThis.tf.tilekit = tilekit;',
      ].join('\n'),
      resolveDir: packageDir,
      sourcefile: `script-tag-${backend}.ts`,
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    // Sibling packages from their sources, as inside the monorepo; the result is self-contained.
    conditions: ['@tilekit/source'],
    plugins: [tfGlobal],
    legalComments: 'none',
    outfile: join(packageDir, 'dist', `tilekit-tfjs-kernels-${backend}.min.js`),
    logLevel: 'warning',
  });
}
