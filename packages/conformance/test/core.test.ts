/** The runner, exclusions, framework registration, reports and property reporting. */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CaseMismatch,
  type ConformanceCase,
  ConformanceConfigError,
  ConformanceFailure,
  checkProperty,
  createSuite,
  EXACT,
  expectValues,
  formatReport,
  runCase,
  type SuiteReport,
  type TestFramework,
  withinTolerance,
} from '../src/index.js';

const passing: ConformanceCase = {
  id: 'layout/demo/passing',
  rule: 'layout.linear-index',
  run: () => {},
};
const mismatching: ConformanceCase = {
  id: 'layout/demo/mismatching',
  rule: 'layout.tile-suffix',
  run: () => {
    throw new CaseMismatch('expected 17, got 13');
  },
};
const throwing: ConformanceCase = {
  id: 'layout/demo/throwing',
  rule: 'layout.parse-print',
  run: () => {
    throw new TypeError('bad shape');
  },
};

/** A framework that records what is registered and can run it. */
function recordingFramework(expect?: TestFramework['expect']) {
  const names: string[] = [];
  const bodies: (() => Promise<void>)[] = [];
  const framework: TestFramework = {
    describe: (name, body) => {
      names.push(`describe ${name}`);
      body();
    },
    it: (name, body) => {
      names.push(`it ${name}`);
      bodies.push(body);
    },
    ...(expect ? { expect } : {}),
  };
  return { framework, names, bodies };
}

describe('runCase', () => {
  it('passes, or fails with the case id and rule in the message', async () => {
    expect(await runCase(passing)).toEqual({
      id: passing.id,
      rule: 'layout.linear-index',
      status: 'passed',
    });
    const failed = await runCase(mismatching);
    expect(failed.status).toBe('failed');
    expect(failed.error?.message).toBe(
      '[layout/demo/mismatching] breaks rule layout.tile-suffix: expected 17, got 13',
    );
    expect((await runCase(throwing)).error?.message).toBe(
      '[layout/demo/throwing] breaks rule layout.parse-print: threw TypeError: bad shape',
    );
  });

  it('reports an excluded failure as excluded, with the reason', async () => {
    const result = await runCase(mismatching, { case: mismatching.id, reason: 'known bug #12' });
    expect(result.status).toBe('excluded');
    expect(result.note).toBe('known bug #12');
    expect(result.error?.message).toBe(
      '[layout/demo/mismatching] breaks rule layout.tile-suffix: expected 17, got 13',
    );
  });

  it('fails loudly once an excluded case passes', async () => {
    const result = await runCase(passing, { case: passing.id, reason: 'known bug #12' });
    expect(result.status).toBe('failed');
    expect(result.error?.name).toBe('StaleExclusionError');
    expect(result.error?.message).toContain('is excluded ("known bug #12") but now passes');
  });
});

describe('createSuite', () => {
  const definition = { name: 'layout' as const, label: 'layout', cases: [passing, mismatching] };

  it('rejects exclusions naming no case, giving no reason, or repeating a case', () => {
    expect(() =>
      createSuite(definition, { exclusions: [{ case: 'layout/none', reason: 'x' }] }),
    ).toThrow("conformance: 'exclusions[0].case' names no case of this suite: 'layout/none'");
    expect(() =>
      createSuite(definition, { exclusions: [{ case: passing.id, reason: ' ' }] }),
    ).toThrow(ConformanceConfigError);
    const twice = [
      { case: mismatching.id, reason: 'a' },
      { case: mismatching.id, reason: 'b' },
    ];
    expect(() => createSuite(definition, { exclusions: twice })).toThrow(
      "'exclusions[1].case' excludes 'layout/demo/mismatching' a second time",
    );
  });

  it('rejects duplicate case ids and a framework given by halves', () => {
    expect(() => createSuite({ ...definition, cases: [passing, passing] })).toThrow(
      "contain the id 'layout/demo/passing' twice",
    );
    expect(() => createSuite(definition, { describe: () => {} })).toThrow(
      "'it' must be given together with the other",
    );
  });

  it('runs standalone: setup once, a result per case, counts', async () => {
    let setups = 0;
    const seen: string[] = [];
    const suite = createSuite(
      { ...definition, cases: [passing, mismatching, throwing], setup: () => void setups++ },
      { exclusions: [{ case: throwing.id, reason: 'r' }] },
    );
    const report = await suite.run({ onResult: (r) => seen.push(r.status) });
    await suite.run();
    expect(setups).toBe(1);
    expect(seen).toEqual(['passed', 'failed', 'excluded']);
    expect([report.passed, report.failed, report.excluded]).toEqual([1, 1, 1]);
  });

  it('registers one describe and one it per case; a failing case rejects', async () => {
    const { framework, names, bodies } = recordingFramework();
    createSuite(definition, { describe: framework.describe, it: framework.it });
    expect(names).toEqual([
      'describe layout conformance',
      'it layout/demo/passing [layout.linear-index]',
      'it layout/demo/mismatching [layout.tile-suffix]',
    ]);
    await expect(bodies[0]!()).resolves.toBeUndefined();
    await expect(bodies[1]!()).rejects.toThrow(
      '[layout/demo/mismatching] breaks rule layout.tile-suffix: expected 17, got 13',
    );
  });

  it("reports through the framework's expect when given one", async () => {
    const checked: unknown[] = [];
    const { framework, bodies } = recordingFramework((actual) => ({
      toBeUndefined: () => void checked.push(actual),
    }));
    createSuite(definition).register(framework);
    await bodies[0]!();
    await bodies[1]!();
    expect(checked).toEqual([
      undefined,
      '[layout/demo/mismatching] breaks rule layout.tile-suffix: expected 17, got 13',
    ]);
  });
});

