import { describe, expect, it } from 'vitest';
import { inverseMap, offsetMap, physicalElementCount } from '../src/index.js';

/**
 * TPU bf16 layout (8,128)(2,1) on rows x cols by hand: (8,128) gives (rows/8, cols/128, 8, 128);
 * (2,1) splits the in-tile (8,128) into counts (4,128) and sizes (2,1), so
 * offset = (tileRow*tileCols + tileCol)*1024 + ((r%8) >> 1)*256 + (c%128)*2 + (r%2).
 */
function tpuOffset(r: number, c: number, cols: number): number {
  const tileCols = Math.ceil(cols / 128);
  return (
    (Math.floor(r / 8) * tileCols + Math.floor(c / 128)) * 1024 +
    ((r % 8) >> 1) * 256 +
    (c % 128) * 2 +
    (r % 2)
  );
}

describe('offsetMap / inverseMap', () => {
  it('matches the hand formula for the benchmarked f32[4096,4096]{1,0:T(8,128)(2,1)}', () => {
    const shape = 'f32[4096,4096]{1,0:T(8,128)(2,1)}';
    const map = offsetMap(shape);
    expect(map).toHaveLength(4096 * 4096);
    let mismatches = 0;
    for (let r = 0, i = 0; r < 4096; r++) {
      for (let c = 0; c < 4096; c++, i++) if (map[i] !== tpuOffset(r, c, 4096)) mismatches++;
    }
    expect(mismatches).toBe(0);
    const inverse = inverseMap(shape);
    let wrong = 0;
    for (let i = 0; i < map.length; i++) if (inverse[map[i]!] !== i) wrong++;
    expect(wrong).toBe(0);
  });

  it('handles column-major, partial tiles and padding', () => {
    // f32[3,4]{0,1}: column-major, offset = c*3 + r.
    expect(Array.from(offsetMap('f32[3,4]{0,1}'))).toEqual([0, 3, 6, 9, 1, 4, 7, 10, 2, 5, 8, 11]);
    // bf16[16,200] pads columns to 256: 2*2*1024 slots, 3200 of them used.
    const shape = 'bf16[16,200]{1,0:T(8,128)(2,1)}';
    const inverse = inverseMap(shape);
    expect(inverse).toHaveLength(4096);
    expect(inverse.filter((x) => x === -1)).toHaveLength(4096 - 3200);
    const map = offsetMap(shape);
    for (let i = 0; i < map.length; i++)
      expect(map[i]).toBe(tpuOffset(Math.floor(i / 200), i % 200, 200));
  });

  it('covers scalars, empty arrays and the L tail', () => {
    expect(Array.from(offsetMap('f32[]'))).toEqual([0]);
    expect(Array.from(inverseMap('f32[]{:T(4)}'))).toEqual([0, -1, -1, -1]);
    expect(offsetMap('f32[0,5]{1,0:T(2,2)}')).toHaveLength(0);
    expect(Array.from(inverseMap('f32[0,5]{1,0:T(2,2)}'))).toEqual([]);
    expect(physicalElementCount('s8[3]{0:L(4)}')).toBe(4);
    expect(Array.from(inverseMap('s8[3]{0:L(4)}'))).toEqual([0, 1, 2, -1]);
  });

  it('mixes logical axes that * combines, non-adjacent ones included', () => {
    // {1,2,0}: physical order is logical (0, 2, 1) with sizes (2, 4, 3). '*' folds a into c:
    // folded = a*4 + c of size 8, logical axes 0 and 2 (not adjacent logically). (2,3) then
    // tiles (8, 3) into counts (4, 1) and sizes (2, 3):
    // offset = floor(folded/2)*6 + (folded%2)*3 + b.
    const map = offsetMap('f32[2,3,4]{1,2,0:T(*,2,3)}');
    let i = 0;
    for (let a = 0; a < 2; a++)
      for (let b = 0; b < 3; b++)
        for (let c = 0; c < 4; c++) {
          const folded = a * 4 + c;
          expect(map[i++]).toBe(Math.floor(folded / 2) * 6 + (folded % 2) * 3 + b);
        }
  });
});
