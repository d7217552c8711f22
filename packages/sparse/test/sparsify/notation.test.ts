/** Tensor index notation, iteration lattices and the emitter's error reporting. */

import { printModule } from '@tilekit/loop-ir';
import { describe, expect, it } from 'vitest';
import {
  buildLattice,
  casesOf,
  kernelNameOf,
  NotationSyntaxError,
  optimizeLattice,
  parseNotation,
  SparsifyError,
  sparsify,
} from '../../src/index.js';

describe('parseNotation', () => {
  it('parses accesses, precedence and assignment operators', () => {
    const n = parseNotation('x(i) += A(i,j) * b(j) - 2 * c(i)');
    expect(n.op).toBe('+=');
    expect(n.output).toEqual({ kind: 'access', tensor: 'x', indices: ['i'] });
    expect(n.rhs).toEqual({
      kind: 'binary',
      op: '-',
      lhs: {
        kind: 'binary',
        op: '*',
        lhs: { kind: 'access', tensor: 'A', indices: ['i', 'j'] },
        rhs: { kind: 'access', tensor: 'b', indices: ['j'] },
      },
      rhs: {
        kind: 'binary',
        op: '*',
        lhs: { kind: 'const', value: 2 },
        rhs: { kind: 'access', tensor: 'c', indices: ['i'] },
      },
    });
    expect(parseNotation('x *= -a(i)').rhs).toEqual({
      kind: 'neg',
      operand: { kind: 'access', tensor: 'a', indices: ['i'] },
    });
    expect(parseNotation('s() = t').output.indices).toEqual([]);
  });

  it('reports the offset and what was expected', () => {
    const bad = (s: string) => {
      try {
        parseNotation(s);
      } catch (e) {
        return e;
      }
      return undefined;
    };
    expect(bad('x(i) = A(i,')).toBeInstanceOf(NotationSyntaxError);
    expect(bad('x(i) = A(i,')).toMatchObject({ offset: 11, expected: 'an index name' });
    expect(bad('x(i) A(i)')).toMatchObject({ offset: 5, expected: "'=', '+=' or '*='" });
    expect(bad('x(i) = a(i) )')).toMatchObject({ offset: 12, expected: 'end of input' });
    expect(bad('x(i) = * a(i)')).toMatchObject({ offset: 7 });
    expect(bad('x(i) = select(a(i), b(i), c(i))')).toMatchObject({
      offset: 18,
      expected: "a comparison ('<', '<=', '>', '>=', '==' or '!=')",
    });
    expect(bad('x(i) = select(a(i) > 0, b(i))')).toMatchObject({ offset: 28, expected: "','" });
    expect(bad('x(i) = a(i) < b(i)')).toMatchObject({ offset: 12, expected: 'end of input' });
  });

  it('parses select with every comparison, two-character operators first', () => {
    const a = { kind: 'access', tensor: 'a', indices: ['i'] };
    const b = { kind: 'access', tensor: 'b', indices: ['i'] };
    for (const op of ['<', '<=', '>', '>=', '==', '!=']) {
      expect(parseNotation(`x(i) = select(a(i) ${op} 1, a(i), -b(i))`).rhs).toEqual({
        kind: 'call',
        fn: 'select',
        args: [
          { kind: 'compare', op, lhs: a, rhs: { kind: 'const', value: 1 } },
          a,
          { kind: 'neg', operand: b },
        ],
      });
    }
  });

  it('derives symbol names from the notation', () => {
    expect(kernelNameOf('x(i) = A(i,j) * b(j)')).toBe('x_i_eq_A_i_j_mul_b_j');
    expect(kernelNameOf('x += 2.5 * a(i)')).toBe('x_addeq_2p5_mul_a_i');
  });
});

describe('iteration lattices', () => {
  const sparse = () => 'sparse' as const;
  const sets = (expr: string) =>
    optimizeLattice(buildLattice(parseNotation(`x(i) = ${expr}`).rhs, sparse)).map((p) =>
      [...p.sparse].sort().join(''),
    );

  it('a product needs every operand; a sum any of them (hand-derived lattices)', () => {
    expect(sets('a(i) * b(i)')).toEqual(['ab']);
    expect(sets('a(i) + b(i)')).toEqual(['ab', 'a', 'b']);
    expect(sets('a(i) * b(i) + c(i)')).toEqual(['abc', 'ab', 'c']);
    expect(sets('(a(i) + b(i)) * c(i)')).toEqual(['abc', 'ac', 'bc']);
  });

  it("select iterates its branches' union; a comparison is a disjunction (hand-derived)", () => {
    // The condition's operands only decide between the branches, never widen the iteration.
    expect(sets('select(c(i) > 0, a(i), b(i))')).toEqual(['abc', 'ab', 'ac', 'bc', 'a', 'b']);
    expect(sets('select(a(i) > 0, a(i), 0)')).toEqual(['a']);
    expect(sets('select(a(i) > b(i), 1, 0)')).toEqual(['ab', 'a', 'b', '']);
  });

  it('a select with a dense branch visits every coordinate', () => {
    const rhs = parseNotation('x(i) = select(a(i) > 0, a(i), d(i))').rhs;
    const points = optimizeLattice(buildLattice(rhs, (t) => (t === 'a' ? 'sparse' : 'dense')));
    expect(points.map((p) => [...p.sparse].join(''))).toEqual(['a', '']);
    expect(points.map((p) => [...p.dense].join(''))).toEqual(['d', 'd']);
  });

  it('drops points that only differ in dense operands and nests sub-points as cases', () => {
    const rhs = parseNotation('x(i) = a(i) + b(i)').rhs;
    const points = optimizeLattice(buildLattice(rhs, (t) => (t === 'a' ? 'sparse' : 'dense')));
    expect(points.map((p) => [...p.sparse].join(''))).toEqual(['a', '']);
    expect(casesOf(points, points[0] as (typeof points)[number]).length).toBe(2);
  });
});

describe('sparsify errors', () => {
  it('rejects kernels it cannot emit, naming the argument', () => {
    expect(() => sparsify('x(i) = A(i,j) * b(j)', { B: 'CSR' })).toThrow(
      /formats\.B: no tensor named B/,
    );
    expect(() => sparsify('x(i) = A(i,i)')).toThrow(SparsifyError);
    expect(() => sparsify('x(i) = x(i) - a(i)')).toThrow(/use \+= or \*=/);
    expect(() => sparsify('x(i) = a(i)', {}, { valueType: 'f16' as never })).toThrow(/valueType/);
    expect(() => sparsify('x(i) = a(i) * 0.5', {}, { valueType: 'i32' })).toThrow(
      /not an integer constant/,
    );
  });

  it('documents its signature in the emitted function', () => {
    const k = sparsify('x(i) = A(i,j) * b(j)', {
      A: { levels: ['dense', 'compressed'], posWidth: 64, crdWidth: 16 },
    });
    expect(k.parameters.map((p) => `${p.kind}`)).toEqual([
      'positions',
      'coordinates',
      'values',
      'dense',
      'output',
      'size',
      'size',
    ]);
    expect(printModule(k.module)).toContain(
      'func.func @x_i_eq_A_i_j_mul_b_j(%arg0: memref<?xi64>, %arg1: memref<?xi16>, %arg2: memref<?xf32>, %arg3: memref<?xf32>, %arg4: memref<?xf32>, %arg5: index, %arg6: index)',
    );
  });
});
