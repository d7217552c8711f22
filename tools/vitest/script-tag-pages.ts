/**
 * Plain HTML pages in headless Debian Chromium for the script-tag builds' tests: a local server
 * that serves the repository's files (node_modules and each package's dist/) and pages the test
 * writes, and a page runner that waits for the page's `window.result` (or its text) and reports
 * page errors.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import {
  DEFAULT_CHROMIUM_PATH,
  WEBGL_CHROMIUM_ARGS,
  WEBGPU_CHROMIUM_ARGS,
} from './browser-environment.ts';
import { fencedBlocks } from './readme-examples.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
};

/** A server of `repoRoot`'s files plus generated pages, and a Chromium to open them in. */
export interface ScriptTagPages {
  /** Opens `/<name>`, waits until `ready` holds in the page, returns `read`'s value and errors. */
  run<T>(
    name: string,
    ready: () => boolean,
    read: () => T,
  ): Promise<{ readonly value: T; readonly errors: readonly string[] }>;
  /** Opens `/<name>`, a page that sets `window.result`, and returns that result and errors. */
  result(name: string): Promise<{ readonly value: unknown; readonly errors: readonly string[] }>;
  /** Opens `/<name>`, a page that writes a number into its body, and returns that text. */
  text(
    name: string,
  ): Promise<{ readonly value: string | null; readonly errors: readonly string[] }>;
  close(): Promise<void>;
}

/**
 * Starts the server and the browser. `pages` maps a path (`/page-cpu.html`) to the HTML it
 * serves, computed per request.
 */
export async function startScriptTagPages(
  repoRoot: string,
  pages: (path: string) => string | undefined,
): Promise<ScriptTagPages> {
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const html = pages(path);
    if (html !== undefined) {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(html);
      return;
    }
    const file = join(repoRoot, normalize(path));
    if (!file.startsWith(repoRoot) || !existsSync(file)) {
      response.writeHead(404);
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser: Browser = await chromium.launch({
    executablePath: DEFAULT_CHROMIUM_PATH,
    args: [...WEBGL_CHROMIUM_ARGS, ...WEBGPU_CHROMIUM_ARGS],
  });
  const pagesApi: ScriptTagPages = {
    result(name) {
      return this.run(
        name,
        () => 'result' in window,
        () => (window as unknown as { result: unknown }).result,
      );
    },
    text(name) {
      return this.run(
        name,
        () => /\d/.test(document.body.textContent ?? ''),
        () => document.body.textContent,
      );
    },
    async run(name, ready, read) {
      const tab = await browser.newPage();
      const errors: string[] = [];
      tab.on('pageerror', (error) => errors.push(String(error)));
      try {
        await tab.goto(`${origin}/${name}`);
        await tab.waitForFunction(ready, undefined, { timeout: 60_000 });
        return { value: await tab.evaluate(read), errors };
      } finally {
        await tab.close();
      }
    },
    async close() {
      await browser.close();
      await new Promise((closed) => server.close(closed));
    },
  };
  return pagesApi;
}

/**
 * A page that loads tf-core, `backend` and the script-tag file `script` (a path under the
 * server's root), switches to `backend` and runs `program`: the body of an async function that
 * returns what the test reads back as `window.result` (a thrown error becomes `{ error }`).
 */
export function tfjsPage(backend: string, script: string, program: string): string {
  const wasmPaths =
    backend === 'wasm'
      ? "tf.wasm.setWasmPaths('/node_modules/@tensorflow/tfjs-backend-wasm/dist/');"
      : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>script tags</title>
<script src="/node_modules/@tensorflow/tfjs-core/dist/tf-core.min.js"></script>
<script src="/node_modules/@tensorflow/tfjs-backend-${backend}/dist/tf-backend-${backend}.min.js"></script>
<script src="${script}"></script>
</head><body><script>
(async () => {
  try {
    ${wasmPaths}
    if (!(await tf.setBackend('${backend}'))) throw new Error('no ${backend} backend');
    window.result = await (async () => {
${program}
    })();
  } catch (error) {
    window.result = { error: String(error && error.stack || error) };
  }
})();
</script></body></html>`;
}

/** A README's one html block under `heading` (its script-tag example), as a whole page. */
export function readmeScriptTagPage(readme: string, heading: string): string {
  const blocks = fencedBlocks(readme).filter((b) => b.heading === heading);
  if (blocks.length !== 1 || blocks[0]!.language !== 'html') {
    throw new Error(`the README needs exactly one html block under '${heading}'`);
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>README</title></head><body>${blocks[0]!.body}</body></html>`;
}
