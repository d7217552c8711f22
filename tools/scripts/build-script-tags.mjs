#!/usr/bin/env node
/**
 * The `<script>`-tag builds of a package, as tfjs's own backends ship them: one minified file per
 * register entry (`./register-<backend>` or `./<dir>/register-<backend>` in the manifest's
 * exports), `dist/tilekit-<package>-<backend>.min.js`, for pages that load tfjs from script tags
 * (`tf-core.min.js`, then a backend's `tf-backend-<backend>.min.js`). Each file registers that
 * entry's kernels and gradients with the global `tf` and adds the package's exports (its main
 * entry, and the entry beside the register entry, e.g. `./tfjs`) to `tf.tilekit`, which the
 * script tags of several tilekit packages share. tfjs itself is not bundled: the file reads
 * `@tensorflow/tfjs-core` from the global `tf`; tilekit packages it depends on are bundled in.
 *
 * Run by a package's `build` after `tsc`, from the package directory.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const packageDir = process.cwd();
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const shortName = manifest.name.replace(/^@tilekit\//, '');

/** The source file an export key stands for (its `@tilekit/source` condition). */
const sourceOf = (key) => {
  const target = manifest.exports[key]?.['@tilekit/source'];
  if (typeof target !== 'string')
    throw new Error(`${manifest.name}: no source for export '${key}'`);
  return target;
};

/** Every register entry: its backend, and the entries whose exports go onto `tf.tilekit`. */
const scriptTags = Object.keys(manifest.exports).flatMap((key) => {
  const match = /^\.\/(?:(\w+)\/)?register-(\w+)$/.exec(key);
  if (match === null || match[2] === 'gradients') return [];
  const [, dir, backend] = match;
  const entries = dir === undefined ? ['.'] : ['.', `./${dir}`];
  // A page loads one file for everything, so a compiler entry beside the register entry (one
  // that compiles kernels an app build would otherwise import on demand) comes with it.
  const compiler = dir === undefined ? './compiler' : `./${dir}/compiler`;
  const installs = manifest.exports[compiler] === undefined ? [] : [sourceOf(compiler)];
  return [{ backend, register: sourceOf(key), installs, exported: entries.map(sourceOf) }];
});
if (scriptTags.length === 0) throw new Error(`${manifest.name} has no register entries`);

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
      contents: `if (typeof globalThis.tf !== 'object') throw new Error('${manifest.name}: load tf-core.min.js (the global tf) before this script');\nmodule.exports = globalThis.tf;`,
      loader: 'js',
    }));
  },
};

mkdirSync(join(packageDir, 'dist'), { recursive: true });
for (const { backend, register, installs, exported } of scriptTags) {
  await build({
    stdin: {
      contents: [
        `import '${register}';`,
        ...installs.map((entry) => `import '${entry}';`),
        ...exported.map((entry, i) => `import * as exports${i} from '${entry}';`),
        `globalThis.tf.tilekit = Object.assign(globalThis.tf.tilekit ?? {}, ${exported.map((_, i) => `exports${i}`).join(', ')});`,
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
    outfile: join(packageDir, 'dist', `tilekit-${shortName}-${backend}.min.js`),
    logLevel: 'warning',
  });
}
