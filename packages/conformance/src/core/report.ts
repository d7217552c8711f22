/**
 * Text reports of standalone runs: a per-suite table, the failures and exclusions, and the
 * closing `N passed, M failed` line (excluded cases, which failed as expected, count in neither).
 */
import { refuse, requireArray, requireInteger, requireObject, requireString } from './arguments.js';
import type { CaseStatus } from './runner.js';

/**
 * What a report printer reads: a `SuiteReport`, or one that crossed a process or page boundary
 * as JSON (its errors reduced to their messages).
 */
export interface ReportView {
  readonly label: string;
  readonly passed: number;
  readonly failed: number;
  readonly excluded: number;
  readonly results: readonly {
    readonly id: string;
    readonly status: CaseStatus;
    readonly error?: { readonly message: string };
    readonly note?: string;
  }[];
}

const COLUMNS = ['cases', 'passed', 'failed', 'excluded'] as const;

/** More reports (or results in one) than this is no run of a suite. */
const MAX_ENTRIES = 2 ** 20;
const STATUSES: readonly unknown[] = ['passed', 'failed', 'excluded'];

/**
 * Checks `reports` before anything is printed from it.
 * @throws ConformanceConfigError naming `reports[i]` or its field at fault.
 */
function checkReports(reports: unknown): asserts reports is readonly ReportView[] {
  requireArray(reports, 'reports', MAX_ENTRIES);
  for (let i = 0; i < reports.length; i++) {
    const report: unknown = reports[i];
    const name = `reports[${i}]`;
    requireObject(report, name);
    requireString(report.label, `${name}.label`);
    for (const key of ['passed', 'failed', 'excluded'] as const) {
      requireInteger(report[key], `${name}.${key}`, 0);
    }
    requireArray(report.results, `${name}.results`, MAX_ENTRIES);
    for (let r = 0; r < report.results.length; r++) {
      const result: unknown = report.results[r];
      const at = `${name}.results[${r}]`;
      requireObject(result, at);
      requireString(result.id, `${at}.id`);
      if (!STATUSES.includes(result.status)) refuse(`${at}.status`, 'a CaseStatus', result.status);
      if (result.note !== undefined) requireString(result.note, `${at}.note`);
      if (result.error !== undefined) {
        requireObject(result.error, `${at}.error`);
        requireString(result.error.message, `${at}.error.message`);
      }
    }
  }
}

/**
 * One row per suite: label, case count, passed, failed, excluded.
 * @throws ConformanceConfigError when `reports` is not a list of reports.
 */
export function formatSuiteTable(reports: readonly ReportView[]): string {
  checkReports(reports);
  const labelWidth = Math.max('suite'.length, ...reports.map((r) => r.label.length));
  const row = (label: string, cells: readonly (string | number)[]) =>
    `${label.padEnd(labelWidth)}  ${cells.map((c) => String(c).padStart(9)).join('')}`;
  return [
    row('suite', COLUMNS),
    ...reports.map((r) => row(r.label, [r.results.length, r.passed, r.failed, r.excluded])),
  ].join('\n');
}

/**
 * The closing line: `N passed, M failed`, summed over every suite.
 * @throws ConformanceConfigError when `reports` is not a list of reports.
 */
export function formatSummaryLine(reports: readonly ReportView[]): string {
  checkReports(reports);
  const passed = reports.reduce((sum, r) => sum + r.passed, 0);
  const failed = reports.reduce((sum, r) => sum + r.failed, 0);
  return `${passed} passed, ${failed} failed`;
}

/**
 * One line per exclusion reason: its case, or its first case and how many more (a pattern can
 * exclude hundreds of cases for one reason).
 */
function excludedLines(results: ReportView['results']): string[] {
  const byNote = new Map<string, string[]>();
  for (const c of results) {
    if (c.status !== 'excluded') continue;
    const note = c.note ?? '';
    const ids = byNote.get(note) ?? [];
    ids.push(c.id);
    byNote.set(note, ids);
  }
  return [...byNote].map(([note, ids]) => {
    const more = ids.length > 1 ? ` and ${ids.length - 1} more` : '';
    return `${ids[0]}${more}: ${note}`;
  });
}

/**
 * The whole report: table, each real failure's message, each exclusion reason, summary line.
 * Excluded cases carry their predicted failure as `error` too; they are listed under their own
 * heading, never under `Failures:`.
 * @throws ConformanceConfigError when `reports` is not a list of reports.
 */
export function formatReport(reports: readonly ReportView[]): string {
  checkReports(reports);
  const failures = reports.flatMap((r) =>
    r.results.flatMap((c) =>
      c.status === 'failed' ? [c.error?.message ?? `[${c.id}] failed`] : [],
    ),
  );
  const excluded = reports.flatMap((r) => excludedLines(r.results));
  const sections = [formatSuiteTable(reports)];
  if (failures.length > 0)
    sections.push(['Failures:', ...failures.map((m) => `  ${m}`)].join('\n'));
  if (excluded.length > 0) {
    sections.push(['Excluded (failing as expected):', ...excluded.map((m) => `  ${m}`)].join('\n'));
  }
  sections.push(formatSummaryLine(reports));
  return sections.join('\n\n');
}
