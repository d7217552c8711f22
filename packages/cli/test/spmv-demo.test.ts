/**
 * `runSpmvDemo`, the timing measurement behind `tilekit demo`'s sparse section (moved here from
 * @tilekit/sparse's tfjs entry): its speedups are the ratios of its own timings and its result
 * matches the JavaScript CSR loop.
 */
import { describe, expect, it } from 'vitest';
import { runSpmvDemo } from '../src/demos/spmv-demo.js';

describe('runSpmvDemo', () => {
  it('reports timings, speedups and a result that matches the JavaScript loop', async () => {
    const r = await runSpmvDemo({ size: 300, density: 0.05, repetitions: 1 });
    expect(r.size).toBe(300);
    expect(r.nnz).toBeGreaterThan(0);
    for (const ms of Object.values(r.milliseconds)) expect(ms).toBeGreaterThan(0);
    expect(r.speedups.overScalarWasm).toBeCloseTo(
      r.milliseconds.scalarWasm / r.milliseconds.vectorizedWasm,
      10,
    );
    expect(r.maxAbsError).toBeLessThan(1e-4);
  });
});
