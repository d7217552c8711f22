/**
 * `sparseOp` with the notation's semantics on the cpu and wasm backends: a kernel with a
 * temporary (TACO's reduction placement), one whose CSC operand is converted to the loop
 * order (`--sparse-reinterpret-map`), one reading a tensor under two index patterns, and the
 * new operators, each against `@tilekit/conformance`'s dense reference.
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';
import { referenceIndexNotation } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import { type FormatSpec, SparseTensor } from '../../src/index.js';
import { sparseOp } from '../../src/tfjs/index.js';
import '../../src/tfjs/register-cpu.js';
import '../../src/tfjs/register-wasm.js';
import { randomDense } from '../sparsify/fixtures.js';

tf.env().set('IS_TEST', true);

const CASES: readonly {
  expr: string;
  formats: Record<string, FormatSpec>;
  shapes: Record<string, number[]>;
}[] = [
  {
    expr: 'r(i) = b(i) - A(i,k) * x(k)',
    formats: { A: 'CSR' },
    shapes: { b: [7], A: [7, 5], x: [5] },
  },
  {
    expr: 'C(i,j) = A(i,j) + B(i,j)',
    formats: { A: 'CSR', B: 'CSC' },
    shapes: { A: [6, 5], B: [6, 5] },
  },
  { expr: 'C(i,j) = A(i,k) * A(j,k)', formats: { A: 'DCSR' }, shapes: { A: [6, 5] } },
  {
    expr: 'y(i) = max(a(i), 0) - abs(b(i)) + i',
    formats: { a: 'sparse-vector', b: 'sparse-vector' },
    shapes: { a: [20], b: [20] },
  },
];

describe.each(['cpu', 'wasm'])('sparseOp on the %s backend', (backend) => {
  it.each(CASES)('$expr', async ({ expr, formats, shapes }) => {
    expect(await tf.setBackend(backend)).toBe(true);
    const dense = Object.fromEntries(
      Object.entries(shapes).map(([name, shape], n) => [
        name,
        { data: Float32Array.from(randomDense(shape, { density: 0.4, seed: n + 3 })), shape },
      ]),
    );
    const operands = Object.entries(dense).map(([name, { data, shape }]) =>
      Object.hasOwn(formats, name)
        ? SparseTensor.fromDense(data, shape, formats[name] as FormatSpec)
        : tf.tensor(data, shape),
    );
    const before = tf.memory().numTensors;
    const out = sparseOp(expr, formats)(...operands);
    const expected = referenceIndexNotation(expr, dense, new Array(out.size).fill(0));
    expect(Array.from(out.dataSync(), (v) => v + 0)).toEqual(expected.map((v) => v + 0));
    out.dispose();
    expect(tf.memory().numTensors).toBe(before);
    for (const o of operands) if (!(o instanceof SparseTensor)) o.dispose();
  });
});
