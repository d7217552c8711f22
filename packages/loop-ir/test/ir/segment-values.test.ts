/**
 * The verifier reads an op's named segments through a layout computed once per segment list;
 * for every segment list and value count it gives what splitting the list value by value
 * gives (a single segment one value, the non-single ones what the singles leave over), and
 * the same SegmentError for counts that do not fit.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createValue, f32, SegmentError, splitSegments, type Value } from '../../src/index.js';
import { segmentValues } from '../../src/ir/op-def.js';

/** The split by the definition's words: one pass over the segments, no layout. */
function referenceSplit(segments: readonly string[], values: readonly Value[]) {
  const singles = segments.filter((s) => !s.startsWith('...') && !s.startsWith('?')).length;
  const variadic = segments.some((s) => s.startsWith('...'));
  const max = variadic ? Infinity : segments.length;
  if (values.length < singles || values.length > max) return undefined;
  const out = new Map<string, Value[]>();
  let at = 0;
  for (const s of segments) {
    const single = !s.startsWith('...') && !s.startsWith('?');
    const n = single ? 1 : values.length - singles;
    out.set(s.replace(/^(\.\.\.|\?)/, ''), values.slice(at, at + n));
    at += n;
  }
  return out;
}

const segmentList = fc
  .tuple(
    fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 4 }),
    fc.constantFrom('', '...rest', '?opt'),
    fc.nat({ max: 4 }),
  )
  .map(([singles, flexible, at]) => {
    const named = singles.map((s, k) => `${s}${k}`);
    if (flexible !== '') named.splice(Math.min(at, named.length), 0, flexible);
    return named;
  });

describe('segment values through the cached layout', () => {
  it('equal the value-by-value split for every list and count', () => {
    fc.assert(
      fc.property(segmentList, fc.nat({ max: 8 }), (segments, count) => {
        const values = Array.from({ length: count }, () => createValue(f32));
        const frozen = Object.freeze([...values]);
        const expected = referenceSplit(segments, values);
        if (expected === undefined) {
          expect(() => splitSegments(segments, frozen)).toThrow(SegmentError);
          for (const name of ['a0', 'rest', 'opt'])
            expect(() => segmentValues(segments, frozen, name)).toThrow(SegmentError);
          return;
        }
        expect(splitSegments(segments, frozen)).toEqual(expected);
        for (const [name, part] of expected) {
          const got = segmentValues(segments, frozen, name) as Value[];
          expect(got.length).toBe(part.length);
          for (const [k, v] of got.entries()) expect(v).toBe(part[k]);
        }
        expect(segmentValues(segments, frozen, 'absent')).toBeUndefined();
      }),
      { seed: 35, numRuns: 400 },
    );
  });
});
