/**
 * Every compiled wasm kernel shares one linear memory, so an output array the engine does not
 * copy in (one marked overwritten) holds whatever the previous kernel left there. An output's
 * values may be marked so only where the emitted loops write every one of them; where the last
 * level is dense (or a dense level lies under a sparse one), slots no operand reaches must read
 * zero. Seeded: random output level formats and orders, random element-wise and contracting
 * expressions, operands from empty to full, each run right after a kernel that filled the
 * memory with junk, against a dense evaluation of the notation.
 */

import { referenceIndexNotation, seededRandom } from '@tilekit/conformance/testing';
import { compile } from '@tilekit/loop-engines';
import { describe, expect, it } from 'vitest';
import { type FormatSpec, runKernel, SparseTensor, sparsify } from '../../src/index.js';
import { withoutNegativeZeros } from './fixtures.js';
import { type OutputCase, operandsOf, outputShape } from './output-cases.js';

/** A kernel whose dense 64x64 output it writes whole with `junk`, to dirty the shared memory. */
function dirtyTheMemory(junk: number): void {
  const kernel = sparsify('X(i,j) = A(i,j) + c', { A: 'CSR' }, { valueType: 'f64' });
  const run = compile(kernel.module, kernel.functionName, { engine: 'wasm' });
  const A = SparseTensor.fromDense(new Float64Array(64 * 64), [64, 64], 'CSR');
  runKernel(kernel, run, { A, c: junk });
}

const LEVELS = ['dense', 'compressed'] as const;
const EXPRESSIONS = [
  ['X(i,j) = A(i,j) + B(i,j)', { A: ['i', 'j'], B: ['i', 'j'] }],
  ['X(i,j) = A(i,j) * B(i,j)', { A: ['i', 'j'], B: ['i', 'j'] }],
  ['X(i,j) = max(A(i,j), B(i,j))', { A: ['i', 'j'], B: ['i', 'j'] }],
  ['X(i,j) = A(i,k) * B(k,j)', { A: ['i', 'k'], B: ['k', 'j'] }],
] as const;

describe('output values on the shared wasm memory', () => {
  it('slots no operand reaches read zero, whatever an earlier kernel left (seeded)', () => {
    const next = seededRandom(5117);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
    let addressed = 0;
    for (let trial = 0; trial < 60; trial++) {
      const levels = [pick(LEVELS), pick(LEVELS)];
      const order = next() < 0.5 ? [0, 1] : [1, 0];
      const [expr, operands] = pick(EXPRESSIONS);
      const operandFormat = pick(['CSR', 'CSC', 'DCSR', 'COO'] as const);
      const c: OutputCase = {
        name: `${expr} into ${levels} order ${order}`,
        source: 'this test',
        expr,
        formats: { A: operandFormat, B: operandFormat, X: { levels, order } as FormatSpec },
        operands,
        sizes: { i: 2 + Math.floor(next() * 9), j: 2 + Math.floor(next() * 9), k: 3 },
      };
      if (levels[1] === 'dense') addressed++;
      const kernel = sparsify(c.expr, c.formats, { valueType: 'f64' });
      const run = compile(kernel.module, kernel.functionName, { engine: 'wasm' });
      const density = pick([0, 0, 0.1, 0.5]);
      const { operands: args, dense } = operandsOf(c, density, trial + 1, 32);
      const shape = outputShape(c);
      const expected = referenceIndexNotation(
        c.expr,
        dense,
        new Float64Array(shape.reduce((a, b) => a * b, 1)),
        { round: (x) => x },
      );
      dirtyTheMemory(1000 + trial);
      const out = runKernel(kernel, run, args);
      // A row-major all-dense output is a plain dense array; any other format a SparseTensor.
      const values = out instanceof SparseTensor ? out.toDense() : (out as Float64Array);
      expect(
        withoutNegativeZeros(values),
        `${c.name} from ${operandFormat} at density ${density}`,
      ).toEqual(withoutNegativeZeros(expected));
    }
    // The class the rule is about: outputs whose last level is dense.
    expect(addressed).toBeGreaterThan(15);
  });
});
