/**
 * Runs an app that Vite built for the browser in a Node process, as far as a cpu-backend app
 * needs: tfjs-core detects Node by `process` and then loads Node's modules with `require`, and
 * Vite's module-preload polyfill asks `document` whether the browser supports preloading.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppBundle } from './vite-bundle.js';

/** The globals the browser would give the bundle, and the bundle, in that order. */
const RUNNER = `import { createRequire } from 'node:module';
globalThis.require = createRequire(import.meta.url);
globalThis.document = { createElement: () => ({ relList: { supports: () => true } }) };
await import('./app.mjs');
`;

/**
 * What `bundle` (one chunk) prints when run in Node. A run that fails rejects with its first
 * error line (the minified bundle itself, which Node quotes, is left out).
 */
export async function runInNode(scratch: string, bundle: AppBundle): Promise<string> {
  if (bundle.chunks !== 1) throw new Error(`expected one chunk, got ${bundle.chunks}`);
  const root = mkdtempSync(join(scratch, 'run-'));
  try {
    writeFileSync(join(root, 'app.mjs'), bundle.code);
    writeFileSync(join(root, 'run.mjs'), RUNNER);
    return await new Promise((resolve, reject) => {
      execFile(process.execPath, [join(root, 'run.mjs')], (error, stdout, stderr) => {
        if (error === null) resolve(stdout);
        else
          reject(
            new Error(
              stderr
                .split('\n')
                .find((line) => /^\w*Error\b|Error:/.test(line) && line.length < 2000) ??
                `exit ${error.code}`,
            ),
          );
      });
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
