/**
 * Conversions keep scratch arrays between calls (src/sparse-tensor/scratch-array.ts): one
 * array per use is handed out again up to the kept length, and a call past it takes an array
 * of its own. (The conversions that use them are held to the plain builder over calls of
 * changing sizes in scratch-scatter.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { KEPT_SCRATCH_LENGTH, scratchArrays } from '../../src/sparse-tensor/scratch-array.js';

describe('scratch arrays kept between calls', () => {
  it('hand out one array again up to the kept length, and a fresh one past it', () => {
    // Identity compared outside expect, which would print whole arrays.
    const scratch = scratchArrays();
    const first = scratch(100);
    expect(first.length).toBeGreaterThanOrEqual(100);
    expect(scratch(50) === first).toBe(true);
    const grown = scratch(5000);
    expect(grown.length).toBeGreaterThanOrEqual(5000);
    expect(grown === first).toBe(false);
    expect(scratch(5000) === grown).toBe(true);
    const past = scratch(KEPT_SCRATCH_LENGTH + 1);
    expect(past.length).toBe(KEPT_SCRATCH_LENGTH + 1);
    expect(scratch(KEPT_SCRATCH_LENGTH + 1) === past).toBe(false);
    expect(scratch(10) === grown).toBe(true);
  });
});
