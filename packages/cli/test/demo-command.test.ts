import { describe, expect, it } from 'vitest';
import { main } from '../src/main.js';
import { captureIO } from './capture-io.js';

/** Runs `tilekit demo --only <chapter>`, expects it to succeed, and returns what it printed. */
async function demoChapter(chapter: string): Promise<string> {
  const io = captureIO();
  expect(await main(['demo', '--only', chapter], io)).toBe(0);
  return io.out();
}

describe('tilekit demo', () => {
  it("computes the seed's worked examples", async () => {
    const out = await demoChapter('1');
    // Figure 1: (1*3+1)*2*2 + (0*2+1) = 17, from the seed.
    expect(out).toContain('= 17');
    // Combined dims: (1,3,5,7,9) -> row (1*7+3)*8+5 = 85, col 7*10+9 = 79 of [112,110] tiled (2,3):
    // tile (42, 26) of a 56x37 grid, in-tile (1, 1): (42*37+26)*6 + 1*3+1 = 9484.
    expect(out).toContain('combined (85,79): offset 9484 = f32[112,110]{1,0:T(2,3)} offset 9484');
    expect(out).toContain('f32[4,8]{1,0:T(2,4)(2,1)}');
  });

  it('rejects an out-of-range chapter', async () => {
    const io = captureIO();
    expect(await main(['demo', '--only', '99'], io)).toBe(2);
    expect(io.err()).toContain('--only takes 1..');
  });
});

describe('tilekit demo, cpu kernels chapter', () => {
  it('shows relayout and TSCATTER values computed by the tfjs ops', async () => {
    const out = await demoChapter('2');
    expect(out).toContain('\n2. tfjs ops on the cpu backend');
    // Figure 1 with x = 1..15 row-major: tile (0,0) holds x[0][0], x[0][1], x[1][0], x[1][1].
    expect(out).toContain('    1   2   6   7\n    3   4   8   9\n    5  -1  10  -1\n');
    expect(out).toContain('gives x back exactly: true');
    // Offset 7 is written by src[1][6] = 26 and then src[1][7] = 27: the later one stays.
    expect(out).toContain('   10  20  12  22  14  24  16  27\n   21  11  23  13  25  15   0  17\n');
    expect(out).toContain('tensors before/after the demo: 0/0');
  });
});

describe('tilekit demo, sparse chapter', () => {
  it('runs a vectorized SpMV that matches the JavaScript CSR loop', async () => {
    const out = await demoChapter('3');
    expect(out).toContain('\n3. Sparse kernels in tfjs');
    // ~1% of 4096^2 entries are nonzero.
    const nnz = Number(/nonzeros: +(\d+)/.exec(out)?.[1]);
    expect(nnz).toBeGreaterThan(0.009 * 4096 * 4096);
    expect(nnz).toBeLessThan(0.011 * 4096 * 4096);
    for (const baseline of ['scalar wasm', 'hand-written JS CSR loop', 'tf.matMul with dense A']) {
      expect(out).toMatch(
        new RegExp(`${baseline}[^\\n]*ms +-> vectorized is \\d+\\.\\d\\dx (faster|slower)`),
      );
    }
    // The gain over scalar wasm comes with its reason, in this matrix's own numbers.
    expect(out).toContain('SIMD128 has no gather instruction');
    expect(out).toContain(`each row's ${(nnz / 4096).toFixed(1)}\n  nonzeros (on average)`);
    const overScalar = /scalar wasm[^\n]*-> vectorized is (\d+\.\d\d)x (faster|slower)/.exec(out);
    const ratio = Number(overScalar?.[1]) ** (overScalar?.[2] === 'faster' ? 1 : -1);
    expect(out).toContain(
      ratio < 1.25 ? 'Why the vector loop is close to scalar wasm here:' : 'The vector loop gains',
    );
    // Same operation order per row up to f32 rounding of reassociated lanes.
    const error = Number(/max \|ours - JS loop\|: +(\S+)/.exec(out)?.[1]);
    expect(error).toBeLessThan(1e-4);
  });
});
