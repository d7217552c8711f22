/**
 * Hostile sizes and text: parsing stays linear in the text, every structure
 * past LAYOUT_LIMITS is a typed error, and memory maps stay bounded for zero-size shapes.
 * Bounds are generous (seconds where linear work takes milliseconds) so that only quadratic
 * behaviour, which took seconds and gigabytes at these sizes, can trip them.
 */
import { describe, expect, it } from 'vitest';
import {
  LAYOUT_LIMITS,
  LayoutValidationError,
  linearIndex,
  offsetMap,
  parseLayout,
  parseShape,
  physicalElementCount,
  renderMemoryMap,
} from '../src/index.js';
import { xmlProblems } from './support/xml.js';

/** Runs `call`, returning the error it throws (or undefined) and the milliseconds it took. */
function timed(call: () => unknown): { error: unknown; ms: number } {
  const start = performance.now();
  try {
    call();
    return { error: undefined, ms: performance.now() - start };
  } catch (error) {
    return { error, ms: performance.now() - start };
  }
}

function expectLimitError(error: unknown, argument: string, limit: keyof typeof LAYOUT_LIMITS) {
  expect(error).toBeInstanceOf(LayoutValidationError);
  expect((error as LayoutValidationError).argument).toBe(argument);
  expect((error as Error).message).toContain(`LAYOUT_LIMITS.${limit}`);
}

describe('LAYOUT_LIMITS: typed errors past the limits, in time linear in the text', () => {
  it.each([
    // 200 KB of tiles: 40,000 levels, quadratic in the old tiling engine.
    [
      '200 KB of (2,2) tiles',
      `f32[2,2]{1,0:T${'(2,2)'.repeat(40_000)}}`,
      'layout.tiles',
      'maxTiles',
    ],
    // 40,000 '*' in one tile: every merge spliced the whole dimension list.
    [
      '40,000 * in one tile',
      `f32[2,2]{1,0:T(${'*,'.repeat(40_000)}2)}`,
      'layout.tiles',
      'maxTileRank',
    ],
    ['rank 100,000', `f32[${'1,'.repeat(99_999)}1]`, 'shape.dimensions', 'maxRank'],
    [
      'text over maxTextLength',
      `f32[1]${' '.repeat(LAYOUT_LIMITS.maxTextLength)}`,
      'shape',
      'maxTextLength',
    ],
  ] as const)('%s', (_, text, argument, limit) => {
    for (const call of [() => parseShape(text), () => physicalElementCount(text)]) {
      const { error, ms } = timed(call);
      expectLimitError(error, argument, limit);
      expect(ms).toBeLessThan(2000);
    }
  });

  it('a bare layout over maxRank is refused too', () => {
    const { error } = timed(() =>
      parseLayout(`{${Array.from({ length: 65 }, (_, i) => i).join(',')}}`),
    );
    expectLimitError(error, 'layout.minorToMajor', 'maxRank');
  });

  it('accepts text right at the limits and stays fast on it', () => {
    const rank = LAYOUT_LIMITS.maxRank;
    const minorToMajor = Array.from({ length: rank }, (_, i) => rank - 1 - i).join(',');
    // Every level as long as allowed and full of '*', the worst the tiling engine can be given.
    const tile = `(${'*,'.repeat(LAYOUT_LIMITS.maxTileRank - 1)}1)`;
    const text = `f32[${'1,'.repeat(rank - 1)}2]{${minorToMajor}:T${tile.repeat(LAYOUT_LIMITS.maxTiles)}}`;
    const { error, ms } = timed(() => {
      expect(physicalElementCount(text)).toBe(2);
      expect(linearIndex(text, [...new Array<number>(rank - 1).fill(0), 1])).toBe(1);
      expect(Array.from(offsetMap(text))).toEqual([0, 1]);
    });
    expect(error).toBeUndefined();
    expect(ms).toBeLessThan(2000);
  });
});

describe('renderMemoryMap bounds every panel by maxCells, zero-size axes included', () => {
  it.each([
    // Each built a string of hundreds of MB, overflowed the stack or aborted the process.
    ['f32[0,10000000]', '0x10000000'],
    ['f32[10000000,0]', '10000000x0'],
    ['f16[2147483647,0]{0,1:T(2,2)}', '2147483647x0'],
  ])('%s holds no element and draws no cell or label, under either overflow', (shape, size) => {
    for (const format of ['text', 'svg'] as const) {
      for (const overflow of ['error', 'summary'] as const) {
        const { error } = timed(() => {
          const picture = renderMemoryMap(shape, { format, overflow });
          expect(picture).toContain(`no elements: dimensions ${size}`);
          expect(picture.length).toBeLessThan(2000);
          if (format === 'svg') expect(xmlProblems(picture)).toEqual([]);
        });
        expect(error).toBeUndefined();
      }
    }
  });
});
