/**
 * The allocator settings every measured process runs under: an array allocated, dropped and
 * allocated again must land on recycled memory (no fresh page faults), for the sizes the suites
 * use (a 32 MiB dense operand among them), as the runner's comment promises. Counted with the
 * kernel's minor-fault counter in a child Node process started with those settings.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { STEADY_MALLOC_ENV } from '../src/node/steady_allocator.js';

/**
 * The fewest minor page faults of a fill of a fresh `bytes`-byte array after the same array was
 * filled and collected, over five tries, in a child. V8 frees a collected array's memory on a
 * helper thread, so each try waits a little after the collection, and the least of five
 * leaves out a try whose memory was not yet freed.
 */
function faultsOfRefill(bytes: number, settings: Readonly<Record<string, string>>): number {
  const script = `
    const fill = () => new Uint8Array(${bytes}).fill(1);
    const settle = () => new Promise((done) => setTimeout(done, 20));
    let least = Infinity;
    for (let k = 0; k < 5; k++) {
      fill();
      globalThis.gc();
      await settle();
      const before = process.resourceUsage().minorPageFault;
      fill();
      least = Math.min(least, process.resourceUsage().minorPageFault - before);
    }
    console.log(least);
  `;
  const child = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {
    env: { ...withoutAllocatorSettings(), ...settings },
    encoding: 'utf8',
  });
  expect(child.status, child.stderr).toBe(0);
  return Number(child.stdout.trim());
}

/** This process's environment less any glibc allocator setting it inherited. */
function withoutAllocatorSettings(): Record<string, string | undefined> {
  const env = { ...process.env };
  for (const key of Object.keys(STEADY_MALLOC_ENV)) delete env[key];
  return env;
}

const MiB = 2 ** 20;
const PAGES_PER_MIB = MiB / 4096;

describe.runIf(process.platform === 'linux')('steady allocator settings', () => {
  it('recycle freed arrays of 1 to 64 MiB, 32 MiB included', () => {
    for (const mib of [1, 8, 32, 64]) {
      // A fresh mapping faults once per page; recycled heap memory hardly at all.
      expect(faultsOfRefill(mib * MiB, STEADY_MALLOC_ENV), `${mib} MiB`).toBeLessThan(
        (mib * PAGES_PER_MIB) / 8,
      );
    }
  });

  it('are what keeps the faults away: without them a 32 MiB array faults in afresh', () => {
    const faults = faultsOfRefill(32 * MiB, {});
    expect(faults).toBeGreaterThan((32 * PAGES_PER_MIB) / 2);
  });
});
