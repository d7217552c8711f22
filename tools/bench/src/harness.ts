/**
 * The tilekit benchmark harness: every case runs "ours" and its baselines side by side in one
 * process, interleaved round by round so that machine noise hits all candidates alike, and
 * reports medians and ratios (never a single absolute time).
 *
 * The harness is environment-neutral (only `performance.now`), so the browser runner reuses it.
 */

import type { CandidateResult, CaseResult } from './case-result.js';
import { judgeGoal, misnamedClauses } from './goals.js';
import { formatDuration, formatRate, median } from './stats.js';

export type { CandidateResult, CaseResult } from './case-result.js';
export { formatDuration, formatRate, median } from './stats.js';

/** One timed candidate. `fn` may return a promise (awaited only when it does). */
export interface BenchFn {
  readonly label: string;
  /** One call (a warm-up or a check). Timed by the harness unless `measure` is given. */
  readonly fn: () => unknown;
  /**
   * Candidates timed by another process (a Python interpreter running scipy): runs `batch`
   * calls there and resolves to their total milliseconds as that process measured them, so
   * the round trip to it is not counted. The harness interleaves it like any other candidate.
   */
  readonly measure?: (batch: number) => Promise<number>;
}

/** One comparison: ours against the baselines a user would otherwise use. */
export interface BenchCase {
  readonly name: string;
  /** Work items per call (elements, nonzeros ...), for an items/s column. */
  readonly items?: number;
  readonly ours: BenchFn;
  readonly baselines: readonly BenchFn[];
  /**
   * The target, printed beside the measured figure; the report marks each clause met or MISSED
   * (the forms it checks are in goals.ts).
   */
  readonly goal?: string;
  /**
   * Whether the ratios (baseline time / ours, in `baselines` order) meet `goal`; the report then
   * marks the goal met or missed.
   */
  readonly meetsGoal?: (ratios: readonly number[]) => boolean;
  /** Extra measured figures (bytes allocated, compile counts ...), computed once after timing. */
  readonly extra?: () => Record<string, string | number> | Promise<Record<string, string | number>>;
  /** Rounds for this case (overrides the run's option), for baselines that take seconds per call. */
  readonly rounds?: number;
}

/** A named group of cases, with optional one-time setup/teardown around them. */
export interface BenchSuite {
  readonly name: string;
  readonly cases: readonly BenchCase[];
  readonly setup?: () => unknown;
  readonly teardown?: () => unknown;
  /**
   * Node runner only: run the suite a second time in a process that has detached an
   * ArrayBuffer, where V8 checks every typed-array access. For suites whose figures hinge on
   * plain typed-array loops, so the report shows both states a user's process can be in.
   */
  readonly alsoAfterDetach?: boolean;
}

/** Timing knobs; defaults suit a 2-core CI-sized machine. */
export interface BenchOptions {
  /** Rounds of interleaved samples per case (the median is taken over these). */
  readonly rounds: number;
  /** Minimum duration of one sample: fast functions are batched up to this. */
  readonly minSampleMs: number;
  /** Soft cap on the time spent on one case; rounds stop early (never below 5, or the case's own count) past it. */
  readonly maxCaseMs: number;
}

export const DEFAULT_BENCH_OPTIONS: BenchOptions = {
  rounds: 15,
  minSampleMs: 25,
  maxCaseMs: 20_000,
};

/** Options given as JSON (the runners' `TILEKIT_BENCH_OPTIONS`), over the defaults. */
export function benchOptionsFromJson(json: string | null | undefined): BenchOptions {
  return { ...DEFAULT_BENCH_OPTIONS, ...(JSON.parse(json || '{}') as Partial<BenchOptions>) };
}

export interface SuiteResult {
  readonly name: string;
  readonly cases: readonly CaseResult[];
  /** Lines about how the suite ran (process state ...), printed under its heading. */
  readonly notes?: readonly string[];
  /**
   * Why this run's figures cannot judge the goals (a GPU suite on a software rasterizer measures
   * the CPU): each goal is then printed with its measured figure but neither met nor MISSED.
   */
  readonly goalsNotJudged?: string;
}

/**
 * Figures a runner measures about each case beyond the harness's timings (the Node runner: the
 * full garbage collections of its process), given the case's span of `performance.now()`.
 */
export type CaseProbe = (
  startMs: number,
  endMs: number,
) => Promise<Record<string, string | number>>;

/** Identity helper that gives suite files type checking. */
export function defineBenchSuite(suite: BenchSuite): BenchSuite {
  return suite;
}

async function callOnce(fn: () => unknown): Promise<void> {
  const result = fn();
  if (result !== null && typeof result === 'object' && 'then' in result) await result;
}

async function timeBatch(candidate: BenchFn, batch: number): Promise<number> {
  if (candidate.measure !== undefined) return candidate.measure(batch);
  const start = performance.now();
  for (let i = 0; i < batch; i++) await callOnce(candidate.fn);
  return performance.now() - start;
}

/**
 * Calls per sample so that one sample lasts at least `minSampleMs`. The timed warm-up call
 * already answers it for slow functions, which then run no extra calibration call.
 */
async function calibrate(candidate: BenchFn, minSampleMs: number): Promise<number> {
  // warm-up: JIT, caches, shader compilation
  if ((await timeBatch(candidate, 1)) >= minSampleMs) return 1;
  let batch = 1;
  for (;;) {
    const elapsed = await timeBatch(candidate, batch);
    if (elapsed >= minSampleMs || batch >= 1 << 20) return batch;
    batch =
      elapsed <= 0
        ? batch * 16
        : Math.min(batch * 16, Math.ceil((batch * minSampleMs * 1.2) / elapsed));
  }
}

