/**
 * Sparse outputs in any level order, whatever the inputs' orders: random permutations (`A(j,i) =
 * B(i,j)`, rank-3 transposes) and products whose reductions would fall between the output's
 * levels, with random formats for every tensor. Each is planned (converting the inputs whose
 * order disagrees), assembled in order on every engine, and equals the dense reference; its
 * storage is well formed (sorted, unique, valid positions).
 */
import { referenceIndexNotation, seededRandom } from '@tilekit/conformance/testing';
import { compile } from '@tilekit/loop-engines';
import { describe, expect, it } from 'vitest';
import {
  type FormatSpec,
  runKernel,
  SparseTensor,
  sparsify,
  validateStorage,
} from '../../src/index.js';
import { ENGINES } from './every-engine.js';
import { randomDense, withoutNegativeZeros } from './fixtures.js';

const LEVELS = ['dense', 'compressed'] as const;

/** A random sparse format of rank `rank`: a level order, the first level dense or compressed. */
function randomFormat(rank: number, random: () => number): FormatSpec {
  const order = Array.from({ length: rank }, (_, d) => d).sort(() => random() - 0.5);
  const levels = order.map((_, l) =>
    l === 0 && rank > 1 ? (LEVELS[Math.floor(random() * 2)] as string) : 'compressed',
  );
  return { levels, order } as FormatSpec;
}

/** A random kernel of the class with the extents of its indices. */
function randomKernel(random: () => number): { expression: string; tensors: string[] } {
  const perms = [
    ['A(j,i) = B(i,j)', ['B']],
    ['A(i,k,j) = B(k,j,i)', ['B']],
    ['A(j,i) = B(i,j) + C(j,i)', ['B', 'C']],
    ['C(i,j) = A(i,k) * B(k,j)', ['A', 'B']],
    ['C(j,i) = A(i,k) * B(k,j)', ['A', 'B']],
    ['C(i,j,l) = A(i,k) * B(k,j,l)', ['A', 'B']],
    ['y(j) = A(i,j) * x(i)', ['A', 'x']],
  ] as const;
  const [expression, tensors] = perms[
    Math.floor(random() * perms.length)
  ] as (typeof perms)[number];
  return { expression, tensors: [...tensors] };
}

describe('sparse outputs in any level order', () => {
  it('equal the dense reference on 60 random kernels and formats, on every engine', () => {
    for (let n = 0; n < 60; n++) {
      const random = seededRandom(900 + n);
      const { expression, tensors } = randomKernel(random);
      const notation = expression.replace(/\s+/g, '');
      const out = notation.slice(0, notation.indexOf('('));
      const accesses = [...notation.matchAll(/([A-Za-z])\(([a-z,]+)\)/g)].map((m) => ({
        name: m[1] as string,
        indices: (m[2] as string).split(','),
      }));
      const extents: Record<string, number> = {};
      for (const i of 'ijkl') extents[i] = 1 + Math.floor(random() * 5);
      const formats: Record<string, FormatSpec> = {};
      for (const a of accesses) {
        if (a.name === out || tensors.includes(a.name))
          formats[a.name] = randomFormat(a.indices.length, random);
      }
      const operands: Record<string, { data: Float64Array; shape: number[] }> = {};
      for (const a of accesses.filter((x) => x.name !== out)) {
        const shape = a.indices.map((i) => extents[i] as number);
        operands[a.name] = {
          data: randomDense(shape, { density: 0.4, seed: 77 * n + a.name.charCodeAt(0) }),
          shape,
        };
      }
      const expected = referenceIndexNotation(expression, operands, [], { round: (x) => x });
      const kernel = sparsify(expression, formats, { valueType: 'f64' });
      const stored = Object.fromEntries(
        Object.entries(operands).map(([name, { data, shape }]) => [
          name,
          SparseTensor.fromDense(data, shape, formats[name] as FormatSpec),
        ]),
      );
      const what = `${expression} ${JSON.stringify(formats)} ${JSON.stringify(extents)}`;
      for (const engine of ENGINES) {
        const fn = compile(kernel.module, kernel.functionName, { engine });
        const result = runKernel(kernel, fn as never, stored);
        const dense = result instanceof SparseTensor ? result.toDense() : result;
        expect(withoutNegativeZeros(dense), `${what} on ${engine}`).toEqual(
          withoutNegativeZeros(expected),
        );
        if (result instanceof SparseTensor) {
          // Adopted unvalidated: validateStorage checks it is sorted, unique and well formed.
          expect(
            () => validateStorage(result, result.format, result.levelSizes),
            what,
          ).not.toThrow();
        }
      }
    }
  });
});
