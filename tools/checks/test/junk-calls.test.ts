/**
 * The error contract across every published entry: each exported function, constructor and
 * static method, called with the shared junk corpus in every argument position (the positions
 * before it plausible), returns or throws a `TilekitError`; never a TypeError, a hang or a dead
 * worker. Every planned call is made (about 100,000, a minute on a quiet machine); a call that
 * makes no progress for 10 s is a hang, well above the second an O(n) check of the corpus's
 * 2^20-element arrays takes on a busy one. The harness runs as its own process: its worker
 * threads load TypeScript sources through tsx, which a Vitest worker cannot host.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { JunkCallFailure } from '../scripts/junk-calls/junk-call-protocol.js';
import { packageEntries } from '../scripts/junk-calls/package-entries.js';
import { repoRoot } from './support/workspace.js';

const run = fileURLToPath(new URL('../scripts/junk-calls/run.ts', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'tilekit-junk-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('every export of every published entry keeps the error contract on junk', () => {
  it('every junk call: no untyped error, hang or crash', async () => {
    const out = join(scratch, 'failures.json');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--conditions=@tilekit/source', run],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          SEED: '1',
          HANG: '10000',
          STREAM: join(scratch, 'stream.txt'),
          OUT: out,
        },
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    // The summary line: every package's entries were imported and planned (a plan that lost
    // them would pass vacuously).
    const summary = /targets (\d+) calls (\d+) failures (\d+)/.exec(stdout);
    expect(summary, stdout).not.toBeNull();
    const [targets, calls] = [Number(summary?.[1]), Number(summary?.[2])];
    expect(targets).toBeGreaterThanOrEqual(packageEntries().length);
    expect(calls).toBeGreaterThan(10 * targets);
    const failures = JSON.parse(readFileSync(out, 'utf8')) as JunkCallFailure[];
    const broken = failures.map(
      (f) => `${f.entry} ${f.name} (argument ${f.position} = ${f.junk}): ${f.problem}`,
    );
    expect(broken.slice(0, 40), `${broken.length} calls broke the contract`).toEqual([]);
  }, 900_000);
});
