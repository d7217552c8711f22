/**
 * The error contract of `@tilekit/sparse`'s main entry: every exported function, static
 * method and instance method, given junk in any argument position (the positions before it
 * holding plausible arguments), returns or throws a `TilekitError` (a `SparseError`) with a
 * `code` and the `argument` at fault — never a `TypeError`/`RangeError` from inside, and the
 * caller's own exception (a throwing getter or Proxy) passes through unchanged. The junk is a
 * fixed list plus a seeded stream of random values.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { isTilekitError } from '@tilekit/errors';
import { compile } from '@tilekit/loop-engines';
import { describe, expect, it } from 'vitest';
import * as sparse from '../src/index.js';

class CallerTrap extends Error {}

const trap = () => {
  throw new CallerTrap('trap');
};

function junkValues(seed: number): unknown[] {
  const random = seededRandom(seed);
  const throwing = new Proxy(
    {},
    { get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap },
  );
  const getters = Object.defineProperty({}, 'shape', { get: trap, enumerable: true });
  const fixed: unknown[] = [
    null,
    undefined,
    Number.NaN,
    -1,
    1.5,
    2 ** 53,
    Number.POSITIVE_INFINITY,
    42n,
    true,
    Symbol('junk'),
    '',
    'junk',
    'x(i) =',
    [],
    [null],
    [Number.NaN, -1, 2 ** 53],
    [[]],
    new Array(2 ** 32 - 1),
    Object.freeze([2, 3]),
    {},
    Object.freeze({}),
    Object.create(null),
    throwing,
    getters,
    { shape: 'x', levels: 7, plan: {}, kind: 'const', format: null },
    new Map(),
    new Float64Array([1.5, -1, Number.NaN]),
    new Uint8Array(0),
    new Int32Array([-1]),
    () => undefined,
  ];
  const seeded = Array.from({ length: 6 }, () => {
    const r = random();
    if (r < 0.3) return Math.floor((random() - 0.5) * 2 ** (1 + Math.floor(random() * 60)));
    if (r < 0.6)
      return String.fromCharCode(
        ...Array.from({ length: 8 }, () => 32 + Math.floor(random() * 90)),
      );
    return Array.from({ length: 3 }, () => Math.floor(random() * 10) - 2);
  });
  return [...fixed, ...seeded];
}

/** Plausible arguments of each callable (what it accepts), junk replaces one of them. */
function plausible(): Record<string, () => unknown[]> {
  const A = sparse.SparseTensor.fromDense(new Float32Array([1, 0, 2, 0, 0, 3]), [2, 3], 'CSR');
  const kernel = sparse.sparsify('y(i) = A(i,j) * x(j)', { A: 'CSR' });
  const sparseOut = sparse.sparsify('C(i,j) = A(i,j) * 2', { A: 'CSR', C: 'CSR' });
  const run = compile(kernel.module, kernel.functionName, { engine: 'js' });
  const operands = { A, x: { data: new Float32Array([1, 2, 3]), shape: [3] } };
  const expr = sparse.parseNotation('y(i) = A(i,j) * x(j)').rhs;
  const points = sparse.buildLattice(expr, () => 'sparse');
  return {
    sparseConformanceImpl: () => [{ engine: 'js' }],
    defaultFormat: () => [2],
    blockSparseFormat: () => [[2, 2], { blockRows: 'dense' }],
    structuredFormat: () => [2, 4, {}],
    formatFromMap: () => ['(i, j) -> (i : dense, j : compressed)', {}],
    levelMapText: () => [A.format],
    hasCoordinates: () => ['dense'],
    isCompressed: () => ['compressed'],
    isSingleton: () => ['singleton'],
    isUnique: () => ['compressed'],
    indexArrayOf: () => [32, [1, 2], 'positions[1]'],
    maxIndexFor: () => [16],
    readIndex: () => [Uint32Array.from([4, 5]), 1],
    resolveFormat: () => ['CSR', 2, {}],
    validateStorage: () => [A, A.format, A.levelSizes],
    valueArrayOf: () => ['float32', [1, 2], 'values'],
    widthOf: () => [Uint16Array.from([1])],
    allocateOutputStorage: () => [sparseOut.plan, [2, 3], [4, 4]],
    assembledOutput: () => [sparseOut, sparse.bindArguments(sparseOut, { A })],
    bindArguments: () => [kernel, operands],
    buildLattice: () => [expr, () => 'sparse'],
    casesOf: () => [points, points[0]],
    hasAssembly: () => [kernel.plan],
    kernelNameOf: () => ['y(i) = x(i)'],
    kernelParameters: () => [kernel.plan],
    optimizeLattice: () => [points],
    outputShapeOf: () => [kernel, operands],
    outputShapeOfShapes: () => [kernel, { A: [2, 3], x: [3] }],
    parseNotation: () => ['y(i) = x(i)'],
    printExpr: () => [expr],
    runKernel: () => [kernel, run, operands],
    scalarTypeOf: () => ['f32'],
    sparsify: () => ['y(i) = A(i,j) * x(j)', { A: 'CSR' }, {}],
    storageTypeOf: () => [32],
    valueArrayFor: () => ['f32', 3],
    'SparseTensor.fromDense': () => [new Float32Array([1, 0]), [2], 'sparse-vector', {}],
    'SparseTensor.fromCoordinates': () => [[[0, 1]], [1], [2, 2], 'CSR', {}],
    'SparseTensor.fromStorage': () => [A.shape, 'CSR', A],
    'SparseTensor.from': () => [{ indices: [[0, 1]], values: [1], denseShape: [2, 2] }, 'CSR', {}],
    'tensor.toTriple': () => [],
    'tensor.transpose': () => [[1, 0]],
    'tensor.convert': () => ['CSC', {}],
    'tensor.toDense': () => [],
    'tensor.toCoordinates': () => [],
    'tensor.withoutZeros': () => [],
    'tensor.toLevelTensor': () => [],
  };
}

