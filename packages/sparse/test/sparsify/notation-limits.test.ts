/**
 * Hardening of the notation and the lattice: no input overflows the stack or exhausts memory
 * (typed depth, size and lattice-point limits), and user-chosen names are data, never object
 * keys: `__proto__`, `constructor`, `toString` work as tensor and index names.
 */
import { compile } from '@tilekit/loop-engines';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bindArguments,
  type KernelOperand,
  MAX_EXPRESSION_DEPTH,
  MAX_LATTICE_POINTS,
  NotationSyntaxError,
  parseNotation,
  SparseTensor,
  SparsifyError,
  sparsify,
} from '../../src/index.js';

const SEED = 42;

/** Parses or throws a NotationSyntaxError; any other outcome (a RangeError) fails. */
function parsesOrSyntaxError(source: string): boolean {
  try {
    parseNotation(source);
    return true;
  } catch (e) {
    expect(e).toBeInstanceOf(NotationSyntaxError);
    return false;
  }
}

describe('notation limits', () => {
  it('deep parentheses, long unary-minus chains and huge sums are typed errors', () => {
    expect(() => parseNotation(`y(i) = ${'('.repeat(3400)}x(i)${')'.repeat(3400)}`)).toThrow(
      /nested at most 256 deep/,
    );
    expect(() => parseNotation(`y(i) = ${'-'.repeat(5500)}x(i)`)).toThrow(NotationSyntaxError);
    expect(() =>
      parseNotation(`y(i) = ${Array.from({ length: 20000 }, () => 'x(i)').join(' + ')}`),
    ).toThrow(NotationSyntaxError);
    expect(() => parseNotation(`y(i) = ${'sqrt('.repeat(4000)}x(i)${')'.repeat(4000)}`)).toThrow(
      NotationSyntaxError,
    );
  });

  it('any nesting of parentheses, minuses, calls and sums parses within the limits (randomized)', () => {
    const layer = fc.constantFrom(
      ['(', ')'],
      ['-', ''],
      ['sqrt(', ')'],
      ['max(1, ', ')'],
      ['sum(k, ', ')'],
    );
    fc.assert(
      fc.property(
        fc.array(layer, { maxLength: 600 }),
        fc.integer({ min: 1, max: 3000 }),
        (layers, terms) => {
          const open = layers.map((l) => l[0]).join('');
          const close = layers
            .map((l) => l[1])
            .reverse()
            .join('');
          const deep = `y(i) = ${open}A(i,k)${close}`;
          expect(parsesOrSyntaxError(deep)).toBe(
            layers.length < MAX_EXPRESSION_DEPTH - 2 || layers.length === 0,
          );
          const long = `y(i) = ${Array.from({ length: terms }, (_, n) => (n % 2 ? 'x(i)' : '2')).join(' - ')}`;
          expect(parsesOrSyntaxError(long)).toBe(terms < MAX_EXPRESSION_DEPTH - 1);
        },
      ),
      { seed: SEED, numRuns: 150 },
    );
  });
});

describe('names are data', () => {
  const PROTOTYPE_NAMES = [...Object.getOwnPropertyNames(Object.prototype), 'prototype'].filter(
    (n) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(n),
  );

  it('__proto__, constructor and toString name tensors and indices', () => {
    const k = sparsify('y(toString) = __proto__(toString) * constructor(toString)', {
      ['__proto__']: 'sparse-vector',
    });
    expect(k.functionName).toBe('y_toString_eq___proto___toString_mul_constructor_toString');
    // fromEntries defines own properties, so '__proto__' is a key, not the prototype.
    const operands: Record<string, KernelOperand> = Object.fromEntries([
      ['__proto__', SparseTensor.fromDense(new Float32Array([0, 2, 3]), [3], 'sparse-vector')],
      ['constructor', { data: new Float32Array([5, 7, 11]), shape: [3] }],
    ]);
    const call = bindArguments(k, operands);
    compile(k.module, k.functionName, { engine: 'js' })(...call.args);
    expect(Array.from(call.output as Float32Array)).toEqual([0, 14, 33]);
  });

  it('every Object.prototype name works as output, tensor, index and scalar name (randomized)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PROTOTYPE_NAMES),
        fc.constantFrom(...PROTOTYPE_NAMES),
        fc.constantFrom(...PROTOTYPE_NAMES),
        fc.constantFrom('sparse-vector', 'dense'),
        fc.constantFrom(...PROTOTYPE_NAMES),
        (tensor, index, scalar, format, output) => {
          fc.pre(new Set([tensor, index, scalar, output]).size === 4);
          const source = `${output}(${index}) = ${tensor}(${index}) * ${scalar}`;
          const k = sparsify(source, Object.fromEntries([[tensor, format]]));
          expect(k.functionName).not.toMatch(/native code|\{|\s/);
          const data = new Float32Array([1, 0, -2]);
          const operands: Record<string, KernelOperand> = Object.fromEntries([
            [tensor, SparseTensor.fromDense(data, [3], 'sparse-vector')],
            [scalar, 4],
          ]);
          if (format === 'dense') operands[tensor] = { data, shape: [3] };
          const call = bindArguments(k, operands);
          compile(k.module, k.functionName, { engine: 'interpreter' })(...call.args);
          expect(Array.from(call.output as Float32Array)).toEqual([4, 0, -8]);
        },
      ),
      { seed: SEED, numRuns: 60 },
    );
  });

  it('a missing operand is a typed error even when an inherited property has its name', () => {
    const k = sparsify('y(i) = toString(i)');
    expect(() => bindArguments(k, {})).toThrow(/operands\.toString: missing/);
  });
});

