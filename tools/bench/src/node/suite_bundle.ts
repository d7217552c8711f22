/**
 * Bundles one benchmark suite, with the child-side runner, into a single ESM file that plain
 * `node` runs: no loader in the measured process.
 *
 * Why not run suites under tsx: Node 20's off-thread module hooks (which tsx installs) detach an
 * ArrayBuffer in the main isolate while loading tfjs-core. V8 then gives up its "no ArrayBuffer
 * was ever detached" assumption for the whole process and re-checks the buffer's detached bit on
 * every typed-array load and store, which slows plain typed-array loops markedly while leaving
 * native copies untouched. An app that imports the
 * published JavaScript does not pay that, so the bench must not either; suites that care also run
 * a second time with a buffer detached on purpose (`BenchSuite.alsoAfterDetach`).
 */
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, '../../../..');

/** Where bundles go (ignored by git): one file per suite, rewritten on every run. */
export const BUNDLE_DIR = join(repoRoot, 'tools', 'bench', '.out');

/**
 * Workspace packages are bundled from their sources (the `@tilekit/source` condition, as the
 * tests resolve them); every other bare import (tfjs, Node built-ins) stays an import that Node
 * resolves from the bundle's folder, as it would for an app.
 */
const externalDependencies: Plugin = {
  name: 'external-dependencies',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@tilekit/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Keeps `import.meta.url` meaning the source file (suites find their fixtures beside them),
 * where bundling would otherwise make it the bundle's URL.
 */
const sourceMetaUrl: Plugin = {
  name: 'source-import-meta-url',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const source = await readFile(args.path, 'utf8');
      return {
        contents: source.replaceAll(
          'import.meta.url',
          JSON.stringify(pathToFileURL(args.path).href),
        ),
        loader: /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js',
      };
    });
  },
};

/** Bundles `suiteFile` with the child runner; returns the bundle's path. */
export async function bundleSuite(suiteFile: string): Promise<string> {
  mkdirSync(BUNDLE_DIR, { recursive: true });
  const name = relative(repoRoot, suiteFile).replaceAll('/', '__');
  const outfile = join(BUNDLE_DIR, `${basename(name, '.ts')}.mjs`);
  const entry = [
    // First, so a requested detach happens before any suite code is compiled.
    `import ${JSON.stringify(join(here, 'detach_if_asked.ts'))};`,
    `import suite from ${JSON.stringify(suiteFile)};`,
    `import { runSuiteInChild } from ${JSON.stringify(join(here, 'suite_child.ts'))};`,
    'await runSuiteInChild(suite);',
  ].join('\n');
  await build({
    stdin: {
      contents: entry,
      resolveDir: dirname(suiteFile),
      loader: 'ts',
      sourcefile: 'entry.ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    conditions: ['@tilekit/source'],
    outfile,
    logLevel: 'warning',
    plugins: [externalDependencies, sourceMetaUrl],
  });
  return outfile;
}
