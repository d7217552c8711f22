/**
 * Runs ./native/tiled_copy.c, when a C compiler is at hand, to show what optimised native code
 * reaches for the tiled relayout on this machine relative to its own memcpy: the memory system's
 * share of the gap to the floor, which no JavaScript loop can close.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = join(dirname(fileURLToPath(import.meta.url)), 'native', 'tiled_copy.c');

/** Medians from the native program, or why there are none. */
export type NativeReference =
  | { readonly memcpyMs: number; readonly tiledCopyMs: number }
  | { readonly skipped: string };

/** Compiles (`cc -O2`) and runs the native tiled copy; never throws. */
export function nativeTiledCopyReference(): NativeReference {
  const dir = mkdtempSync(join(tmpdir(), 'tilekit-native-'));
  try {
    const binary = join(dir, 'tiled_copy');
    try {
      execFileSync('cc', ['-O2', '-o', binary, SOURCE], { stdio: 'pipe' });
    } catch {
      return { skipped: 'no working C compiler (cc)' };
    }
    return JSON.parse(execFileSync(binary, { encoding: 'utf8' })) as NativeReference;
  } catch (error) {
    return { skipped: `native run failed: ${(error as Error).message.split('\n')[0]}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The reference as `extra` lines of a bench case. */
export function nativeReferenceLines(): Record<string, string> {
  const reference = nativeTiledCopyReference();
  if ('skipped' in reference) return { 'C reference (cc -O2)': `skipped: ${reference.skipped}` };
  const ratio = reference.tiledCopyMs / reference.memcpyMs;
  return {
    'C reference (cc -O2, memcpy per tile row, no allocation)': `${reference.tiledCopyMs.toFixed(2)} ms vs its memcpy ${reference.memcpyMs.toFixed(2)} ms -> ${ratio.toFixed(2)}x memcpy`,
  };
}
