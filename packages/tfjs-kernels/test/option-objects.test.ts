/**
 * The options argument of every op that takes one, over random option objects: a misspelt key is
 * a typed error naming the nearest valid option (never a silently applied default), anything but
 * a plain object is rejected saying what it got, valid options are used, and nothing leaks.
 * Also: a layout argument of the wrong type says what it received.
 */

import { referenceEditDistance } from '@tilekit/test-support/reference-edit-distance';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertLayout, KernelArgumentError, relayout, tgather, tscatter } from '../src/index.js';
import { TILE_OP_OPTION_KEYS } from '../src/ops/tile-op-options.js';
import { expectOpError } from './support/errors.js';
import { tf } from './support/tf.js';

/** One op with options: how to call it on fixed inputs, and the options it reads. */
interface OptionOp {
  readonly name: string;
  readonly keys: readonly string[];
  /** Keys every call needs (merged under the generated options). */
  readonly base: Record<string, unknown>;
  readonly optionsRequired: boolean;
  readonly call: (options: unknown) => tf.Tensor;
}

const x = tf.tensor2d([
  [1, 2, 3],
  [4, 5, 6],
]);
const tile = tf.tensor2d([[1, 2, 3, 4, 5, 6, 7, 8]]);
const idx = tf.tensor2d([[7, 6, 5, 4, 3, 2, 1, 0]], [1, 8], 'int32');
const buffer = tf.tensor1d([1, 2, 3, 4, 5, 6]);
type Loose = (...args: unknown[]) => tf.Tensor;

const OPS: readonly OptionOp[] = [
  {
    name: 'relayout',
    keys: ['padValue'],
    base: {},
    optionsRequired: false,
    call: (options) => (relayout as Loose)(x, '{1,0:T(2,2)}', options),
  },
  {
    name: 'convertLayout',
    keys: ['padValue'],
    base: {},
    optionsRequired: false,
    call: (options) => (convertLayout as Loose)(buffer, 'f32[2,3]{1,0}', '{0,1:T(2,2)}', options),
  },
  {
    name: 'tscatter',
    keys: TILE_OP_OPTION_KEYS,
    base: { dstShape: [1, 8] },
    optionsRequired: true,
    call: (options) => (tscatter as Loose)(tile, idx, options),
  },
  {
    name: 'tgather',
    keys: TILE_OP_OPTION_KEYS,
    base: {},
    optionsRequired: false,
    call: (options) => (tgather as Loose)(tile, idx, options),
  },
];

/** A valid key with one typo: a case flip, a dropped, doubled or replaced character. */
const typo = (keys: readonly string[]) =>
  fc
    .record({
      key: fc.constantFrom(...keys),
      kind: fc.constantFrom('case', 'drop', 'double', 'replace'),
      at: fc.nat(),
      letter: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz_'),
    })
    .map(({ key, kind, at, letter }) => {
      const i = at % key.length;
      const c = key[i] ?? '';
      if (kind === 'case') {
        const flipped = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
        return key.slice(0, i) + flipped + key.slice(i + 1);
      }
      if (kind === 'drop') return key.slice(0, i) + key.slice(i + 1);
      if (kind === 'double') return key.slice(0, i) + c + key.slice(i);
      return key.slice(0, i) + letter + key.slice(i + 1);
    })
    .filter((key) => !keys.includes(key));

/** Any key at all: typos of valid keys, random strings, prototype names. */
const strayKey = (keys: readonly string[]) =>
  fc.oneof(
    typo(keys),
    fc.string({ minLength: 1, maxLength: 12 }),
    fc.constantFrom('__proto__', 'constructor', 'toString', 'PadValue', 'padvalue'),
  );

