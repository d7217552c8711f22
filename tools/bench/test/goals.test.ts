/**
 * The report marks each goal clause met or MISSED from the measured ratios and rates, and says
 * which clauses it cannot check; every goal the suites state today is judged as intended.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judgeGoal, misnamedClauses } from '../src/goals.ts';
import { type CaseResult, formatSuite, runSuite } from '../src/harness.ts';

/** A result whose baselines ran `ratios` times as long as ours (1 ms per call, `items` items). */
function result(goal: string, labels: string[], ratios: number[], items?: number): CaseResult {
  return {
    name: 'case',
    goal,
    ...(items === undefined ? {} : { items }),
    ours: { label: 'ours', medianMs: 1, samples: 5 },
    baselines: labels.map((label, i) => ({ label, medianMs: ratios[i]!, samples: 5 })),
    ratios,
    extra: {},
  };
}

const statuses = (r: CaseResult) => judgeGoal(r).map((v) => v.status);

/**
 * For 100 random pairs `(x, y)` drawn from `xs` and `ys` (stream `seed`), the one goal clause of
 * `resultOf(x, y)` is met exactly when `met(x, y)`, else missed.
 */
function metExactlyWhen(
  xs: fc.Arbitrary<number>,
  ys: fc.Arbitrary<number>,
  seed: number,
  resultOf: (x: number, y: number) => CaseResult,
  met: (x: number, y: number) => boolean,
): void {
  fc.assert(
    fc.property(xs, ys, (x, y) => {
      expect(statuses(resultOf(x, y))).toEqual([met(x, y) ? 'met' : 'missed']);
    }),
    { seed, numRuns: 100 },
  );
}

describe('goal verdicts', () => {
  it('>= Nx <baseline>: met exactly when that baseline ratio reaches N', () => {
    metExactlyWhen(
      fc.double({ min: 0.01, max: 100, noNaN: true }),
      fc.double({ min: 0.01, max: 100, noNaN: true }),
      14,
      (ratio, other) =>
        result(
          '>= 2x the JavaScript loop',
          ['wasm scalar', 'hand-written JavaScript CSR loop'],
          [other, ratio],
        ),
      (ratio) => ratio >= 2,
    );
  });

  it('<= Nx <baseline>: met exactly when ours takes at most N times its time', () => {
    metExactlyWhen(
      fc.double({ min: 0.01, max: 100, noNaN: true }),
      fc.double({ min: 1, max: 3, noNaN: true }),
      35,
      (ratio, share) => result(`<= ${share}x scipy`, ['mathjs', 'scipy (A @ x)'], [1, ratio]),
      (ratio, share) => 1 / ratio <= share,
    );
    const [verdict] = judgeGoal(result('<= 1.5x scipy', ['scipy A.tocsc()'], [0.25]));
    expect(verdict?.detail).toBe("ours takes 4.00x the time of 'scipy A.tocsc()', goal <= 1.5x");
  });

  it('<= N ms: met exactly when ours takes at most N ms per call (its median)', () => {
    metExactlyWhen(
      fc.double({ min: 0.001, max: 100, noNaN: true }),
      fc.double({ min: 0.5, max: 50, noNaN: true }),
      35,
      (medianMs, limit) => {
        const base = result(`compile: <= ${limit} ms`, [], []);
        return { ...base, ours: { ...base.ours, medianMs } };
      },
      (medianMs, limit) => medianMs <= limit,
    );
  });

  it('(ratio >= R), faster than a and b, M items/s, and the only baseline', () => {
    const labels = ['tf.transpose then copy'];
    expect(
      statuses(
        result(
          '<= 1.5x tf.transpose (ratio >= 0.67); >= 2x faster than the stock composition',
          [labels[0]!, 'the stock composition (pad, reshape, transpose)'],
          [0.5, 3],
        ),
      ),
    ).toEqual(['missed', 'met']);
    expect(
      statuses(
        result(
          'faster than scalar wasm and the JavaScript loop',
          ['wasm scalar', 'hand-written JavaScript loop'],
          [1.2, 0.9],
        ),
      ),
    ).toEqual(['met', 'missed']);
    expect(statuses(result('>= 20x baseline, >= 100 M items/s', ['loop'], [25], 50_000))).toEqual([
      'met',
      'missed',
    ]);
    const [unchecked] = judgeGoal(result('well under the ~50 ms of a start', ['x'], [1]));
    expect(unchecked?.status).toBe('unchecked');
  });

  it('the report prints GOAL MISSED for each missed clause and a tally per suite', () => {
    const lines = formatSuite({
      name: 'suite',
      cases: [result('>= 2x baseline, deterministic', ['loop'], [1.5])],
    });
    expect(lines).toContain(
      "    GOAL MISSED: >= 2x baseline (ratio 1.50 against 'loop', goal >= 2)",
    );
    expect(lines).toContain('    goal not checked: deterministic (not a form the harness checks)');
    expect(lines.at(-1)).toBe('  goals: 0 met, 1 MISSED, 1 not checkable by the harness');
  });

  it('a run that cannot judge its goals prints each figure, no verdict, and says why', () => {
    const cases = [
      result('>= 2x baseline', ['loop'], [1.5]),
      result('>= 2x baseline', ['loop'], [2.5]),
    ];
    const why = 'SwiftShader runs shaders on the CPU';
    const lines = formatSuite({ name: 'suite', cases, goalsNotJudged: why });
    expect(lines.join('\n')).not.toMatch(/MISSED|goal met|-- met/);
    expect(lines).toContain(
      "    goal (not judged here): >= 2x baseline (ratio 1.50 against 'loop', goal >= 2)",
    );
    expect(lines).toContain(
      "    goal (not judged here): >= 2x baseline (ratio 2.50 against 'loop', goal >= 2)",
    );
    expect(lines.at(-1)).toBe(`  goals: 2 recorded, not judged (${why})`);
  });
});

