/**
 * Kernels with sparse outputs, assembled by the emitted loops, on every engine: each result
 * equals a dense evaluation of the notation on random operands (several seeds, densities 0 to
 * 100 %, every width), and its storage is canonical: `validateStorage` accepted it
 * (sorted, no duplicates, valid positions) and, stored zeros aside, it is exactly the storage
 * `fromDense` builds for the expected result.
 */
import { referenceIndexNotation } from '@tilekit/conformance/testing';
import { compile } from '@tilekit/loop-engines';
import { describe, expect, it } from 'vitest';
import {
  allocateOutputStorage,
  assembledOutput,
  bindArguments,
  type FormatSpec,
  resolveFormat,
  runKernel,
  SparseTensor,
  SparsifyError,
  type StorageWidth,
  sparsify,
  validateStorage,
} from '../../src/index.js';
import { ENGINES } from './every-engine.js';
import { denseEvaluate, randomDense, withoutNegativeZeros } from './fixtures.js';
import { CASES, IN_PLACE, type OutputCase, operandsOf, outputShape } from './output-cases.js';

/** The result's storage, with stored zeros dropped, is what fromDense builds. */
function expectCanonical(out: SparseTensor, expected: Float64Array, format: FormatSpec): void {
  // Kernel outputs are adopted unvalidated; validateStorage checks every storage invariant.
  expect(() => validateStorage(out, out.format, out.levelSizes)).not.toThrow();
  const reference = SparseTensor.fromDense(expected, out.shape, format, {
    posWidth: out.format.posWidth,
    crdWidth: out.format.crdWidth,
  });
  const canonical = out.withoutZeros();
  expect(canonical.positions).toEqual(reference.positions);
  expect(canonical.coordinates).toEqual(reference.coordinates);
  expect(withoutNegativeZeros(canonical.values)).toEqual(withoutNegativeZeros(reference.values));
}

const DENSITIES = [0, 0.1, 0.4, 1];

describe.each([...CASES, ...IN_PLACE])('$name ($expr)', (c) => {
  it.each(ENGINES)('%s engine: dense reference, canonical storage', (engine) => {
    const kernel = sparsify(c.expr, c.formats, { valueType: 'f64' });
    const run = compile(kernel.module, kernel.functionName, { engine });
    const outName = kernel.plan.output.name;
    const shape = outputShape(c);
    DENSITIES.forEach((density, s) => {
      const { operands, dense } = operandsOf(c, density, s + 1, 32);
      const init =
        c.expr.includes('*=') && dense[outName] !== undefined
          ? Float64Array.from((dense[outName] as { data: ArrayLike<number> }).data)
          : new Float64Array(shape.reduce((a, b) => a * b, 1));
      const expected = c.reference?.(init) ?? denseEvaluate(c.expr, dense, init, (x) => x);
      const out = runKernel(kernel, run, operands);
      expect(out).toBeInstanceOf(SparseTensor);
      const tensor = out as SparseTensor;
      expect(tensor.format).toEqual(resolveFormat(c.formats[outName] as FormatSpec, shape.length));
      expect(withoutNegativeZeros(tensor.toDense()), `density ${density}`).toEqual(
        withoutNegativeZeros(expected),
      );
      expectCanonical(tensor, expected, c.formats[outName] as FormatSpec);
    });
  });
});

describe('output storage widths', () => {
  const widths: readonly StorageWidth[] = [8, 16, 64, 'index'];
  it.each(widths)('SpGEMM and add with %s-bit positions and coordinates (wasm)', (width) => {
    for (const c of [CASES[0], CASES[1], CASES[4]] as OutputCase[]) {
      const kernel = sparsify(c.expr, c.formats, {
        valueType: 'f64',
        posWidth: width,
        crdWidth: width,
      });
      const run = compile(kernel.module, kernel.functionName, { engine: 'wasm' });
      const { operands, dense } = operandsOf(c, 0.3, 7, width);
      const shape = outputShape(c);
      const expected = denseEvaluate(
        c.expr,
        dense,
        new Float64Array(shape.reduce((a, b) => a * b, 1)),
        (x) => x,
      );
      const out = runKernel(kernel, run, operands) as SparseTensor;
      expect(out.format.posWidth).toBe(width);
      expect(withoutNegativeZeros(out.toDense())).toEqual(withoutNegativeZeros(expected));
    }
  });
});

describe('storage that is too small', () => {
  it('writes nothing out of bounds, counts what it needs, and a second call completes', () => {
    const c = CASES[0] as OutputCase;
    const kernel = sparsify(c.expr, c.formats, { valueType: 'f64' });
    const run = compile(kernel.module, kernel.functionName, { engine: 'js' });
    const { operands, dense } = operandsOf(c, 0.5, 3, 32);
    const shape = outputShape(c);
    const expected = denseEvaluate(
      c.expr,
      dense,
      new Float64Array(shape[0]! * shape[1]!),
      (x) => x,
    );
    const stored = expected.filter((x) => x !== 0).length;
    const tiny = allocateOutputStorage(kernel.plan, shape, [shape[0] as number, 2]);
    const call = bindArguments(kernel, operands, tiny);
    run(...call.args);
    expect(assembledOutput(kernel, call)).toBeUndefined();
    expect(tiny.coordinates[1]).toHaveLength(2);
    const out = runKernel(kernel, run, operands) as SparseTensor;
    expect(out.nnz).toBeGreaterThanOrEqual(stored);
    expect(withoutNegativeZeros(out.toDense())).toEqual(withoutNegativeZeros(expected));
  });
});

