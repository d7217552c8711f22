/**
 * The Node runner's probe counts the full garbage collections that began within a case's span,
 * and only those: collections forced before, inside and after the span (V8's `gc`, reached
 * through a fresh context once the flag is set) are attributed by their start time.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { fullCollectionsProbe } from '../src/node/full-collections.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Lets the observer receive what the collector reported. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 20));

describe('fullCollectionsProbe', () => {
  it('counts the full collections that began within the span, each once', async () => {
    const probe = fullCollectionsProbe();
    gc();
    await settle();
    for (const inside of [3, 1, 0]) {
      const start = performance.now();
      for (let k = 0; k < inside; k++) gc();
      const end = performance.now();
      await settle();
      const figures = await probe(start, end);
      const [count, ms] = /^(\d+) \(([\d.]+) ms\)$/
        .exec(String(figures['full GCs in this process']))
        ?.slice(1)
        .map(Number) ?? [Number.NaN, Number.NaN];
      expect(count, `${inside} forced`).toBe(inside);
      expect(ms).toBeGreaterThanOrEqual(0);
      if (inside > 0) expect(ms).toBeGreaterThan(0);
    }
  });
});
