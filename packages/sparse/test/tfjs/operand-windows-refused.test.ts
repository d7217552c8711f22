/**
 * `sparseOp` refuses windows on operands by name (`expr`): a window is materialized from the
 * caller's tensor on every call, which device-resident operands cannot afford. Seeded random
 * windowed expressions, in every position of the right-hand side, are refused when the op is
 * made, before any tensor exists; their window-free text builds. A window on the output is
 * refused the same way (`runKernel` stores it into the whole output on the host).
 */
import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import { SparsifyError } from '../../src/index.js';
import { sparseOp } from '../../src/tfjs/index.js';
import '../../src/tfjs/register-cpu.js';
import { thrownLeavingNoTensor } from './support/thrown-leaving-no-tensor.js';

tf.env().set('IS_TEST', true);

/** A random window `i(lo,hi[,stride])` on index `index`. */
function windowOn(random: () => number, index: string): string {
  const lo = Math.floor(random() * 3);
  const hi = lo + 1 + Math.floor(random() * 4);
  return random() < 0.5
    ? `${index}(${lo},${hi})`
    : `${index}(${lo},${hi},${1 + Math.floor(random() * 3)})`;
}

describe('sparseOp and windows on operands', () => {
  it('a windowed access anywhere on the right-hand side is a SparsifyError naming expr', async () => {
    await tf.setBackend('cpu');
    const random = seededRandom(20261129);
    for (let n = 0; n < 40; n++) {
      const windowA = random() < 0.5;
      const windowX = !windowA || random() < 0.5;
      const a = windowA ? `A(i,${windowOn(random, 'j')})` : 'A(i,j)';
      const x = windowX ? `x(${windowOn(random, 'j')})` : 'x(j)';
      const expr = `y(i) = ${a} * ${x}`;
      const thrown = thrownLeavingNoTensor(() => sparseOp(expr, { A: 'CSR' }), expr);
      expect(thrown, expr).toBeInstanceOf(SparsifyError);
      expect((thrown as SparsifyError).argument, expr).toBe('expr');
      expect((thrown as Error).message, expr).toMatch(/windows on operands .* host only/);
      const windowFree = expr.replace(/([ij])\(\d+,\d+(?:,\d+)?\)/g, '$1');
      expect(typeof sparseOp(windowFree, { A: 'CSR' }), windowFree).toBe('function');
    }
  });

  it('a window on the output is a SparsifyError naming expr too', async () => {
    await tf.setBackend('cpu');
    const random = seededRandom(20261130);
    for (let n = 0; n < 20; n++) {
      const expr = `Y(${windowOn(random, 'i')},${random() < 0.5 ? 'k' : windowOn(random, 'k')}) = A(i,j) * X(j,k)`;
      const thrown = thrownLeavingNoTensor(() => sparseOp(expr, { A: 'CSR' }), expr);
      expect(thrown, expr).toBeInstanceOf(SparsifyError);
      expect((thrown as SparsifyError).argument, expr).toBe('expr');
      expect((thrown as Error).message, expr).toMatch(/window on the output .* host only/);
    }
  });
});
