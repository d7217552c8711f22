/**
 * `editDistance` against Levenshtein's recursive definition (the shared reference), and
 * `nearestName`'s policy against its statement.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referenceEditDistance } from '../../../tools/vitest/reference-edit-distance.ts';
import { nearestName } from '../src/index.js';
import { editDistance } from '../src/nearest-name.js';

/** Words over a small alphabet, so that random pairs share letters and distances vary. */
const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'A', 'é'), maxLength: 9 });

describe('editDistance', () => {
  it('equals the brute-force Levenshtein distance', () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        expect(editDistance(a, b)).toBe(referenceEditDistance(a, b));
      }),
      { seed: 38, numRuns: 500 },
    );
  });
});

describe('nearestName', () => {
  it('suggests the closest close name, ties to the earlier, as the policy states', () => {
    fc.assert(
      fc.property(word, fc.array(word, { maxLength: 6 }), (typed, names) => {
        const lower = typed.toLowerCase();
        const distances = names.map((name) => {
          const known = name.toLowerCase();
          if (known === lower) return 0;
          if (lower !== '' && known.startsWith(lower)) return 1;
          return referenceEditDistance(lower, known);
        });
        const budget = Math.max(2, Math.floor(typed.length / 3));
        const best = Math.min(...distances);
        const expected = best <= budget ? names[distances.indexOf(best)] : undefined;
        expect(nearestName(typed, names)).toBe(expected);
      }),
      { seed: 38, numRuns: 500 },
    );
  });

  it('suggests the name a one-edit typo was typed from when it is the only name', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), minLength: 1, maxLength: 20 }),
        fc.nat(),
        fc.constantFrom('a', 'x'),
        (name, at, letter) => {
          const i = at % name.length;
          for (const typo of [
            name.slice(0, i) + name.slice(i + 1),
            name.slice(0, i) + letter + name.slice(i),
            name.slice(0, i) + letter + name.slice(i + 1),
          ]) {
            expect(nearestName(typo, ['zzzzzzzzzzzzzzzzzzzzzzzzz', name])).toBe(name);
          }
        },
      ),
      { seed: 38, numRuns: 200 },
    );
  });

  it('suggests nothing for a far word, a long word, or names that are no list (never throws)', () => {
    expect(nearestName('frobnicate', ['layout', 'demo', 'conformance'])).toBeUndefined();
    const long = 'a'.repeat(65);
    expect(nearestName(long, [long])).toBeUndefined();
    expect(nearestName(long.slice(1), [long.slice(1)])).toBe(long.slice(1));
    expect(nearestName(5 as never, ['5'])).toBeUndefined();
    expect(nearestName('ab', [7, 'ab'] as never)).toBe('ab');
    // Never a throw (it runs while an error message is made): junk names suggest nothing.
    for (const junk of ['abc', null, { length: 1, 0: 'a' }, new Array(2 ** 32 - 1)])
      expect(nearestName('a', junk as never)).toBeUndefined();
    // A long name is compared only when the word begins it: no table of a million columns.
    const huge = 'x'.repeat(1 << 20);
    expect(nearestName('x', [huge, 'y'])).toBe(huge);
    expect(nearestName('yx', [huge, 'y'])).toBe('y');
  });
});
