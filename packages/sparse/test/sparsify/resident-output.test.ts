/**
 * runKernel appends a sparse output into arrays kept in the wasm engine's memory from call to
 * call (resident-output.ts) and copies each result array out once. Sparse add, element-wise
 * multiply and SpGEMM (CSR, DCSR and COO outputs) of every value type and position/coordinate
 * width are called over and over on every engine with seeded random operands whose shapes and
 * densities change from call to call (empty results, results far larger than the previous
 * call's, the kernels' calls interleaved so they share the engine memory), and every result
 * equals, bit for bit, the interpreter's call bound to fresh storage with room for every entry.
 * Results never share the engine memory: a later call leaves an earlier result as it was.
 */

import { seededRandom } from '@tilekit/conformance/testing';
import { compile, type EngineName } from '@tilekit/loop-engines';
import { describe, expect, it } from 'vitest';
import {
  allocateOutputStorage,
  assembledOutput,
  bindArguments,
  type FormatSpec,
  resolveFormat,
  runKernel,
  SparseTensor,
  type StorageWidth,
  sparsify,
} from '../../src/index.js';
import { ENGINES } from './every-engine.js';

type ValueType = 'f64' | 'f32' | 'i32' | 'i64';
const DTYPES = { f64: 'float64', f32: 'float32', i32: 'int32', i64: 'int64' } as const;
const VALUE_TYPES: readonly ValueType[] = ['f64', 'f32', 'i32', 'i64'];
const WIDTHS: readonly { posWidth: StorageWidth; crdWidth: StorageWidth }[] = [
  { posWidth: 32, crdWidth: 32 },
  { posWidth: 64, crdWidth: 16 },
  { posWidth: 32, crdWidth: 64 },
  { posWidth: 16, crdWidth: 'index' },
];
const DENSITIES = [0, 0.05, 0.3, 1];
const CALLS = 8;

/** The kernels: notation, the operands' and the output's level types. */
const KERNELS = [
  {
    expr: 'C(i,j) = A(i,j) + B(i,j)',
    operand: ['dense', 'compressed'],
    out: ['dense', 'compressed'],
  },
  {
    expr: 'C(i,j) = A(i,j) * B(i,j)',
    operand: ['dense', 'compressed'],
    out: ['dense', 'compressed'],
  },
  {
    expr: 'C(i,j) = A(i,j) + B(i,j)',
    operand: ['compressed', 'compressed'],
    out: ['compressed', 'compressed'],
  },
  {
    expr: 'C(i,j) = A(i,k) * B(k,j)',
    operand: ['dense', 'compressed'],
    out: ['dense', 'compressed'],
  },
  {
    expr: 'C(i,j) = A(i,k) * B(k,j)',
    operand: ['dense', 'compressed'],
    out: ['compressed(nonunique)', 'singleton'],
  },
] as const;

