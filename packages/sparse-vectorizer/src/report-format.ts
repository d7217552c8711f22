/**
 * The vectorizer's report as text: one line per loop (what was decided and why), then one per
 * reduction chain. The CLI's `--report` and the playground print these same lines.
 */
import { messageText as text } from '@tilekit/errors';
import { expectReport } from './argument-checks.js';
import type { VectorizeReport } from './report.js';

/** One line per loop, in report order, then one per reduction chain. */
export function reportLines(report: VectorizeReport): string[] {
  expectReport(report, 'report');
  // Fields through messageText: a hand-made report with odd fields still prints.
  const lines = report.loops.map((loop) => {
    const where = `@${text(loop.function)} loop ${text(loop.loop)} (depth ${text(loop.depth)})`;
    if (loop.vectorized)
      return `${where}: vectorized, ${text(loop.form)}${loop.kind ? ` <${text(loop.kind)}>` : ''}`;
    return `${where}: left scalar [${text(loop.code)}] ${text(loop.reason)}`;
  });
  for (const chain of report.chains) {
    lines.push(
      `@${text(chain.function)} reduction chain ${text(chain.producer)} -> ${chain.consumer === undefined ? '-' : text(chain.consumer)}: ${chain.folded ? 'folded' : 'not folded'} (${text(chain.reason)})`,
    );
  }
  return lines;
}

/** The whole report, one line each ({@link reportLines}), or `no scf.for loops`. */
export function formatReport(report: VectorizeReport): string {
  const lines = reportLines(report);
  return lines.length === 0 ? 'no scf.for loops' : lines.join('\n');
}
