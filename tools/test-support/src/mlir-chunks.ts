/**
 * Batched mlir-opt-22 runs for the differential tests. One process handles many modules via
 * `--split-input-file` (chunk outputs come back in order, empty for a chunk that failed),
 * so a whole corpus costs one process start per option set. A missing mlir-opt-22 throws:
 * these tests fail rather than skip.
 */
import { runMlirOpt } from '../../scripts/mlir-opt.mjs';

const SEPARATOR = '// -----';

/** The output of one chunk: its text, or the diagnostics mlir-opt printed for it. */
export type ChunkResult =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly error: string };

/** Runs mlir-opt-22 with `args` over every module text; results are in input order. */
export function runChunks(modules: readonly string[], args: readonly string[]): ChunkResult[] {
  const input = modules.map((m) => m.replaceAll(SEPARATOR, '//')).join(`\n${SEPARATOR}\n`);
  const { stdout, stderr } = runMlirOpt(input, ['--split-input-file', ...args]);
  const outputs = stdout.split(SEPARATOR);
  if (outputs.length !== modules.length) {
    throw new Error(
      `mlir-opt-22 returned ${outputs.length} chunks for ${modules.length}:\n${stderr}`,
    );
  }
  // Diagnostics name the line of the combined input; map them back to chunks.
  const starts: number[] = [];
  let line = 1;
  for (const m of modules) {
    starts.push(line);
    line += m.replaceAll(SEPARATOR, '//').split('\n').length + 1;
  }
  const errors = new Map<number, string[]>();
  for (const match of stderr.matchAll(/^<stdin>:(\d+):\d+: error: (.*)$/gm)) {
    const at = Number(match[1]);
    const chunk = starts.filter((s) => s <= at).length - 1;
    errors.set(chunk, [...(errors.get(chunk) ?? []), match[2] as string]);
  }
  return outputs.map((text, k) => {
    const problems = errors.get(k);
    if (problems !== undefined || text.trim() === '') {
      return { ok: false, error: problems?.join('\n') ?? 'no output' };
    }
    return { ok: true, text };
  });
}
