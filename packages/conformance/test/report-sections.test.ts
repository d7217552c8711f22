/**
 * formatReport's sections: only real failures go under `Failures:`; an
 * excluded case, which carries its predicted failure as `error`, is listed with the exclusions.
 */
import { describe, expect, it } from 'vitest';
import { CaseMismatch, type ConformanceCase, formatReport, runCase } from '../src/index.js';

const failing = (id: string, message: string): ConformanceCase => ({
  id,
  rule: 'layout.linear-index',
  run: () => {
    throw new CaseMismatch(message);
  },
});

async function suite(cases: readonly ConformanceCase[], excludedIds: readonly string[]) {
  const results = await Promise.all(
    cases.map((c) =>
      runCase(c, excludedIds.includes(c.id) ? { case: c.id, reason: 'known gap' } : undefined),
    ),
  );
  const count = (status: string) => results.filter((r) => r.status === status).length;
  return {
    label: 'layout',
    passed: count('passed'),
    failed: count('failed'),
    excluded: count('excluded'),
    results,
  };
}

/** The lines of one `Heading:` section (up to the next blank line), without the heading. */
function section(text: string, heading: string): string[] | undefined {
  const blocks = text.split('\n\n').map((block) => block.split('\n'));
  return blocks.find((lines) => lines[0] === heading)?.slice(1);
}

describe('formatReport sections', () => {
  it('lists an excluded case under the exclusions only, with no Failures heading', async () => {
    const pass: ConformanceCase = { id: 'layout/ok', rule: 'layout.linear-index', run: () => {} };
    const report = await suite(
      [pass, failing('layout/gap', 'expected 17, got 13')],
      ['layout/gap'],
    );
    const text = formatReport([report]);
    expect(section(text, 'Failures:')).toBeUndefined();
    expect(section(text, 'Excluded (failing as expected):')).toEqual(['  layout/gap: known gap']);
    expect(text.split('\n').at(-1)).toBe('1 passed, 0 failed');
  });

  it('lists the cases of one exclusion reason on one line, with how many more', async () => {
    const gaps = ['layout/gap/1', 'layout/gap/2', 'layout/gap/3'];
    const report = await suite(
      gaps.map((id) => failing(id, 'expected 0, got 1')),
      gaps,
    );
    const text = formatReport([report]);
    expect(section(text, 'Excluded (failing as expected):')).toEqual([
      '  layout/gap/1 and 2 more: known gap',
    ]);
  });

  it('keeps real failures and exclusions apart when both occur', async () => {
    const report = await suite(
      [failing('layout/bad', 'expected 1, got 2'), failing('layout/gap', 'expected 3, got 4')],
      ['layout/gap'],
    );
    const text = formatReport([report]);
    expect(section(text, 'Failures:')).toEqual([
      '  [layout/bad] breaks rule layout.linear-index: expected 1, got 2',
    ]);
    expect(section(text, 'Excluded (failing as expected):')).toEqual(['  layout/gap: known gap']);
    expect(text.split('\n').at(-1)).toBe('0 passed, 1 failed');
  });

  it('lists a stale exclusion (an excluded case that passes) as a failure', async () => {
    const pass: ConformanceCase = { id: 'layout/ok', rule: 'layout.linear-index', run: () => {} };
    const report = await suite([pass], ['layout/ok']);
    const failures = section(formatReport([report]), 'Failures:');
    expect(failures).toHaveLength(1);
    expect(failures?.[0]).toContain('layout/ok');
  });
});
