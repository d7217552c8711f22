/**
 * `tilekit conformance --backend webgl|webgpu|wasm` only looks for what it needs: it never runs
 * a script found by directory search nor installs system packages; with no browser or package it
 * says what to install.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BACKEND_PACKAGES,
  findChromium,
  missingPackages,
} from '../src/browser/backend-requirements.js';
import { main } from '../src/main.js';
import { captureIO } from './capture-io.js';

const scratch = mkdtempSync(join(tmpdir(), 'tilekit-webgl-req-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** An executable file standing in for a browser binary. */
function fakeBrowser(name: string): string {
  const path = join(scratch, name);
  writeFileSync(path, '#!/bin/sh\nexit 0\n');
  chmodSync(path, 0o755);
  return path;
}

const INSTALL_WORDS = ["'apt-get install chromium'", 'CHROMIUM_PATH', ...BACKEND_PACKAGES.webgl];

describe('finding a browser for --backend webgl', () => {
  it('takes CHROMIUM_PATH when it is executable', () => {
    const browser = fakeBrowser('my-chrome');
    expect(findChromium({ CHROMIUM_PATH: browser, PATH: '' }, 'webgl', [])).toBe(browser);
  });

  it('else the first executable known path, else a Chromium on PATH', () => {
    const known = fakeBrowser('chromium-known');
    expect(findChromium({ PATH: '' }, 'webgl', [join(scratch, 'absent'), known])).toBe(known);
    const dir = mkdtempSync(join(scratch, 'bin-'));
    writeFileSync(join(dir, 'chromium-browser'), '');
    chmodSync(join(dir, 'chromium-browser'), 0o755);
    expect(findChromium({ PATH: dir }, 'webgpu', [join(scratch, 'absent')])).toBe(
      join(dir, 'chromium-browser'),
    );
  });

  it('with none, says what to install: the browser and every npm package', () => {
    expect(() => findChromium({ PATH: '' }, 'webgl', [join(scratch, 'absent')])).toThrow(
      /^no Chromium or Chrome found\./,
    );
    let message = '';
    try {
      findChromium({ PATH: '' }, 'webgl', []);
    } catch (error) {
      message = (error as Error).message;
    }
    for (const word of INSTALL_WORDS) expect(message).toContain(word);
  });

  it('names the npm packages that do not resolve', () => {
    // From a directory with no node_modules above it, none of them resolve.
    const nowhere = pathToFileURL(join(scratch, 'probe.js')).href;
    for (const backend of ['webgl', 'webgpu', 'wasm'] as const) {
      expect(missingPackages(backend, nowhere), backend).toEqual([...BACKEND_PACKAGES[backend]]);
      expect(missingPackages(backend), backend).toEqual([]);
    }
  });
});

describe('tilekit conformance --backend webgl without a browser', () => {
  it('an unusable CHROMIUM_PATH is an error that says what to install; nothing else is tried', async () => {
    const previous = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = join(scratch, 'no-such-browser');
    try {
      const io = captureIO();
      expect(await main(['conformance', '--suite', 'kernels', '--backend', 'webgl'], io)).toBe(1);
      expect(io.out()).toBe('');
      const lines = io.err().trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^tilekit conformance: CHROMIUM_PATH=\S+ is not an executable file\./,
      );
      for (const word of INSTALL_WORDS) expect(lines[0]).toContain(word);
    } finally {
      if (previous === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = previous;
    }
  });

  it('its help names every package it needs and the browser', async () => {
    const io = captureIO();
    expect(await main(['conformance', '--help'], io)).toBe(0);
    const help = io.out().replace(/\s+/g, ' ');
    const packages = Object.values(BACKEND_PACKAGES).flat();
    for (const word of ['apt-get install chromium', 'CHROMIUM_PATH', ...packages])
      expect(help).toContain(word);
  });
});
