#!/usr/bin/env node
/**
 * `npm run bench:dawn`: the GPU measurements on whatever GPU Dawn finds, in plain Node (no
 * browser): bundles every package's Dawn runner (`packages/<name>/bench/dawn/*-on-dawn.ts`) with
 * esbuild and runs each in turn from the repository root. Each runs its conformance suite on the
 * `webgpu` backend, then its bench suites, and writes what it printed to
 * `bench/results/<adapter>/<runner>.txt`. Needs Dawn's Node bindings: TILEKIT_DAWN_NODE names
 * `dawn.node` (from `npm pack webgpu@0.6.2`: package/dist/<platform>-<arch>/dawn.node), and a
 * Vulkan loader on Linux. Arguments are runner names to run only those (`tile-ops`, `sparse`).
 * `--bundle-only` writes the bundles to `.tmp/dawn/` and runs nothing: they need no node_modules,
 * so a GPU machine with only `node` and `dawn.node` runs them (`node .tmp/dawn/<runner>-on-dawn.mjs`
 * from a checkout's root). Exits with the first failing runner's status (2: Dawn could not be
 * loaded).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Every package's Dawn runners, as [name, source file]. */
function runners() {
  return readdirSync(join(root, 'packages'))
    .sort()
    .flatMap((name) => {
      const folder = join(root, 'packages', name, 'bench', 'dawn');
      if (!existsSync(folder)) return [];
      return readdirSync(folder)
        .filter((file) => file.endsWith('-on-dawn.ts'))
        .sort()
        .map((file) => [basename(file, '-on-dawn.ts'), join(folder, file)]);
    });
}

const bundleOnly = process.argv.includes('--bundle-only');
const wanted = process.argv.slice(2).filter((arg) => arg !== '--bundle-only');
const chosen = runners().filter(([name]) => wanted.length === 0 || wanted.includes(name));
if (chosen.length === 0) {
  console.error(
    `bench-on-dawn: no runner named ${wanted.join(', ')}; there are ${runners()
      .map(([n]) => n)
      .join(', ')}`,
  );
  process.exit(2);
}
// Inside the checkout, so that the bundles resolve node_modules (webgpu, tfjs) as the code does.
const out = join(root, '.tmp', 'dawn');
mkdirSync(out, { recursive: true });
for (const [name, source] of chosen) {
  const bundle = join(out, `${name}-on-dawn.mjs`);
  await build({
    entryPoints: [source],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['@tilekit/source'],
    // The backends' registering imports are side effects their `sideEffects` lists would drop.
    ignoreAnnotations: true,
    banner: {
      js: "import { createRequire as __tilekitRequire } from 'node:module'; const require = __tilekitRequire(import.meta.url);",
    },
    outfile: bundle,
    logLevel: 'warning',
  });
  if (bundleOnly) {
    console.log(`bundled ${name}: node ${bundle.slice(root.length + 1)}`);
    continue;
  }
  console.log(`\n# ${name} (packages/${source.split('/packages/')[1]})`);
  const run = spawnSync(process.execPath, [bundle], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
