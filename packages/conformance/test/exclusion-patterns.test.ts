/**
 * Exclusion patterns: a case id segment that is exactly `*` matches any one segment, with every
 * guarantee of plain exclusions (unknown, stale, overlapping, unreasoned ones are errors).
 */
import { describe, expect, it } from 'vitest';
import {
  CaseMismatch,
  type ConformanceCase,
  ConformanceConfigError,
  createSuite,
  type Exclusion,
} from '../src/index.js';

function failingCase(id: string): ConformanceCase {
  return {
    id,
    rule: 'vectorize.loop-selection',
    run: () => {
      throw new CaseMismatch(`${id} differs`);
    },
  };
}

const passingCase: ConformanceCase = {
  id: 'vectorizer/vl8/plain_loop/decisions',
  rule: 'vectorize.loop-selection',
  run: () => {},
};

const definition = {
  name: 'vectorizer' as const,
  label: 'vectorizer',
  cases: [
    failingCase('vectorizer/vl8/odd_loop/decisions'),
    failingCase('vectorizer/vl16-idx32/odd_loop/decisions'),
    failingCase('vectorizer/vl8/odd_loop/vector-ops'),
    passingCase,
  ],
};

async function statuses(exclusions: readonly Exclusion[]): Promise<Record<string, string>> {
  const report = await createSuite(definition, { exclusions }).run();
  return Object.fromEntries(report.results.map((r) => [r.id, r.status]));
}

describe('exclusion patterns with * segments', () => {
  it('excludes every case whose other segments are equal, under any option set', async () => {
    const report = await createSuite(definition, {
      exclusions: [{ case: 'vectorizer/*/odd_loop/decisions', reason: 'deliberate' }],
    }).run();
    expect(report.results.map((r) => [r.id, r.status, r.note])).toEqual([
      ['vectorizer/vl8/odd_loop/decisions', 'excluded', 'deliberate'],
      ['vectorizer/vl16-idx32/odd_loop/decisions', 'excluded', 'deliberate'],
      ['vectorizer/vl8/odd_loop/vector-ops', 'failed', undefined],
      ['vectorizer/vl8/plain_loop/decisions', 'passed', undefined],
    ]);
  });

  it('takes several * segments', async () => {
    expect(await statuses([{ case: 'vectorizer/*/odd_loop/*', reason: 'r' }])).toEqual({
      'vectorizer/vl8/odd_loop/decisions': 'excluded',
      'vectorizer/vl16-idx32/odd_loop/decisions': 'excluded',
      'vectorizer/vl8/odd_loop/vector-ops': 'excluded',
      'vectorizer/vl8/plain_loop/decisions': 'passed',
    });
  });

  it('reports each matched case that passes as a stale exclusion', async () => {
    const report = await createSuite(definition, {
      exclusions: [{ case: 'vectorizer/vl8/*/decisions', reason: 'known bug #7' }],
    }).run();
    const stale = report.results.find((r) => r.id === passingCase.id);
    expect(stale?.status).toBe('failed');
    expect(stale?.error?.name).toBe('StaleExclusionError');
    expect(stale?.error?.message).toContain('is excluded ("known bug #7") but now passes');
    expect(report.results.find((r) => r.id === 'vectorizer/vl8/odd_loop/decisions')?.status).toBe(
      'excluded',
    );
  });

  it('matches exactly one whole segment: no prefixes, no spanning, no partial segments', () => {
    for (const pattern of [
      'vectorizer/*',
      'vectorizer/*/odd_loop',
      'vectorizer/*/odd_loop/decisions/*',
      'vectorizer/vl*/odd_loop/decisions',
      'vectorizer/*/odd/decisions',
    ]) {
      expect(() =>
        createSuite(definition, { exclusions: [{ case: pattern, reason: 'r' }] }),
      ).toThrow(`conformance: 'exclusions[0].case' names no case of this suite: '${pattern}'`);
    }
  });

  it('rejects a case matched by two exclusions: overlapping patterns or a pattern and an id', () => {
    const overlapping = [
      { case: 'vectorizer/*/odd_loop/decisions', reason: 'a' },
      { case: 'vectorizer/vl8/*/*', reason: 'b' },
    ];
    expect(() => createSuite(definition, { exclusions: overlapping })).toThrow(
      "'exclusions[1].case' excludes 'vectorizer/vl8/odd_loop/decisions' already excluded by 'vectorizer/*/odd_loop/decisions'",
    );
    const patternThenId = [
      { case: 'vectorizer/*/odd_loop/decisions', reason: 'a' },
      { case: 'vectorizer/vl16-idx32/odd_loop/decisions', reason: 'b' },
    ];
    expect(() => createSuite(definition, { exclusions: patternThenId })).toThrow(
      ConformanceConfigError,
    );
    const samePatternTwice = [
      { case: 'vectorizer/*/odd_loop/vector-ops', reason: 'a' },
      { case: 'vectorizer/*/odd_loop/vector-ops', reason: 'b' },
    ];
    expect(() => createSuite(definition, { exclusions: samePatternTwice })).toThrow(
      "excludes 'vectorizer/vl8/odd_loop/vector-ops' a second time",
    );
  });

  it('rejects a pattern without a reason', () => {
    expect(() =>
      createSuite(definition, {
        exclusions: [{ case: 'vectorizer/*/odd_loop/decisions', reason: '' }],
      }),
    ).toThrow("'exclusions[0].reason' must say why 'vectorizer/*/odd_loop/decisions' fails");
  });
});
