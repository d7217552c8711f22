/**
 * A reader's first hour, in order: every command the root README shows, top to bottom, as
 * written, in a fresh clone of this checkout (with its uncommitted changes); then the clone is as
 * it was (no command left a file behind in it) and Biome's check, the first step of `npm test`,
 * still passes. `npm test` itself is the one command not run here: this test is part of it. A
 * clone, not this checkout: `npm start` builds every package, and rewriting their `dist/` here
 * would race the test projects that run the built CLI meanwhile.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cloneCheckout } from '@tilekit/test-support';
import { describe, expect, it } from 'vitest';
import { fencedBlocks } from '../../../../tools/vitest/readme-examples.ts';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const readme = fs.readFileSync(join(repoRoot, 'README.md'), 'utf8');

/** One README command and where it stands. */
interface Command {
  readonly where: string;
  readonly command: string;
}

/** The README's commands in reading order: sh blocks line by line, and inline `npx` commands. */
function readmeCommands(): Command[] {
  const lines = readme.split('\n');
  const blocks = fencedBlocks(readme).filter((block) => block.language === 'sh');
  const commands: { line: number; where: string; command: string }[] = [];
  for (const block of blocks) {
    block.body.split('\n').forEach((text, i) => {
      const command = text.replace(/\s+#.*$/, '').trim();
      if (command !== '')
        commands.push({ line: block.line + 1 + i, where: block.heading, command });
    });
  }
  lines.forEach((text, i) => {
    if (blocks.some((b) => i + 1 > b.line && i < b.line + b.body.split('\n').length + 1)) return;
    for (const match of text.matchAll(/`(npx tilekit [^`]+)`/g)) {
      commands.push({ line: i + 1, where: 'prose', command: match[1]! });
    }
  });
  return commands.sort((a, b) => a.line - b.line);
}

/** Every file of this checkout's package builds with its modification time. */
function builtFiles(): Map<string, number> {
  const files = new Map<string, number>();
  for (const group of ['packages', 'apps']) {
    for (const name of fs.readdirSync(join(repoRoot, group))) {
      const dist = join(repoRoot, group, name, 'dist');
      if (!fs.existsSync(dist)) continue;
      for (const entry of fs.readdirSync(dist, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile()) continue;
        const path = join(entry.parentPath, entry.name);
        files.set(path, fs.statSync(path).mtimeMs);
      }
    }
  }
  return files;
}

const gitStatus = (cwd: string) =>
  spawnSync('git', ['status', '--porcelain'], { cwd, encoding: 'utf8' }).stdout;

/** Starts a long-running command and resolves with the URL it serves once that answers. */
async function serve(
  command: string,
  cwd: string,
): Promise<{ url: string; process: ChildProcess }> {
  const child = spawn('sh', ['-c', command], { cwd, detached: true });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  for (let i = 0; i < 240; i++) {
    const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(output)?.[0];
    if (url) {
      try {
        if ((await fetch(url)).ok) return { url, process: child };
      } catch {
        // Not answering yet.
      }
    }
    await new Promise((wake) => setTimeout(wake, 500));
  }
  if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
  throw new Error(`'${command}' served nothing:\n${output}`);
}

describe("the root README's commands, in the order a reader runs them", () => {
  it('run as written, leave nothing in the checkout, and Biome still passes', async () => {
    const commands = readmeCommands();
    expect(commands.map((c) => c.command)).toEqual([
      'npm start',
      'npm test',
      "npx tilekit layout 'f32[4,8]{1,0:T(2,4)(2,1)}' --svg /tmp/fig2.svg",
      'mkdir -p "$TARBALLS"',
      'npm run pack-closure --silent -- @tilekit/layout "$TARBALLS"',
      'npm install --prefix "$APP" "$TARBALLS"/*.tgz',
      'npx tilekit opt examples/saxpy-sparse.mlir --sparse-vectorization="vl=8" --report',
      'npm run playground',
      'npm run build --workspace apps/playground',
    ]);
    // Inside the checkout: the clone hard-links its node_modules, so it needs the same file system.
    fs.mkdirSync(join(repoRoot, '.tmp'), { recursive: true });
    const scratch = fs.mkdtempSync(join(repoRoot, '.tmp', 'readme-order-'));
    const clone = join(scratch, 'tilekit');
    cloneCheckout(repoRoot, clone, { workingTree: true });
    const before = gitStatus(clone);
    const checkoutBuilds = builtFiles();
    // The reader's choices for the Install section's two folders.
    const env = {
      ...process.env,
      TARBALLS: join(scratch, 'tarballs'),
      APP: join(scratch, 'app'),
      NX_DAEMON: 'false',
      NX_NO_CLOUD: 'true',
      NX_TUI: 'false',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_loglevel: 'error',
      FORCE_COLOR: '0',
    };
    fs.mkdirSync(env.APP);
    fs.writeFileSync(
      join(env.APP, 'package.json'),
      '{"name":"app","private":true,"type":"module"}',
    );
    try {
      for (const { where, command } of commands) {
        if (command === 'npm test') continue;
        if (command === 'npm run playground') {
          const { url, process: server } = await serve(command, clone);
          try {
            expect(await (await fetch(url)).text()).toContain('<title>tilekit playground</title>');
          } finally {
            if (server.pid !== undefined) process.kill(-server.pid, 'SIGTERM');
          }
          continue;
        }
        const run = spawnSync('sh', ['-ec', command], {
          cwd: clone,
          env,
          encoding: 'utf8',
          timeout: 300_000,
          maxBuffer: 1 << 26,
        });
        expect(run.status, `${where}: ${command}\n${run.stderr}`).toBe(0);
      }
      expect(fs.readFileSync('/tmp/fig2.svg', 'utf8')).toMatch(/^<svg [^\n]*>\n<title /);
      expect(gitStatus(clone)).toBe(before);
      // The checkout's own builds, which other test projects are running, were not touched.
      expect(builtFiles()).toEqual(checkoutBuilds);
      const biome = spawnSync(
        join(clone, 'node_modules', '.bin', 'biome'),
        ['ci', '--colors=off', '.'],
        { cwd: clone, encoding: 'utf8' },
      );
      expect(biome.status, biome.stdout + biome.stderr).toBe(0);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
});
