/**
 * `vectorize`'s boundary: junk where the module or the options are expected (options left out
 * included) is a typed VectorizerError, never a TypeError from inside.
 */
import { isTilekitError } from '@tilekit/errors';
import { parseModule } from '@tilekit/loop-ir';
import { describe, expect, it } from 'vitest';
import { VectorizeOptionsError, VectorizerError, vectorize } from '../../src/index.js';

const MODULE = 'func.func @f(%a: index) -> index {\n  return %a : index\n}';
const JUNK: readonly unknown[] = [
  null,
  undefined,
  42,
  Number.NaN,
  'x',
  Symbol('x'),
  [1],
  new Array(2 ** 32 - 1),
];

describe('vectorize argument checks', () => {
  it('junk options, or none, are a VectorizeOptionsError', () => {
    for (const junk of JUNK) {
      let thrown: unknown;
      try {
        vectorize(parseModule(MODULE), junk as never);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(VectorizeOptionsError);
      expect((thrown as Error).message).toMatch(
        /^options must be an object with a vectorLength, got /,
      );
    }
  });

  it('a junk module is a VectorizerError', () => {
    for (const junk of JUNK) {
      let thrown: unknown;
      try {
        vectorize(junk as never, { vectorLength: 4 });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(VectorizerError);
      expect(isTilekitError(thrown)).toBe(true);
      expect((thrown as Error).message).toMatch(
        /^Invalid module: expected a Module \(from parseModule or buildModule\), got /,
      );
    }
  });

  it('a valid call still vectorizes', () => {
    expect(vectorize(parseModule(MODULE), { vectorLength: 4 }).report.loops).toEqual([]);
  });
});