/** Positions, coordinates and values as bytes, so -0 and NaN compare exactly. */
function storageBytes(t: SparseTensor): number[][] {
  const bytes = (a: ArrayBufferView | undefined) =>
    a === undefined ? [] : Array.from(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
  return [
    t.shape as number[],
    ...t.positions.map((p) => bytes(p as ArrayBufferView | undefined)),
    ...t.coordinates.map((c) => bytes(c as ArrayBufferView | undefined)),
    bytes(t.values as ArrayBufferView),
  ];
}

/** A seeded random `shape` matrix of `format` and `valueType`, about `density` full. */
function randomTensor(
  random: () => number,
  shape: readonly [number, number],
  density: number,
  format: FormatSpec,
  valueType: ValueType,
): SparseTensor {
  const coordinates: number[][] = [];
  const values: (number | bigint)[] = [];
  for (let i = 0; i < shape[0]; i++) {
    for (let j = 0; j < shape[1]; j++) {
      if (random() >= density) continue;
      const v = Math.round((random() * 2 - 1) * 1000) / (valueType.startsWith('f') ? 7 : 1);
      coordinates.push([i, j]);
      values.push(valueType === 'i64' ? BigInt(v) : v);
    }
  }
  return SparseTensor.fromCoordinates(coordinates, values as number[], shape, format, {
    dtype: DTYPES[valueType],
  });
}

describe('runKernel with resident appended output arrays equals fresh storage bit for bit', () => {
  it.each(ENGINES)('%s engine, every kernel, value type and width, seeded calls', (engine) => {
    const random = seededRandom(8800 + ENGINES.indexOf(engine as EngineName));
    const reference = new Map<string, ReturnType<typeof compile>>();
    let checked = 0;
    for (const valueType of VALUE_TYPES) {
      for (const widths of WIDTHS) {
        const runs = KERNELS.map(({ expr, operand, out }) => {
          const operandFormat = { levels: operand, ...widths } as FormatSpec;
          const formats = {
            A: operandFormat,
            B: operandFormat,
            C: { levels: out, ...widths } as FormatSpec,
          };
          const kernel = sparsify(expr, formats, { valueType });
          const run = compile(kernel.module, kernel.functionName, { engine });
          const key = `${expr} ${JSON.stringify(formats)} ${valueType}`;
          if (!reference.has(key)) {
            reference.set(
              key,
              compile(kernel.module, kernel.functionName, { engine: 'interpreter' }),
            );
          }
          const plain = reference.get(key) as ReturnType<typeof compile>;
          const format = resolveFormat(formats.C, 2);
          return { expr, operandFormat, kernel, run, plain, format };
        });
        const earlier: { result: SparseTensor; bytes: number[][] }[] = [];
        for (let call = 0; call < CALLS; call++) {
          for (const { expr, operandFormat, kernel, run, plain, format } of runs) {
            const density = DENSITIES[Math.floor(random() * DENSITIES.length)] as number;
            // Few shapes, so that most calls start from the last call's needs of that shape
            // (the resident arrays), with densities that make them need far more or less.
            const m = random() < 0.5 ? 3 : 14;
            const n = random() < 0.5 ? 2 : 13;
            const k = 4;
            const product = expr.includes('k');
            const A = randomTensor(
              random,
              product ? [m, k] : [m, n],
              density,
              operandFormat,
              valueType,
            );
            const B = randomTensor(
              random,
              product ? [k, n] : [m, n],
              density,
              operandFormat,
              valueType,
            );
            const got = runKernel(kernel, run, { A, B }) as SparseTensor;
            // The plain path: fresh storage with room for every entry, on the interpreter.
            const levelSizes = format.order.map((d) => [m, n][d] as number);
            const storage = allocateOutputStorage(
              kernel.plan,
              levelSizes,
              levelSizes.map(() => m * n),
            );
            const bound = bindArguments(kernel, { A, B }, storage);
            plain(...bound.args);
            const expected = assembledOutput(kernel, bound) as SparseTensor;
            const label = `${expr} ${JSON.stringify(format.levels)} ${valueType} ${JSON.stringify(widths)} call ${call} density ${density} [${m}, ${n}]`;
            expect(storageBytes(got), label).toEqual(storageBytes(expected));
            earlier.push({ result: got, bytes: storageBytes(got) });
            checked++;
          }
        }
        // No result shares the memory later calls wrote.
        for (const { result, bytes } of earlier) expect(storageBytes(result)).toEqual(bytes);
      }
    }
    expect(checked).toBe(VALUE_TYPES.length * WIDTHS.length * KERNELS.length * CALLS);
  });

  it('grows past a first guess: a call needing far more than the last completes exactly', () => {
    const format = { levels: ['dense', 'compressed'], posWidth: 32, crdWidth: 32 } as FormatSpec;
    const kernel = sparsify(
      'C(i,j) = A(i,k) * B(k,j)',
      { A: format, B: format, C: format },
      {
        valueType: 'f64',
      },
    );
    const run = compile(kernel.module, kernel.functionName, { engine: 'wasm' });
    const plain = compile(kernel.module, kernel.functionName, { engine: 'interpreter' });
    const random = seededRandom(8899);
    for (const density of [0, 0.02, 1, 0, 1, 0.3]) {
      const A = randomTensor(random, [40, 3], density, format, 'f64');
      const B = randomTensor(random, [3, 40], density, format, 'f64');
      const got = runKernel(kernel, run, { A, B }) as SparseTensor;
      const storage = allocateOutputStorage(kernel.plan, [40, 40], [1600, 1600]);
      const bound = bindArguments(kernel, { A, B }, storage);
      plain(...bound.args);
      expect(storageBytes(got), `density ${density}`).toEqual(
        storageBytes(assembledOutput(kernel, bound) as SparseTensor),
      );
      if (density === 0 || density === 1) expect(got.nnz).toBe(density * 1600);
    }
  });

  it('an output past the kept size uses plain arrays, and calls on either side stay exact', () => {
    const format = { levels: ['dense', 'compressed'], posWidth: 32, crdWidth: 32 } as FormatSpec;
    const kernel = sparsify(
      'C(i,j) = A(i,j) + B(i,j)',
      { A: format, B: format, C: format },
      { valueType: 'f64' },
    );
    const run = compile(kernel.module, kernel.functionName, { engine: 'wasm' });
    const random = seededRandom(8901);
    // One row whose values array is just past 16 MiB of f64 (the kept limit), or far below it;
    // A holds the even columns and B the odd ones at random, so the sum's pattern is known.
    const rowOf = (width: number, parity: number) => {
      const columns: number[] = [];
      for (let j = parity; j < width; j += 2) if (random() < 0.9) columns.push(j);
      const values = Float64Array.from(columns, () => Math.round(random() * 2000 - 1000) / 8);
      const tensor = SparseTensor.fromStorage([1, width], format, {
        positions: [undefined, Uint32Array.of(0, columns.length)],
        coordinates: [undefined, Uint32Array.from(columns)],
        values,
      });
      return { columns, values, tensor };
    };
    const past = Math.ceil((16 * 1024 * 1024) / 8 / 0.9) + 4096;
    for (const width of [1000, past, 1000, past, 200, past]) {
      const a = rowOf(width, 0);
      const b = rowOf(width, 1);
      const got = runKernel(kernel, run, { A: a.tensor, B: b.tensor }) as SparseTensor;
      // The union of two disjoint patterns: every stored entry of either, in column order.
      const dense = new Float64Array(width).fill(Number.NaN);
      a.columns.forEach((j, p) => {
        dense[j] = a.values[p] as number;
      });
      b.columns.forEach((j, p) => {
        dense[j] = b.values[p] as number;
      });
      expect(got.nnz, `width ${width}`).toBe(a.columns.length + b.columns.length);
      const crd = got.coordinates[1] as Uint32Array;
      const values = got.values as Float64Array;
      let wrong = 0;
      for (let p = 0; p < got.nnz; p++) {
        const j = crd[p] as number;
        if ((p > 0 && j <= (crd[p - 1] as number)) || !Object.is(values[p], dense[j])) wrong++;
      }
      expect(wrong, `width ${width}: entries out of order or with another value`).toBe(0);
      if (width === past) expect(got.nnz * 8).toBeGreaterThan(16 * 1024 * 1024);
    }
  });
});
