/**
 * `outputShapeOf` gives the shape `bindArguments` would give without allocating the output, and
 * rejects the same operands with the same errors (the wasm kernel sizes its output with it).
 */
import { describe, expect, it } from 'vitest';
import {
  bindArguments,
  type FormatSpec,
  type KernelOperand,
  outputShapeOf,
  SparseTensor,
  sparsify,
} from '../../src/index.js';
import { randomDense } from './fixtures.js';

const A = SparseTensor.fromDense(randomDense([5, 7], { density: 0.3, seed: 1 }), [5, 7], 'CSR', {
  dtype: 'float32',
});
const dense = (shape: number[]): KernelOperand => ({
  data: new Float32Array(shape.reduce((a, b) => a * b, 1)),
  shape,
});

describe('outputShapeOf', () => {
  it('equals the bound call output shape for vector, matrix and scalar outputs', () => {
    const cases: [string, Record<string, FormatSpec>, Record<string, KernelOperand>, number[]][] = [
      ['y(i) = A(i,j) * x(j)', { A: 'CSR' }, { A, x: dense([7]) }, [5]],
      ['C(i,k) = A(i,j) * B(j,k)', { A: 'CSR' }, { A, B: dense([7, 3]) }, [5, 3]],
      ['x = a(i) * b(i)', {}, { a: dense([4]), b: dense([4]) }, []],
    ];
    for (const [expr, formats, operands, expected] of cases) {
      const kernel = sparsify(expr, formats);
      expect(outputShapeOf(kernel, operands), expr).toEqual(expected);
      expect([...bindArguments(kernel, operands).outputShape], expr).toEqual(expected);
    }
  });

  it('rejects disagreeing sizes with the error bindArguments gives', () => {
    const kernel = sparsify('y(i) = A(i,j) * x(j)', { A: 'CSR' });
    const operands = { A, x: dense([6]) };
    const message = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        return (error as Error).message;
      }
      return 'no error';
    };
    const expected = message(() => bindArguments(kernel, operands));
    expect(expected).toMatch(/dimension 0 \(index j\) is 6 but another operand has 7/);
    expect(message(() => outputShapeOf(kernel, operands))).toBe(expected);
  });
});
