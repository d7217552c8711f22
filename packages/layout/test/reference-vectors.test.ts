/**
 * Every case of the XLA reference data that @tilekit/conformance owns (`XLA_LAYOUT_VECTORS`, each
 * case naming its source): XLA's own tests, the tiled-layout document, hand-derived values.
 */
import { XLA_LAYOUT_VECTORS, type XlaLayoutVector } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import {
  delinearize,
  formatLayout,
  formatShape,
  LayoutSyntaxError,
  LayoutValidationError,
  linearIndex,
  physicalElementCount,
  xlaArraySize,
} from '../src/index.js';

const cases = XLA_LAYOUT_VECTORS.cases;
const ofKind = <K extends XlaLayoutVector['kind']>(kind: K) =>
  cases.filter((c): c is Extract<XlaLayoutVector, { kind: K }> => c.kind === kind);

/**
 * Inputs XLA rejects only because they use the seed document's notation, which this package
 * accepts by design; for them we assert the canonical print instead of an error.
 */
const SEED_NOTATION: Record<string, string> = {
  'f32[3,5]{1,0:(2,2)}': 'f32[3,5]{1,0:T(2,2)}',
};

describe('reference vectors', () => {
  it('covers all 102 cases', () => {
    expect(cases).toHaveLength(102);
    expect(
      ofKind('linear_index').length + ofKind('array_size').length + ofKind('parse_print').length,
    ).toBe(102);
  });

  it.each(ofKind('linear_index').map((c) => [c.shape, c.index, c.expected, c.source] as const))(
    'linearIndex(%s, %j) = %i  [%s]',
    (shape, index, expected) => {
      expect(linearIndex(shape, index)).toBe(expected);
      expect(delinearize(shape, expected)).toEqual(index);
    },
  );

  it.each(ofKind('array_size').map((c) => [c.shape, c] as const))('sizes of %s', (shape, c) => {
    expect(xlaArraySize(shape)).toEqual({
      elements: c.arraysize_elements,
      bytes: c.arraysize_bytes,
    });
    if (c.expanded_elements !== undefined) {
      const alignment = Number(/L\((\d+)\)/.exec(shape)?.[1] ?? 1);
      // expanded_elements excludes L; physicalElementCount rounds it up by L.
      expect(physicalElementCount(shape)).toBe(
        Math.ceil(c.expanded_elements / alignment) * alignment,
      );
    }
  });

  it.each(ofKind('parse_print').map((c) => [c.input, c.expected] as const))(
    'parse/print %s',
    (input, expected) => {
      const isLayout = input.startsWith('LAYOUT ');
      const text = isLayout ? input.slice('LAYOUT '.length) : input;
      const print = () => (isLayout ? formatLayout(text) : formatShape(text));
      const seedCanonical = SEED_NOTATION[input];
      if (seedCanonical !== undefined) {
        expect(expected.startsWith('ERROR')).toBe(true);
        expect(print()).toBe(seedCanonical);
      } else if (expected.startsWith('ERROR')) {
        let thrown: unknown;
        try {
          print();
        } catch (error) {
          thrown = error;
        }
        expect(thrown instanceof LayoutSyntaxError || thrown instanceof LayoutValidationError).toBe(
          true,
        );
        // `ERROR: <text>` quotes XLA's own message; we reuse its wording.
        const xlaMessage = /^ERROR: (.*)$/.exec(expected)?.[1];
        if (xlaMessage !== undefined) expect((thrown as Error).message).toContain(xlaMessage);
      } else {
        expect(print()).toBe(expected);
        // The canonical print is a fixed point.
        expect(isLayout ? formatLayout(expected) : formatShape(expected)).toBe(expected);
      }
    },
  );
});
