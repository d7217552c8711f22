/**
 * Runs ./native/tiled-copy.c, when a C compiler is at hand, to show what optimised native code
 * reaches for the tiled relayout on this machine relative to its own memcpy: the memory system's
 * share of the gap to the floor, which no JavaScript loop can close.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = join(dirname(fileURLToPath(import.meta.url)), 'native', 'tiled-copy.c');

/** Median milliseconds of each form the native program times (see tiled-copy.c). */
interface NativeTimings {
  readonly memcpyMs: number;
  readonly tilesInOrderMs: number;
  readonly rowsInOrderMs: number;
  readonly bandsViaScratchMs: number;
}

/** Medians from the native program, or why there are none. */
export type NativeReference = NativeTimings | { readonly skipped: string };

/** Compiles (`cc -O2`) and runs the native tiled copy; never throws. */
export function nativeTiledCopyReference(): NativeReference {
  const dir = mkdtempSync(join(tmpdir(), 'tilekit-native-'));
  try {
    const binary = join(dir, 'tiled-copy');
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

/** The tiled forms of the native program, with the label each is reported under. */
const NATIVE_FORMS: readonly [keyof NativeTimings, string][] = [
  ['tilesInOrderMs', 'memcpy per tile row, output in order (as tilekit walks)'],
  ['rowsInOrderMs', 'memcpy per tile row, input in order'],
  ['bandsViaScratchMs', 'rows into a 64 KiB scratch band, one memcpy per band'],
];

/** The reference as `extra` lines of a bench case, each tiled form as a multiple of memcpy. */
export function nativeReferenceLines(): Record<string, string> {
  const reference = nativeTiledCopyReference();
  if ('skipped' in reference) return { 'C reference (cc -O2)': `skipped: ${reference.skipped}` };
  const lines: Record<string, string> = {};
  for (const [form, label] of NATIVE_FORMS) {
    const ms = reference[form];
    lines[`C reference (cc -O2, no allocation), ${label}`] =
      `${ms.toFixed(2)} ms vs its memcpy ${reference.memcpyMs.toFixed(2)} ms -> ${(ms / reference.memcpyMs).toFixed(2)}x memcpy`;
  }
  return lines;
}
