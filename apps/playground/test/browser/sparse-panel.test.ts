import { describe, expect, it } from 'vitest';
import { openPanel } from './page.ts';

/** Waits until the panel shows its run (or an error). */
async function settled(app: HTMLElement): Promise<HTMLElement> {
  for (let k = 0; k < 200; k++) {
    const shown = app.querySelector<HTMLElement>('.sparse-run, [role=alert]');
    if (shown !== null) return shown;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the panel never showed a run');
}

/** y = A x for the panel's operands (A: zeros where (k*5) % 3 != 0), by a plain loop. */
function expectedSpmv(n: number): number[] {
  const value = (k: number, seed: number) => ((k * 7 + seed) % 9) / 4 - 1 || 0.5;
  const a = (k: number) => ((k * 5) % 3 !== 0 ? 0 : value(k, 0));
  return Array.from({ length: n }, (_, i) => {
    let sum = 0;
    for (let j = 0; j < n; j++) sum = Math.fround(sum + Math.fround(a(i * n + j) * value(j, 1)));
    return sum === 0 ? 0 : sum;
  });
}

describe('Sparse panel', () => {
  it('shows the emitted, vectorized and WGSL forms and runs spmv on cpu', async () => {
    const app = openPanel('panel=sparse&backend=cpu&n=6');
    const run = await settled(app);
    expect(run.textContent).toContain(`result [6]: ${expectedSpmv(6).join(' ')}`);
    const [loops, vectorized, wgsl] = [...app.querySelectorAll('pre')].map((p) => p.textContent);
    expect(loops).toContain('scf.for');
    expect(vectorized).toContain('vector<8xf32>');
    expect(wgsl).toContain('fn main(index : i32)');
    expect(run.dataset.path).toBe('host');
  });

  it('runs the generated GLSL on webgl with the same result', async () => {
    const app = openPanel('panel=sparse&backend=webgl&n=6');
    const run = await settled(app);
    expect(run.textContent).toContain(`result [6]: ${expectedSpmv(6).join(' ')}`);
    expect(run.dataset.path).toBe('gpu');
  });

  it('says why a CSC spmv has no WGSL, and a bad format is an error', async () => {
    const app = openPanel('panel=sparse&backend=cpu&formats=A:CSC');
    await settled(app);
    expect(app.querySelectorAll('pre')[2]!.textContent).toMatch(
      /no WGSL: .*not indexed by the iteration/,
    );
    const bad = openPanel('panel=sparse&formats=A:XYZ');
    expect((await settled(bad)).textContent).toMatch(/^SparseFormatError/);
  });
});
