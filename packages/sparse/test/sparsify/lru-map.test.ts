/**
 * `LruMap` (the bound of every kernel cache) against a plain model, over seeded random
 * sequences of gets and sets: it never holds more than its limit, holds exactly the most
 * recently used keys, and returns what was last set under a key it holds.
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LruMap } from '../../src/sparsify/calling/lru-map.js';

describe('LruMap', () => {
  it('behaves like a recency-ordered list cut at the limit', () => {
    const step = fc.record({
      kind: fc.constantFrom('get', 'set', 'has'),
      key: fc.nat({ max: 12 }),
      value: fc.nat(),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(step, { maxLength: 80 }),
        (limit, steps) => {
          const map = new LruMap<number, number>(limit);
          // Most recently used last.
          let model: [number, number][] = [];
          for (const { kind, key, value } of steps) {
            const at = model.findIndex(([k]) => k === key);
            if (kind === 'set') {
              if (at >= 0) model.splice(at, 1);
              model.push([key, value]);
              if (model.length > limit) model = model.slice(1);
              map.set(key, value);
            } else if (kind === 'get') {
              const expected = at >= 0 ? model[at]![1] : undefined;
              if (at >= 0) model.push(...model.splice(at, 1));
              expect(map.get(key)).toBe(expected);
            } else {
              expect(map.has(key)).toBe(at >= 0);
            }
            expect(map.size).toBe(model.length);
          }
          for (const [k, v] of model) expect(map.get(k)).toBe(v);
        },
      ),
      { seed: 35, numRuns: 300 },
    );
  });

  it('refuses a limit that is not a positive integer', () => {
    for (const limit of [0, -1, 1.5, Number.NaN])
      expect(() => new LruMap(limit)).toThrow(RangeError);
  });
});
