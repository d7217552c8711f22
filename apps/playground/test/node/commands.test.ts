/**
 * The commands the README shows: `npm run build --workspace apps/playground` writes a static
 * site to dist/, and `npm run playground` serves the page locally.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../../tools/vitest/free-port.ts';

const app = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const root = join(app, '..', '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

describe('README commands', () => {
  // A production build takes a minute or two on a busy 2-core machine.
  it('npm run build --workspace apps/playground writes dist/index.html and its bundle', () => {
    const result = spawnSync(npm, ['run', 'build', '--workspace', 'apps/playground'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    const html = readFileSync(join(app, 'dist', 'index.html'), 'utf8');
    expect(html).toContain('<title>tilekit playground</title>');
    const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect(existsSync(join(app, 'dist', script!))).toBe(true);
  }, 300_000);

  it('npm run playground serves the page on localhost', async () => {
    const port = await freePort();
    // Its own process group, so stopping it also stops vite under npm.
    const server = spawn(npm, ['run', 'playground', '--', '--port', String(port), '--strictPort'], {
      cwd: root,
      detached: true,
      stdio: 'ignore',
    });
    try {
      const url = `http://127.0.0.1:${port}/`;
      let html = '';
      for (let attempt = 0; attempt < 120 && html === ''; attempt++) {
        try {
          const response = await fetch(url);
          if (response.ok) html = await response.text();
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }
      expect(html).toContain('<title>tilekit playground</title>');
      const entry = await fetch(`${url}src/main.ts`);
      expect(entry.status).toBe(200);
      expect(await entry.text()).toContain('showPanel');
    } finally {
      if (server.pid !== undefined) process.kill(-server.pid, 'SIGTERM');
    }
  });
});
