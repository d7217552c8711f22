/**
 * What importing some modules does, observed in a fresh Node process: the entry-point tests
 * check that an entry loads no tfjs backend or registers no kernel, which a process that has
 * already loaded the test's own imports cannot show.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const tsx = resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');

/** The file URL of `name` as the package at `packageRoot` resolves it. */
export function resolvedUrl(packageRoot: string, name: string): string {
  return pathToFileURL(createRequire(join(packageRoot, 'package.json')).resolve(name)).href;
}

/**
 * Imports `urls` in a fresh Node process (sources first, as the tests resolve them) and returns
 * the value of `report`, a JavaScript expression evaluated there after the imports, through
 * JSON. The expression sees `core`, the tfjs-core the package at `packageRoot` resolves, and
 * `files`, every CommonJS module loaded: tfjs is CommonJS under Node, so every tfjs file the
 * imports loaded is among them.
 *
 * @throws Error with the process's stderr when it fails.
 */
export function probeFreshProcess<T>(
  packageRoot: string,
  urls: readonly string[],
  report: string,
): T {
  const script = join(mkdtempSync(join(tmpdir(), 'tilekit-probe-')), 'probe.mts');
  writeFileSync(
    script,
    [
      "import { createRequire } from 'node:module';",
      ...urls.map((url) => `import '${url}';`),
      `const require = createRequire(${JSON.stringify(pathToFileURL(join(packageRoot, 'package.json')).href)});`,
      "const core = require('@tensorflow/tfjs-core');",
      'const files = Object.keys(require.cache);',
      `console.log(JSON.stringify(${report}));`,
    ].join('\n'),
  );
  const result = spawnSync(tsx, ['--conditions=@tilekit/source', script], {
    cwd: packageRoot,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`the probe process exited with ${result.status}:\n${result.stderr}`);
  }
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as T;
}