/** The callable behind a name of {@link plausible}. */
function callableOf(name: string): (...args: unknown[]) => unknown {
  const A = sparse.SparseTensor.fromDense(new Float32Array([1, 0, 2, 0, 0, 3]), [2, 3], 'CSR');
  if (name.startsWith('SparseTensor.')) {
    const method = name.slice('SparseTensor.'.length) as 'fromDense';
    return (...args) => (sparse.SparseTensor[method] as (...a: unknown[]) => unknown)(...args);
  }
  if (name.startsWith('tensor.')) {
    const method = name.slice('tensor.'.length) as 'convert';
    return (...args) => (A[method] as (...a: unknown[]) => unknown).apply(A, args);
  }
  return (sparse as unknown as Record<string, (...a: unknown[]) => unknown>)[name] as never;
}

describe('every export of @tilekit/sparse keeps the error contract on junk', () => {
  it('covers every exported function of the main entry', () => {
    const functions = Object.entries(sparse)
      .filter(([, v]) => typeof v === 'function' && !/^[A-Z]/.test(v.name))
      .map(([k]) => k)
      .sort();
    expect(functions).toEqual(
      Object.keys(plausible())
        .filter((k) => !k.includes('.'))
        .sort(),
    );
  });

  it('returns or throws a typed error naming the argument, for every junk in every position', () => {
    const failures: string[] = [];
    const junk = junkValues(3410);
    const table = plausible();
    let calls = 0;
    for (const [name, argsOf] of Object.entries(table)) {
      const fn = callableOf(name);
      const arity = Math.max(argsOf().length, 1);
      for (let position = 0; position <= arity; position++) {
        junk.forEach((value, j) => {
          const args = argsOf().slice(0, position);
          args[position] = value;
          calls++;
          try {
            fn(...args);
          } catch (error) {
            if (error instanceof CallerTrap) return;
            const typed =
              isTilekitError(error) &&
              typeof (error as { argument?: unknown }).argument === 'string' &&
              typeof error.code === 'string';
            if (!typed) {
              failures.push(
                `${name} junk #${j} at ${position}: ${(error as Error)?.name}: ${String((error as Error)?.message).slice(0, 120)}`,
              );
            }
          }
        });
      }
    }
    expect(calls).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 300_000);

  it('new SparseTensor is refused; SparseTensor.fromStorage(shape, "CSR", null) and convert(null) are typed', () => {
    const Ctor = sparse.SparseTensor as unknown as new (...a: unknown[]) => unknown;
    expect(() => new Ctor([2], {}, {})).toThrow(sparse.SparseError);
    expect(() => sparse.SparseTensor.fromStorage([2, 2], 'CSR', null as never)).toThrow(
      sparse.SparseStorageError,
    );
    const A = sparse.SparseTensor.fromDense(new Float32Array([1, 0]), [2], 'sparse-vector');
    expect(() => A.convert(null as never)).toThrow(sparse.SparseFormatError);
    expect(() =>
      sparse.SparseTensor.fromDense(new Float32Array([1]), undefined as never, 'CSR'),
    ).toThrow(/Invalid shape/);
    expect(() =>
      sparse.SparseTensor.fromCoordinates([5] as never, [1], [4], 'sparse-vector'),
    ).toThrow(/Invalid coordinates at 0/);
    const dense = sparse.sparsify('y(i) = A(i,j) * x(j)', { A: 'CSR' });
    const call = sparse.bindArguments(dense, {
      A: sparse.SparseTensor.fromDense(new Float32Array([1, 0, 2, 0, 0, 3]), [2, 3], 'CSR'),
      x: { data: new Float32Array([1, 2, 3]), shape: [3] },
    });
    expect(() => sparse.assembledOutput(dense, call)).toThrow(
      /Invalid kernel: .* has a dense output/,
    );
  });
});
