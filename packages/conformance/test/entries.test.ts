/**
 * The package's two entries split by who calls what: `@tilekit/conformance` is what an
 * implementer runs, `@tilekit/conformance/testing` what the suites are built from (data,
 * generators, references). Each name is exported by one of them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as suites from '../src/index.js';
import * as testing from '../src/testing.js';

/** Each `export … from './<module>'` of an entry file: the module and the names it hands on. */
function reExports(entry: string): { module: string; names: string[] }[] {
  const text = readFileSync(new URL(`../src/${entry}`, import.meta.url), 'utf8');
  return [...text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)].map((m) => ({
    module: m[2] as string,
    names: (m[1] as string)
      .split(',')
      .map((n) => n.replace(/^\s*type\s+/, '').trim())
      .filter((n) => n !== ''),
  }));
}

/** Data files, generators and reference formulas: the testing entry's modules. */
const TESTING_MODULE = /^\.\/(?:data|generators|reference)\//;

/**
 * What the main entry takes from those modules all the same: the error the data loaders throw
 * (one error model per package) and the types the vectorizer contract is written in.
 */
const CONTRACT_NAMES = ['CaseDataError', 'FunctionArgument', 'VectorizationOptions'];

describe('the entries', () => {
  it('no name is exported by both', () => {
    const main = reExports('index.ts').flatMap((e) => e.names);
    const test = reExports('testing.ts').flatMap((e) => e.names);
    expect(main.filter((n) => test.includes(n))).toEqual([]);
    // The runtime values agree with the source read above.
    expect(Object.keys(suites).filter((n) => n in testing)).toEqual([]);
    expect(Object.keys(testing)).toContain('seededRandom');
    expect(Object.keys(suites)).toContain('sparseConformance');
  });

  it('the main entry hands on no data, generator or reference but the contract names', () => {
    const leaked = reExports('index.ts')
      .filter((e) => TESTING_MODULE.test(e.module))
      .flatMap((e) => e.names)
      .filter((n) => !CONTRACT_NAMES.includes(n));
    expect(leaked).toEqual([]);
  });

  it('the testing entry hands on none of the runner, reports, rules or errors', () => {
    const runner = reExports('testing.ts').filter(
      (e) =>
        e.module.startsWith('./core/') || e.module === './errors.js' || e.module === './rules.js',
    );
    expect(runner).toEqual([]);
  });
});
