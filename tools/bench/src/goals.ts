/**
 * Judges a case's goal text against what was measured, so the report marks each missed goal
 * instead of leaving the comparison to the reader. A goal is clauses separated by `,` or `;`;
 * the harness checks the forms below and says which clauses it could not check:
 *
 * - `>= 20x <baseline>` / `>= 2x faster than <baseline>`: that baseline's ratio is at least 20;
 * - `... (ratio >= 0.67)`, e.g. `<= 1.5x tf.transpose (ratio >= 0.67)`: the named baseline's ratio;
 * - `<= 1.5x scipy`: ours takes at most 1.5 times that baseline's time (its ratio is >= 1 / 1.5);
 * - `faster than <a> and <b>`: every named baseline's ratio is above 1;
 * - `>= 100 M items/s`: ours processes at least that many items per second;
 * - `<= 10 ms`: ours takes at most that long per call (its median).
 *
 * A baseline is named by words of its label (`the JavaScript loop` names
 * `hand-written JavaScript CSR loop`); `baseline` names the only one. A clause that names no
 * baseline of its case, or several, is `misnamed`: a goal the harness could never judge, which
 * {@link misnamedClauses} finds before anything is measured (a case whose run measures no
 * baseline, an external one being missing, leaves its clauses unchecked instead).
 */
import type { CaseResult } from './case-result.js';

/** The verdict on one clause of a goal. */
export interface GoalVerdict {
  readonly clause: string;
  readonly status: 'met' | 'missed' | 'unchecked' | 'misnamed';
  /** The measured figure the clause was judged on, or why it could not be checked. */
  readonly detail: string;
}

const FILLER = new Set(['the', 'a', 'an', 'of', 'on', 'as', 'than', 'x']);
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[()[\],:]/g, ' ')
    .split(/\s+/)
    .filter((word) => /[a-z0-9]/.test(word) && !FILLER.has(word));

/**
 * The index of the one baseline `name` names, or why it names none or several (`unchecked`
 * where the run measured no baseline, as when an external one such as scipy is missing).
 */
function baselineNamed(
  result: CaseResult,
  name: string,
): number | { status: 'misnamed' | 'unchecked'; why: string } {
  if (result.baselines.length === 0)
    return { status: 'unchecked', why: 'no baseline was measured' };
  const wanted = words(name);
  if (wanted.length === 1 && wanted[0] === 'baseline') {
    return result.baselines.length === 1
      ? 0
      : { status: 'misnamed', why: `'baseline' is ambiguous` };
  }
  const matches = result.baselines
    .map((baseline, index) => ({ index, label: words(baseline.label) }))
    .filter(({ label }) => wanted.length > 0 && wanted.every((word) => label.includes(word)));
  if (matches.length === 1) return matches[0]!.index;
  const why = matches.length === 0 ? `no baseline is '${name}'` : `several baselines are '${name}'`;
  return { status: 'misnamed', why };
}

/** Judges "ratio against `name` >= `atLeast`" (or `> 1` when `strictlyAbove` is set). */
function judgeRatio(
  result: CaseResult,
  clause: string,
  name: string,
  atLeast: number,
  strictlyAbove = false,
): GoalVerdict {
  const index = baselineNamed(result, name);
  if (typeof index !== 'number') return { clause, status: index.status, detail: index.why };
  const ratio = result.ratios[index]!;
  const met = strictlyAbove ? ratio > atLeast : ratio >= atLeast;
  return {
    clause,
    status: met ? 'met' : 'missed',
    detail: `ratio ${ratio.toFixed(2)} against '${result.baselines[index]!.label}', goal ${strictlyAbove ? '>' : '>='} ${atLeast}`,
  };
}

/** Judges "ours takes at most `share` times the time of `name`". */
function judgeTimeShare(
  result: CaseResult,
  clause: string,
  name: string,
  share: number,
): GoalVerdict {
  const index = baselineNamed(result, name);
  if (typeof index !== 'number') return { clause, status: index.status, detail: index.why };
  const taken = 1 / result.ratios[index]!;
  return {
    clause,
    status: taken <= share ? 'met' : 'missed',
    detail: `ours takes ${taken.toFixed(2)}x the time of '${result.baselines[index]!.label}', goal <= ${share}x`,
  };
}

function judgeClause(result: CaseResult, clause: string): GoalVerdict[] {
  // A leading "one pass:" style label says what the goal is about; the measurable part follows.
  const text = clause.replace(/^[^:()]*:\s*/, '').trim();
  const ratioNote =
    /^(?:<=\s*[\d.]+x\s+|within\s+[\d.]+x\s+of\s+)?(.*?)\s*\(ratio\s*>=\s*([\d.]+)\)$/.exec(text);
  if (ratioNote) return [judgeRatio(result, clause, ratioNote[1]!, Number(ratioNote[2]))];
  const rate = /^>=\s*([\d.]+)\s*M items\/s$/.exec(text);
  if (rate) {
    if (result.items === undefined) {
      return [{ clause, status: 'unchecked', detail: 'the case counts no items' }];
    }
    const perSecond = (result.items * 1000) / result.ours.medianMs;
    const goal = Number(rate[1]) * 1e6;
    return [
      {
        clause,
        status: perSecond >= goal ? 'met' : 'missed',
        detail: `${(perSecond / 1e6).toFixed(1)} M items/s`,
      },
    ];
  }
  const within = /^<=\s*([\d.]+)\s*ms$/.exec(text);
  if (within) {
    const limit = Number(within[1]);
    const taken = result.ours.medianMs;
    const status = taken <= limit ? 'met' : 'missed';
    return [{ clause, status, detail: `median ${taken.toPrecision(3)} ms, goal <= ${limit} ms` }];
  }
  const atMost = /^<=\s*([\d.]+)x\s+(.+)$/.exec(text);
  if (atMost) return [judgeTimeShare(result, clause, atMost[2]!, Number(atMost[1]))];
  const times = /^>=\s*([\d.]+)x\s+(?:faster\s+than\s+)?(.+)$/.exec(text);
  if (times) return [judgeRatio(result, clause, times[2]!, Number(times[1]))];
  const faster = /^faster than (.+?)(?:\s*\(ratio > 1\))?$/.exec(text);
  if (faster) {
    return faster[1]!.split(/\s+and\s+/).map((name) => judgeRatio(result, clause, name, 1, true));
  }
  return [{ clause, status: 'unchecked', detail: 'not a form the harness checks' }];
}

/** Every clause of the case's goal, judged (empty when the case states no goal). */
export function judgeGoal(result: CaseResult): GoalVerdict[] {
  if (result.goal === undefined) return [];
  return result.goal
    .split(/[,;]/)
    .map((clause) => clause.trim())
    .filter((clause) => clause !== '')
    .flatMap((clause) => judgeClause(result, clause));
}

/**
 * The clauses of `goal` that name no baseline among `labels`, or several, each as
 * `clause (why)`: judged against those labels before a run, so that a misspelt name fails the
 * suite at once instead of leaving its goal unjudged after the measuring.
 */
export function misnamedClauses(goal: string, labels: readonly string[]): string[] {
  const unmeasured: CaseResult = {
    name: '',
    goal,
    items: 1,
    ours: { label: '', medianMs: 1, samples: 1 },
    baselines: labels.map((label) => ({ label, medianMs: 1, samples: 1 })),
    ratios: labels.map(() => 1),
    extra: {},
  };
  return judgeGoal(unmeasured)
    .filter((verdict) => verdict.status === 'misnamed')
    .map((verdict) => `${verdict.clause} (${verdict.detail})`);
}