describe('lattice size', () => {
  const run = (
    source: string,
    formats: Record<string, 'sparse-vector'>,
    operands: Record<string, KernelOperand>,
  ) => {
    const k = sparsify(source, formats);
    const call = bindArguments(k, operands);
    compile(k.module, k.functionName, { engine: 'js' })(...call.args);
    return Array.from(call.output as Float32Array);
  };

  it('a sum of 25 dense terms is linear (the issue reproducer)', () => {
    const source = `y(i) = ${Array(25).fill('x(i)').join(' + ')}`;
    expect(run(source, {}, { x: { data: new Float32Array([1, -2]), shape: [2] } })).toEqual([
      25, -50,
    ]);
  });

  it('repeated terms of one operand stay linear; distinct sparse operands are bounded (randomized)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.boolean(), (terms, sparse) => {
        const source = `y(i) = ${Array(terms).fill('x(i)').join(' + ')}`;
        const data = new Float32Array([0, 1, -2, 0]);
        const x = sparse
          ? SparseTensor.fromDense(data, [4], 'sparse-vector')
          : { data, shape: [4] };
        const formats: Record<string, 'sparse-vector'> = sparse ? { x: 'sparse-vector' } : {};
        expect(run(source, formats, { x })).toEqual(Array.from(data, (v) => v * terms + 0));
      }),
      { seed: SEED, numRuns: 30 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), (count) => {
        const names = Array.from({ length: count }, (_, n) => `x${n}`);
        const source = `y(i) = ${names.map((n) => `${n}(i)`).join(' + ')}`;
        const formats = Object.fromEntries(names.map((n) => [n, 'sparse-vector' as const]));
        if (2 ** count - 1 > MAX_LATTICE_POINTS) {
          expect(() => sparsify(source, formats)).toThrow(SparsifyError);
          expect(() => sparsify(source, formats)).toThrow(/more than 64/);
          return;
        }
        const operands = Object.fromEntries(
          names.map((n, k) => [
            n,
            SparseTensor.fromDense(new Float32Array([k % 2, 1, 0]), [3], 'sparse-vector'),
          ]),
        );
        expect(run(source, formats, operands)).toEqual([Math.floor(count / 2), count, 0]);
      }),
      { seed: SEED, numRuns: 12 },
    );
  });
});

describe('binding arbitrary values', () => {
  it('any operands object or operand value is bound or a SparsifyError (randomized)', () => {
    const kernel = sparsify('y(i) = A(i,j) * x(j) + s', { A: 'CSR' });
    const A = SparseTensor.fromDense(new Float32Array([1, 0, 0, 2]), [2, 2], 'CSR');
    const x = { data: new Float32Array([1, 1]), shape: [2] };
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({ format: fc.anything(), values: fc.anything(), shape: fc.anything() }),
          fc.record({ data: fc.anything(), shape: fc.anything() }),
          fc.record({
            data: fc.float32Array({ maxLength: 5 }),
            shape: fc.array(fc.oneof(fc.integer({ min: -1, max: 3 }), fc.double()), {
              maxLength: 2,
            }),
          }),
        ),
        fc.constantFrom('A', 'x', 's', 'operands'),
        (junk, where) => {
          const operands = where === 'operands' ? junk : { A, x, s: 1, ...{ [where]: junk } };
          try {
            bindArguments(kernel, operands as Record<string, KernelOperand>);
          } catch (e) {
            expect(e).toBeInstanceOf(SparsifyError);
          }
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });
});
