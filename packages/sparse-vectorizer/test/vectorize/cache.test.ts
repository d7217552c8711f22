/**
 * `vectorize` remembers its result for an immutable module: a repeat with the same module
 * object and equal options returns the same frozen result, and over the whole kernel corpus
 * and seeded option sets (vector lengths, VLA, 32-bit indices), in random order so that hits
 * and misses interleave, every cached result prints exactly as vectorizing a mutable copy
 * (never cached) does, with the same report.
 */
import { printModule } from '@tilekit/loop-ir';
import { loadCorpus } from '@tilekit/test-support';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type VectorizeOptions, vectorize } from '../../src/index.js';

const options = fc.record({
  vectorLength: fc.constantFrom(1, 2, 4, 8, 16),
  enableVLAVectorization: fc.constantFrom(true, false, undefined),
  enableSIMDIndex32: fc.constantFrom(true, false, undefined),
});

describe('the vectorize cache', () => {
  it('a repeat returns the same frozen result; other options and modules do not', () => {
    const [kernel] = loadCorpus();
    const module = kernel!.module;
    const first = vectorize(module, { vectorLength: 8 });
    expect(Object.isFrozen(first)).toBe(true);
    expect(vectorize(module, { vectorLength: 8, enableSIMDIndex32: false })).toBe(first);
    expect(vectorize(module, { vectorLength: 4 })).not.toBe(first);
    expect(vectorize(module, { vectorLength: 8, enableVLAVectorization: true })).not.toBe(first);
    const open = { operations: [...module.operations] };
    expect(vectorize(open, { vectorLength: 8 })).not.toBe(vectorize(open, { vectorLength: 8 }));
  });

  it('cached results equal uncached ones over the corpus and seeded options', () => {
    const corpus = loadCorpus();
    const picks = fc.sample(fc.tuple(fc.nat({ max: corpus.length - 1 }), options), {
      seed: 35,
      numRuns: 2 * corpus.length,
    });
    const calls = [...picks, ...picks];
    let compared = 0;
    for (const [k, opts] of calls) {
      const module = corpus[k]!.module;
      const cached = vectorize(module, opts as VectorizeOptions);
      const fresh = vectorize({ operations: [...module.operations] }, opts as VectorizeOptions);
      expect(printModule(cached.module)).toBe(printModule(fresh.module));
      expect(cached.report).toEqual(fresh.report);
      compared++;
    }
    expect(compared).toBe(4 * corpus.length);
  });
});