describe('goals that name no baseline of their case, or several', () => {
  // Label words drawn from a small vocabulary, so that random labels share some and not others;
  // punctuation a label may carry around a word ("floor:", "(one", "set)") is not part of it.
  const VOCABULARY = ['memcpy', 'floor', 'scipy', 'stock', 'loop', 'bare', 'tf.gather', 'wasm'];
  const labelArbitrary = fc
    .uniqueArray(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 4 })
    .chain((ws) =>
      fc
        .array(fc.constantFrom('', ':', ',', '(', ')'), {
          minLength: ws.length,
          maxLength: ws.length,
        })
        .map((marks) =>
          ws.map((w, i) => (marks[i] === '(' ? `(${w}` : `${w}${marks[i]}`)).join(' '),
        ),
    );
  const labelWords = (label: string) =>
    label
      .replace(/[():,]/g, ' ')
      .split(/\s+/)
      .filter(Boolean);

  it('are misnamed exactly when the named words fit no label or several (seeded)', () => {
    fc.assert(
      fc.property(
        fc.array(labelArbitrary, { minLength: 1, maxLength: 4 }),
        fc.uniqueArray(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 2 }),
        (labels, named) => {
          const fitting = labels.filter((label) =>
            named.every((word) => labelWords(label).includes(word)),
          );
          const clause = `>= 2x the ${named.join(' ')}`;
          const expected = fitting.length === 1 ? [] : [clause];
          expect(
            misnamedClauses(clause, labels).map((c) => c.slice(0, clause.length)),
            JSON.stringify({ labels, named }),
          ).toEqual(expected);
        },
      ),
      { seed: 4242, numRuns: 300 },
    );
  });

  it('are reported as GOAL MISNAMED, and a case that measured no baseline leaves them unchecked', () => {
    const lines = formatSuite({
      name: 'suite',
      cases: [
        result('<= 1.3x copyWithin (ratio >= 0.77)', ['memcpy floor: makeOutput + copy'], [0.5]),
        result('<= 1.5x memcpy', ['memcpy floor', 'memcpy into unzeroed memory'], [0.5, 0.4]),
        result('<= 1.5x scipy', [], []),
      ],
    });
    expect(lines).toContain(
      "    GOAL MISNAMED: <= 1.3x copyWithin (ratio >= 0.77) (no baseline is 'copyWithin')",
    );
    expect(lines).toContain("    GOAL MISNAMED: <= 1.5x memcpy (several baselines are 'memcpy')");
    expect(lines).toContain('    goal not checked: <= 1.5x scipy (no baseline was measured)');
    expect(lines.at(-1)).toBe(
      '  goals: 0 met, 0 MISSED, 1 not checkable by the harness, 2 MISNAMED',
    );
    expect(
      misnamedClauses('<= 1.3x the memcpy floor (ratio >= 0.77)', ['memcpy floor: a', 'memcpy b']),
    ).toEqual([]);
  });

  it('stop a suite before its setup runs, naming the case and the clause', async () => {
    let setUp = false;
    const suite = {
      name: 'misnamed fixture',
      setup: () => {
        setUp = true;
      },
      cases: [
        {
          name: 'relayout',
          ours: { label: 'relayout', fn: () => undefined },
          baselines: [{ label: 'HEAPU8.copyWithin into an existing tensor', fn: () => undefined }],
          goal: '>= 3x stock',
        },
      ],
    };
    await expect(runSuite(suite)).rejects.toThrow(
      "suite 'misnamed fixture' states goals that name no baseline of their case, or several:\n'relayout': >= 3x stock (no baseline is 'stock')",
    );
    expect(setUp).toBe(false);
  });
});

describe("every suite's goals", () => {
  const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
  const benchFiles = readdirSync(join(repoRoot, 'packages'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /(^|\/)bench\/.*\.ts$/.test(file) && !file.includes('node_modules'))
    .map((file) => join(repoRoot, 'packages', file));
  const goals = benchFiles.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/goal: '([^']+)'/g)].map((m) => m[1]!),
  );

  it('are found', () => {
    expect(goals.length).toBeGreaterThan(10);
  });

  it('each has at least one clause the harness checks, or says "none"', () => {
    // Labels are not known here; a clause is checkable when it parses as one of the forms.
    for (const goal of goals) {
      const verdicts = judgeGoal(result(goal, [], []));
      const parsed = verdicts.filter((v) => v.detail !== 'not a form the harness checks');
      if (!goal.startsWith('none') && !/within 2x of/.test(goal)) {
        expect(parsed.length, goal).toBeGreaterThan(0);
      }
    }
  });
});
