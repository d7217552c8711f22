/**
 * The sparseOp cache: one compiled op per meaning (parsed expression, formats and every
 * option), never one shared by kernels that only differ in parentheses or an option.
 */
import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { sparseOp } from '../../src/tfjs/index.js';
import { SPARSE_OP_OPTION_DEFAULTS, type SparseOpOptions } from '../../src/tfjs/sparse-op-key.js';
import '../../src/tfjs/register-cpu.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const b = [1, 2, 3, -4, 5];
const c = [6, -7, 8, 9, 10];
const d = [2, 3, -1, 4, 5];

function run(expr: string): number[] {
  return tf.tidy(() =>
    Array.from(sparseOp(expr, {})(tf.tensor1d(b), tf.tensor1d(c), tf.tensor1d(d)).dataSync()),
  );
}

describe('sparseOp cache key', () => {
  it('keeps kernels apart that differ only in parentheses', () => {
    const grouped = 'y(i) = (b(i) + c(i)) * d(i)';
    const plain = 'y(i) = b(i) + c(i) * d(i)';
    expect(run(grouped)).toEqual(b.map((_, i) => (b[i]! + c[i]!) * d[i]!));
    expect(run(plain)).toEqual(b.map((_, i) => b[i]! + c[i]! * d[i]!));
    expect(sparseOp(grouped, {})).not.toBe(sparseOp(plain, {}));
  });

  it('shares one op between spellings of the same tree', () => {
    const op = sparseOp('y(i) = (b(i) + c(i)) * d(i)', {});
    expect(sparseOp('y(i)=((b(i)+c(i)))*d(i)', {})).toBe(op);
    // Every default spelt out, or null, is the same op; but the value type left to the operands
    // is not the same as `'f32'` asked for (which refuses int32 operands).
    const { valueType: _f32, ...defaults } = SPARSE_OP_OPTION_DEFAULTS;
    const expr = 'y(i) = (b(i) + c(i)) * d(i)';
    expect(sparseOp(expr, {}, defaults)).toBe(op);
    expect(sparseOp(expr, {}, { vectorLength: null, valueType: null } as never)).toBe(op);
    expect(sparseOp(expr, {}, SPARSE_OP_OPTION_DEFAULTS)).not.toBe(op);
  });

  it('keys formats by content: key order does not matter, a different format does', () => {
    const expr = 'y(i) = A(i,j) * x(j)';
    const csr = sparseOp(expr, { A: { levels: ['dense', 'compressed'], order: [0, 1] } });
    expect(sparseOp(expr, { A: { order: [0, 1], levels: ['dense', 'compressed'] } })).toBe(csr);
    expect(sparseOp(expr, { A: { levels: ['dense', 'compressed'], order: [1, 0] } })).not.toBe(csr);
  });

  const variants: { readonly [K in keyof SparseOpOptions]-?: SparseOpOptions[K] } = {
    vectorLength: 4,
    enableVLAVectorization: true,
    enableSIMDIndex32: true,
    halfWidthShortReductions: false,
    vscale: 2,
    engine: 'js',
    valueType: 'i32',
  };
  it.each(Object.keys(SPARSE_OP_OPTION_DEFAULTS))('option %s is part of the key', (name) => {
    const expr = 'y(i) = A(i,j) * x(j)';
    const base: SparseOpOptions = { vectorLength: 8 };
    const changed = { ...base, [name]: variants[name as keyof SparseOpOptions] };
    expect(changed).not.toEqual({ ...SPARSE_OP_OPTION_DEFAULTS, ...base });
    const op = sparseOp(expr, { A: 'CSR' }, changed);
    expect(op).not.toBe(sparseOp(expr, { A: 'CSR' }, base));
    expect(sparseOp(expr, { A: 'CSR' }, { ...changed })).toBe(op);
  });
});