describe('allocateOutputStorage', () => {
  it('rejects a dense output and bad sizes, typed', () => {
    const dense = sparsify('y(i) = A(i,j) * x(j)', { A: 'CSR' });
    expect(() => allocateOutputStorage(dense.plan, [3], [3])).toThrow(/output y is dense/);
    const csr = sparsify('C(i,j) = A(i,j) + B(i,j)', { A: 'CSR', B: 'CSR', C: 'CSR' });
    expect(() => allocateOutputStorage(csr.plan, [3], [3, 3])).toThrow(SparsifyError);
    expect(() => allocateOutputStorage(csr.plan, [3, 3], [3, -1])).toThrow(/entries/);
    expect(() => allocateOutputStorage(csr.plan, [3, 3], [3, 1.5])).toThrow(/entries/);
  });
});

describe('caller-made output storage', () => {
  const c = CASES[0] as OutputCase;
  const kernel = sparsify(c.expr, c.formats, { valueType: 'f64' });
  const { operands } = operandsOf(c, 0.3, 5, 32);
  const shape = outputShape(c);
  const good = () => allocateOutputStorage(kernel.plan, shape, [shape[0] as number, 64]);
  it.each([
    ['values', { values: new Float32Array(64) }, /output\.values: must be a Float64Array/],
    ['state', { state: new Uint32Array(1) }, /output\.state/],
    ['workspace', { workspace: undefined }, /output\.workspace/],
    ['positions', { positions: [undefined, new Uint16Array(10)] }, /output\.positions\[1\]/],
    ['a plain array', 'array', /OutputStorage/],
  ] as const)('rejects wrong %s with a typed error', (_, change, message) => {
    const storage = change === 'array' ? new Float64Array(99) : { ...good(), ...change };
    expect(() => bindArguments(kernel, operands, storage as never)).toThrow(SparsifyError);
    expect(() => bindArguments(kernel, operands, storage as never)).toThrow(message);
  });
});

describe('X *= expr on a sparse X', () => {
  it('returns a new tensor and leaves X untouched', () => {
    const X = SparseTensor.fromDense(new Float64Array([1, 0, 2, 0, 0, 3]), [2, 3], 'CSR');
    const before = Array.from(X.values as Float64Array);
    const kernel = sparsify('X(i,j) *= 2.0', { X: 'CSR' }, { valueType: 'f64' });
    for (const engine of ENGINES) {
      const out = runKernel(kernel, compile(kernel.module, kernel.functionName, { engine }), {
        X,
      }) as SparseTensor;
      expect(Array.from(out.values as Float64Array)).toEqual([2, 4, 6]);
      expect(Array.from(X.values as Float64Array)).toEqual(before);
    }
  });
});

describe('outputs that cannot be assembled in place', () => {
  it('rejects += into a sparse output (it would change the pattern)', () => {
    expect(() => sparsify('X(i,j) += A(i,j)', { A: 'CSR', X: 'CSR' })).toThrow(
      /\+= into the sparse output X/,
    );
  });
});

/** Value types other than f64, with TACO's reference semantics (conformance's evaluator). */
describe('value types', () => {
  const kernels = [
    ['C(i,j) = A(i,k) * B(k,j)', { A: 'CSR', B: 'CSR', C: 'CSR' }],
    ['C(i,j) = A(i,j) + B(j,i)', { A: 'DCSR', B: 'DCSC', C: 'DCSR' }],
    ['C(i,j) = A(i,j) * sum(k, B(j,k))', { A: 'CSR', B: 'CSR', C: 'CSR' }],
  ] as const;
  const types = [
    ['f32', (d: Float64Array) => Float32Array.from(d)],
    ['i32', (d: Float64Array) => Int32Array.from(d)],
    ['i64', (d: Float64Array) => BigInt64Array.from(d, (x) => BigInt(x))],
  ] as const;
  it.each(
    types.flatMap(([valueType, typed]) =>
      kernels.map(([expr, formats]) => ({ valueType, typed, expr, formats })),
    ),
  )('$valueType: $expr', ({ valueType, typed, expr, formats }) => {
    const kernel = sparsify(expr, formats, { valueType });
    const shape = [7, 7];
    const dense = {
      A: { data: randomDense(shape, { density: 0.3, profile: 'integers', seed: 3 }), shape },
      B: { data: randomDense(shape, { density: 0.3, profile: 'integers', seed: 4 }), shape },
    };
    const operands = Object.fromEntries(
      Object.entries(dense).map(([name, { data }]) => [
        name,
        SparseTensor.fromDense(typed(data), shape, formats[name as 'A' | 'B']),
      ]),
    );
    const expected = referenceIndexNotation(expr, dense, new Float64Array(49), {
      round: (x) => x,
      integer: valueType !== 'f32',
    });
    for (const engine of ENGINES) {
      const out = runKernel(
        kernel,
        compile(kernel.module, kernel.functionName, { engine }),
        operands,
      ) as SparseTensor;
      expect(out.dtype).toBe({ f32: 'float32', i32: 'int32', i64: 'int64' }[valueType]);
      expect(withoutNegativeZeros(Array.from(out.toDense(), Number)), engine).toEqual(
        withoutNegativeZeros(expected),
      );
      expect(() => validateStorage(out, out.format, out.levelSizes)).not.toThrow();
    }
  });
});
