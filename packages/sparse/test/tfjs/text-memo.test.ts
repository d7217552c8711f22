/** `memoizedByText`: the function's own results, computed once per text while it is remembered. */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoizedByText } from '../../src/tfjs/text-memo.js';

describe('memoizedByText', () => {
  it('returns what the function returns and computes each text once, for random call sequences', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ maxLength: 3 }), fc.nat(9)), { maxLength: 200 }),
        (calls) => {
          const computed: string[] = [];
          const memo = memoizedByText(
            (text: string, _salt: number) => text,
            (text: string, salt: number) => {
              computed.push(text);
              return `${text.length}:${text}:${salt > 100}`;
            },
          );
          for (const [text, salt] of calls)
            expect(memo(text, salt)).toBe(`${text.length}:${text}:false`);
          expect(computed).toEqual([...new Set(calls.map(([text]) => text))]);
        },
      ),
      { seed: 20261126, numRuns: 200 },
    );
  });

  it('past 1024 texts forgets the least recently used one instead of growing', () => {
    let computed = 0;
    const memo = memoizedByText(
      (n: number) => String(n),
      (n: number) => {
        computed++;
        return n * 2;
      },
    );
    for (let n = 0; n < 1024; n++) memo(n);
    expect(memo(0)).toBe(0); // a use: 0 is now the most recent, 1 the least
    expect(computed).toBe(1024);
    memo(1024); // the 1025th text: 1 is forgotten
    expect(memo(0)).toBe(0);
    expect(memo(1023)).toBe(2046);
    expect(computed).toBe(1025);
    expect(memo(1)).toBe(2); // computed again
    expect(computed).toBe(1026);
  });
});
