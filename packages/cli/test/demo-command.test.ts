import { describe, expect, it } from 'vitest';
import { main } from '../src/main.js';
import { captureIO } from './capture-io.js';

describe('tilekit demo', () => {
  it("computes the seed's worked examples", async () => {
    const io = captureIO();
    expect(await main(['demo', '--only', '1'], io)).toBe(0);
    const out = io.out();
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
