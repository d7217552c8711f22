/**
 * What one benchmark case measured: its own file, so the harness that produces it and the goal
 * judge that reads it do not import each other.
 */

/** Measured result of one candidate. */
export interface CandidateResult {
  readonly label: string;
  /** Median milliseconds per call. */
  readonly medianMs: number;
  readonly samples: number;
}

/** Measured result of one case. `ratio[i]` = baseline median / ours median (> 1: ours faster). */
export interface CaseResult {
  readonly name: string;
  readonly items?: number;
  readonly goal?: string;
  /** Whether the goal was met, where the case can tell (see `BenchCase.meetsGoal`). */
  readonly goalMet?: boolean;
  readonly ours: CandidateResult;
  readonly baselines: readonly CandidateResult[];
  readonly ratios: readonly number[];
  readonly extra: Record<string, string | number>;
}
