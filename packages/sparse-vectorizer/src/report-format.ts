/**
 * The vectorizer's report as text: one line per loop (what was decided and why), then one per
 * reduction chain. The CLI's `--report` and the playground print these same lines.
 */
import type { VectorizeReport } from './report.js';

/** One line per loop, in report order, then one per reduction chain. */
export function reportLines(report: VectorizeReport): string[] {
  const lines = report.loops.map((loop) => {
    const where = `@${loop.function} loop ${loop.loop} (depth ${loop.depth})`;
    if (loop.vectorized)
      return `${where}: vectorized, ${loop.form}${loop.kind ? ` <${loop.kind}>` : ''}`;
    return `${where}: left scalar [${loop.code}] ${loop.reason}`;
  });
  for (const chain of report.chains) {
    lines.push(
      `@${chain.function} reduction chain ${chain.producer} -> ${chain.consumer ?? '-'}: ${chain.folded ? 'folded' : 'not folded'} (${chain.reason})`,
    );
  }
  return lines;
}

/** The whole report, one line each ({@link reportLines}), or `no scf.for loops`. */
export function formatReport(report: VectorizeReport): string {
  const lines = reportLines(report);
  return lines.length === 0 ? 'no scf.for loops' : lines.join('\n');
}