describe('formatReport', () => {
  it('prints a row per suite, the failures and the closing line', () => {
    const report = (label: string, passed: number, failed: number): SuiteReport => ({
      name: 'layout',
      label,
      passed,
      failed,
      excluded: 0,
      results: [
        ...Array.from({ length: passed }, (_, k) => ({
          id: `${label}/${k}`,
          rule: 'layout.linear-index' as const,
          status: 'passed' as const,
        })),
        ...Array.from({ length: failed }, (_, k) => ({
          id: `${label}/f${k}`,
          rule: 'layout.linear-index' as const,
          status: 'failed' as const,
          error: new ConformanceFailure(`${label}/f${k}`, 'layout.linear-index', 'broke'),
        })),
      ],
    });
    const text = formatReport([report('layout', 3, 0), report('kernels (cpu)', 2, 1)]);
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^suite\s+cases\s+passed\s+failed\s+excluded$/);
    expect(lines[1]).toMatch(/^layout\s+3\s+3\s+0\s+0$/);
    expect(lines[2]).toMatch(/^kernels \(cpu\)\s+3\s+2\s+1\s+0$/);
    expect(text).toContain(
      'Failures:\n  [kernels (cpu)/f0] breaks rule layout.linear-index: broke',
    );
    expect(lines[lines.length - 1]).toBe('5 passed, 1 failed');
  });
});

describe('checkProperty', () => {
  it('reports the shrunk counterexample, the seed and the replay path', async () => {
    const property = fc.property(fc.integer({ min: 0, max: 1000 }), (x) => {
      if (x >= 10) throw new CaseMismatch(`${x} is too big`);
    });
    const failure = checkProperty(property, { seed: 42, numRuns: 100 });
    // 10 is the smallest failing value: shrinking must get there.
    await expect(failure).rejects.toThrow(
      /^property failed on \[10\] after \d+ runs, shrunk \d+ times: 10 is too big \(replay: seed 42, path "[\d:]+"\)$/,
    );
  });

  it('passes when the property holds', async () => {
    await expect(
      checkProperty(
        fc.property(fc.nat(), (x) => x >= 0),
        { seed: 42, numRuns: 50 },
      ),
    ).resolves.toBeUndefined();
  });
});

describe('expectValues and tolerances', () => {
  it('lists the first differing positions', () => {
    expect(() =>
      expectValues([1, 2, 3], [1, 5, 4], 'buffer', { position: (k) => `slot ${k}` }),
    ).toThrow(
      'buffer: 2 of 3 values differ: at slot 1 expected 5, got 2; at slot 2 expected 4, got 3',
    );
    expect(() => expectValues([1], [1, 2], 'buffer')).toThrow(
      'buffer: expected 2 values [1,2], got 1 values [1]',
    );
  });

  it('matches NaN with NaN and -0 with 0, and honours the bound', () => {
    expect(withinTolerance(Number.NaN, Number.NaN, EXACT)).toBe(true);
    expect(withinTolerance(-0, 0, EXACT)).toBe(true);
    expect(withinTolerance(1.0005, 1, { absolute: 1e-3, relative: 0 })).toBe(true);
    expect(withinTolerance(1.002, 1, { absolute: 1e-3, relative: 0 })).toBe(false);
    expect(withinTolerance(102, 100, { absolute: 0, relative: 0.01 })).toBe(false);
  });
});