describe('option objects of every op', () => {
  it('an unknown key is a KernelArgumentError naming the nearest valid option', () => {
    for (const op of OPS) {
      fc.assert(
        fc.property(strayKey(op.keys), fc.integer({ min: -3, max: 3 }), (key, value) => {
          fc.pre(!op.keys.includes(key));
          // defineProperty: a '__proto__' key must be an own key, as JSON or a spread makes it.
          const options = { ...op.base };
          Object.defineProperty(options, key, { value, enumerable: true });
          const error = expectOpError(() => op.call(options), KernelArgumentError);
          expect(error.op).toBe(op.name);
          expect(error.argument).toBe('options');
          const named = /did you mean '([^']+)'\?/.exec(error.message)?.[1];
          expect(error.message).toContain(`has no option '${key.slice(0, 40)}`);
          // The option meant: the closest (a longer key the typed one begins counts one edit),
          // suggested only within max(2, floor(length / 3)) edits.
          const lower = key.toLowerCase();
          const distance = (k: string) =>
            lower !== '' && k.toLowerCase().startsWith(lower) && k.length > key.length
              ? 1
              : referenceEditDistance(lower, k.toLowerCase());
          const best = Math.min(...op.keys.map(distance));
          if (best > Math.max(2, Math.floor(key.length / 3))) expect(named).toBeUndefined();
          else {
            expect(op.keys).toContain(named);
            expect(distance(named!)).toBe(best);
          }
        }),
        { seed: 27, numRuns: 150 },
      );
    }
  });

  it('a one-typo key names the very option it was typed from, when that is the only nearest', () => {
    const error = expectOpError(() => relayout(x, '{1,0}', { padvalue: -1 } as never), Error);
    expect(error).toBeInstanceOf(KernelArgumentError);
    expect(error.message).toBe(
      "relayout: argument 'options' has no option 'padvalue'; did you mean 'padValue'? (relayout options: padValue)",
    );
    const scatter = expectOpError(
      () => tscatter(tile, idx, { dstShape: [1, 8], dstshape: [1, 8] } as never),
      KernelArgumentError,
    );
    expect(scatter.message).toContain("did you mean 'dstShape'?");
  });

  it('anything but a plain object is rejected, saying what it got', () => {
    const notObjects = fc.oneof(
      fc.integer().map((n) => [n, String(n)] as const),
      fc.string({ maxLength: 8 }).map((s) => [s, `'`] as const),
      fc.boolean().map((b) => [b, String(b)] as const),
      fc.constant([null, 'null'] as const),
      fc.constant([[], 'an array'] as const),
      fc.constant([() => 0, 'a function'] as const),
    );
    for (const op of OPS) {
      fc.assert(
        fc.property(notObjects, ([value, said]) => {
          const error = expectOpError(() => op.call(value), KernelArgumentError);
          expect(error.argument).toBe('options');
          expect(error.message).toContain(
            `must be an options object${op.optionsRequired ? ' with dstShape' : ' or undefined'}, got ${said}`,
          );
        }),
        { seed: 24, numRuns: 40 },
      );
    }
  });

  it("relayout(x, '{1,0}', null) and options 5 or 'x' are KernelArgumentErrors", () => {
    for (const [options, said] of [
      [null, 'null'],
      [5, '5'],
      ['x', "'x'"],
    ] as const) {
      const error = expectOpError(
        () => (relayout as Loose)(x, '{1,0}', options),
        KernelArgumentError,
      );
      expect(error.message).toBe(
        `relayout: argument 'options' must be an options object or undefined, got ${said}`,
      );
    }
  });

  it('valid options are read: the pad value reaches every padding slot', () => {
    fc.assert(
      fc.property(fc.integer({ min: -9, max: 9 }), (padValue) => {
        const out = relayout(x, '{1,0:T(2,2)}', { padValue });
        // [2,3] in 2x2 tiles: two tiles of 4 slots, the second one's right column is padding.
        expect(Array.from(out.dataSync())).toEqual([1, 2, 4, 5, 3, padValue, 6, padValue]);
        out.dispose();
      }),
      { seed: 11, numRuns: 20 },
    );
  });
});

describe('layout arguments of the wrong type', () => {
  it('say what they received', () => {
    const cases: [unknown, string][] = [
      [5, 'got 5'],
      [null, 'got null'],
      [undefined, 'got undefined'],
      [['{1,0}'], 'got an array'],
      [{ layout: '{1,0}' }, 'got an object'],
      [tile, 'got a dense tf.Tensor (float32, shape ['],
    ];
    for (const [layout, said] of cases) {
      const error = expectOpError(() => (relayout as Loose)(x, layout), KernelArgumentError);
      expect(error.argument).toBe('layout');
      expect(error.message).toContain(
        "must be layout text ('{1,0:T(2,2)}'), shape text ('f32[3,5]{1,0}'), a parsed Layout or a parsed Shape",
      );
      expect(error.message).toContain(said);
    }
  });
});