/** Runs one case: warm-up, calibration, then interleaved rounds with a rotating start. */
export async function runCase(
  benchCase: BenchCase,
  options: BenchOptions = DEFAULT_BENCH_OPTIONS,
): Promise<CaseResult> {
  const candidates = [benchCase.ours, ...benchCase.baselines];
  const batches: number[] = [];
  for (const candidate of candidates) batches.push(await calibrate(candidate, options.minSampleMs));
  const rounds = benchCase.rounds ?? options.rounds;
  const samples: number[][] = candidates.map(() => []);
  const started = performance.now();
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < candidates.length; k++) {
      // Rotate who goes first so no candidate always runs on a cold cache.
      const c = (k + round) % candidates.length;
      const batch = batches[c]!;
      samples[c]!.push((await timeBatch(candidates[c]!, batch)) / batch);
    }
    if (round >= Math.min(4, rounds - 1) && performance.now() - started > options.maxCaseMs) break;
  }
  const results = candidates.map((candidate, c) => ({
    label: candidate.label,
    medianMs: median(samples[c]!),
    samples: samples[c]!.length,
  }));
  const [ours, ...baselines] = results as [CandidateResult, ...CandidateResult[]];
  const ratios = baselines.map((b) => b.medianMs / ours.medianMs);
  return {
    name: benchCase.name,
    ...(benchCase.items === undefined ? {} : { items: benchCase.items }),
    ...(benchCase.goal === undefined ? {} : { goal: benchCase.goal }),
    ...(benchCase.meetsGoal === undefined ? {} : { goalMet: benchCase.meetsGoal(ratios) }),
    ours,
    baselines,
    ratios,
    extra: benchCase.extra ? await benchCase.extra() : {},
  };
}

/** Runs every case of a suite in order; `probe` adds its figures to each case's. */
export async function runSuite(
  suite: BenchSuite,
  options: BenchOptions = DEFAULT_BENCH_OPTIONS,
  probe?: CaseProbe,
): Promise<SuiteResult> {
  const misnamed = suite.cases.flatMap((c) =>
    misnamedClauses(
      c.goal ?? '',
      c.baselines.map((b) => b.label),
    ).map((clause) => `'${c.name}': ${clause}`),
  );
  if (misnamed.length > 0) {
    throw new Error(
      `suite '${suite.name}' states goals that name no baseline of their case, or several:\n${misnamed.join('\n')}`,
    );
  }
  await suite.setup?.();
  const cases: CaseResult[] = [];
  try {
    for (const benchCase of suite.cases) {
      const start = performance.now();
      const result = await runCase(benchCase, options);
      const probed = probe === undefined ? {} : await probe(start, performance.now());
      cases.push({ ...result, extra: { ...result.extra, ...probed } });
    }
  } finally {
    await suite.teardown?.();
  }
  return { name: suite.name, cases };
}

function describeRatio(ratio: number): string {
  return ratio >= 1 ? `ours ${ratio.toFixed(2)}x faster` : `ours ${(1 / ratio).toFixed(2)}x slower`;
}

/** Human-readable report lines for one suite. */
export function formatSuite(result: SuiteResult): string[] {
  const lines = [`\n## ${result.name}`, ...(result.notes ?? []).map((note) => `(${note})`)];
  const judged = result.goalsNotJudged === undefined;
  const marks = judged ? GOAL_MARKS : UNJUDGED_MARKS;
  for (const c of result.cases) {
    const verdict = c.goalMet === undefined || !judged ? '' : c.goalMet ? ' -- met' : ' -- MISSED';
    lines.push(`- ${c.name}${c.goal ? `   [goal: ${c.goal}${verdict}]` : ''}`);
    const rate = (ms: number) =>
      c.items === undefined ? '' : `, ${formatRate((c.items * 1000) / ms)}`;
    lines.push(
      `    ours      ${c.ours.label}: median ${formatDuration(c.ours.medianMs)}${rate(c.ours.medianMs)}`,
    );
    c.baselines.forEach((b, i) => {
      lines.push(
        `    baseline  ${b.label}: median ${formatDuration(b.medianMs)}${rate(b.medianMs)}  -> ratio ${c.ratios[i]!.toFixed(2)} (${describeRatio(c.ratios[i]!)})`,
      );
    });
    for (const [key, value] of Object.entries(c.extra)) lines.push(`    ${key}: ${value}`);
    for (const verdict of judgeGoal(c)) {
      lines.push(`    ${marks[verdict.status]} ${verdict.clause} (${verdict.detail})`);
    }
  }
  const verdicts = result.cases.flatMap((c) => judgeGoal(c));
  if (verdicts.length > 0 && !judged) {
    lines.push(`  goals: ${verdicts.length} recorded, not judged (${result.goalsNotJudged})`);
  } else if (verdicts.length > 0) {
    const count = (status: string) => verdicts.filter((v) => v.status === status).length;
    lines.push(
      `  goals: ${count('met')} met, ${count('missed')} MISSED, ${count('unchecked')} not checkable by the harness${count('misnamed') > 0 ? `, ${count('misnamed')} MISNAMED` : ''}`,
    );
  }
  return lines;
}

/** How the report marks each goal clause: a missed one stands out in capitals. */
const GOAL_MARKS = {
  met: 'goal met:',
  missed: 'GOAL MISSED:',
  unchecked: 'goal not checked:',
  misnamed: 'GOAL MISNAMED:',
} as const;

/** The same lines where the run cannot judge its goals: the figure, no verdict. */
const UNJUDGED_MARKS = {
  met: 'goal (not judged here):',
  missed: 'goal (not judged here):',
  unchecked: 'goal not checked:',
  misnamed: 'GOAL MISNAMED:',
} as const;
