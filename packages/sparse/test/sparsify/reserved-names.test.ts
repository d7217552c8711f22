/**
 * A function name is no operand: written bare (no call), it is a NotationSyntaxError naming the
 * function at the name's offset, whatever follows it, whitespace included (`max + x(i)` once
 * read the name's tail `ax` as a scalar operand).
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NotationSyntaxError, parseNotation } from '../../src/index.js';
import { RESERVED_NAMES } from '../../src/sparsify/planning/expression.js';

const SEED = 38;

describe('function names written bare', () => {
  it('are a syntax error naming the function at its offset, whatever whitespace and operator follow', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...RESERVED_NAMES),
        fc.stringMatching(/^[ \t\n]{0,3}$/),
        fc.stringMatching(/^[ \t\n]{0,3}$/),
        fc.constantFrom('+', '-', '*', '/', ')', ','),
        fc.boolean(),
        (name, before, after, operator, first) => {
          const prefix = first ? 'y(i) = ' : 'y(i) = x(i) * ';
          const source = `${prefix}${before}${name}${after}${operator} x(i)`;
          let thrown: unknown;
          try {
            parseNotation(source);
          } catch (e) {
            thrown = e;
          }
          expect(thrown).toBeInstanceOf(NotationSyntaxError);
          expect(thrown).toMatchObject({ offset: prefix.length + before.length });
          expect((thrown as Error).message).toContain(`(${name} is a function)`);
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });
});
