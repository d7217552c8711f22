/**
 * The emitter on the level types that only level objects describe: every catalog kernel with
 * its sparse operands in `loose_compressed` forms (MLIR's `sparse_loose.mlir`), the same with
 * gaps between the segments (storage a kernel may be handed, not only what constructors build),
 * TACO's ELL `espmv` (`[dense, dense, singleton]`, `tests-expr_storage.cpp`), and sparse outputs
 * in those forms; on the interpreter, js and wasm engines against a dense evaluation of the
 * notation, on seeded random operands.
 */
import { compile, compileGlsl, compileWgsl } from '@tilekit/loop-engines';
import { describe, expect, it } from 'vitest';
import {
  bindArguments,
  type FormatSpec,
  runKernel,
  SparseTensor,
  sparsify,
} from '../../src/index.js';
import { adoptStorage } from '../../src/sparse-tensor/sparse-tensor.js';
import { LOOSE_FORMATS } from '../support/loose-formats.js';
import { CATALOG, makeInputs } from './catalog.js';
import { denseEvaluate, randomDense, rng, withoutNegativeZeros } from './fixtures.js';

const ENGINES = ['interpreter', 'js', 'wasm'] as const;

const SIZES = { i: 13, j: 11, k: 3 };

describe('catalog kernels with loose_compressed operands equal the dense evaluation', () => {
  const cases = CATALOG.flatMap((kernel) =>
    kernel.formats.map((named) => ({ kernel, named, format: LOOSE_FORMATS[named] as FormatSpec })),
  );
  it.each(cases.map((c) => ({ ...c, label: `${c.kernel.name} ${c.named}` })))(
    '$label',
    ({ kernel, format }) => {
      const formats = Object.fromEntries(kernel.sparse.map((n) => [n, format]));
      const k = sparsify(kernel.expr, formats, {
        ...(kernel.valueType === undefined ? {} : { valueType: kernel.valueType }),
      });
      const round = kernel.valueType === 'i32' ? (x: number) => x | 0 : Math.fround;
      for (const [c, density] of [0, 0.2, 0.7].entries()) {
        const inputs = makeInputs(kernel, format, SIZES, { density, width: 32, seed: 500 + c });
        const outSize = k.plan.output.indices.reduce(
          (n, i) => n * (SIZES[i as keyof typeof SIZES] as number),
          1,
        );
        const init = new Float64Array(outSize).fill(kernel.init ?? 0);
        const expected = denseEvaluate(kernel.expr, inputs.dense, init, round);
        for (const engine of ENGINES) {
          const initial =
            kernel.valueType === 'i32' ? Int32Array.from(init) : Float32Array.from(init);
          const call = bindArguments(k, inputs.operands, initial);
          compile(k.module, k.functionName, { engine })(...call.args);
          expect(withoutNegativeZeros(call.output), `${engine}, density ${density}`).toEqual(
            withoutNegativeZeros(expected),
          );
        }
      }
    },
  );
});

/**
 * `t` (a `[dense, loose_compressed]` matrix) with 0-2 junk entries before every segment: the
 * kernel must read each row's own lo/hi pair, never the next row's lo.
 */
function withGaps(t: SparseTensor, seed: number): SparseTensor {
  const next = rng(seed);
  const pos = Array.from(t.positions[1] as Uint32Array);
  const crd = Array.from(t.coordinates[1] as Uint32Array);
  const pairs: number[] = [];
  const coordinates: number[] = [];
  const values: number[] = [];
  const cols = t.shape[1] as number;
  for (let r = 0; r < (t.shape[0] as number); r++) {
    for (let g = Math.floor(next() * 3); g > 0; g--) {
      coordinates.push(Math.floor(next() * cols));
      values.push(1000);
    }
    pairs.push(coordinates.length);
    for (let q = pos[2 * r] as number; q < (pos[2 * r + 1] as number); q++) {
      coordinates.push(crd[q] as number);
      values.push(t.values[q] as number);
    }
    pairs.push(coordinates.length);
  }
  return adoptStorage(t.shape, t.format, {
    positions: [undefined, Uint32Array.from(pairs)],
    coordinates: [undefined, Uint32Array.from(coordinates)],
    values: Float32Array.from(values),
  });
}

describe('segments with gaps between them', () => {
  it.each([
    { expr: 'x(i) = A(i,j) * b(j)', operands: { b: ['j'] } },
    { expr: 'X(i,k) = A(i,j) * B(j,k)', operands: { B: ['j', 'k'] } },
    { expr: 'X(i,j) = A(i,j) + C(i,j)', operands: { C: ['i', 'j'] }, sparseC: true },
  ])('$expr reads each row between its own lo and hi (seeded)', ({ expr, operands, sparseC }) => {
    const sizes: Record<string, number> = { i: 9, j: 12, k: 4 };
    const format: FormatSpec = ['dense', 'loose_compressed'];
    const formats: Record<string, FormatSpec> = { A: format, ...(sparseC ? { C: 'CSR' } : {}) };
    const k = sparsify(expr, formats);
    for (let seed = 1; seed <= 4; seed++) {
      const aData = Float32Array.from(randomDense([9, 12], { density: 0.3, seed: 600 + seed }));
      const A = withGaps(SparseTensor.fromDense(aData, [9, 12], format), 700 + seed);
      const dense: Record<string, { data: Float32Array; shape: number[] }> = {
        A: { data: aData, shape: [9, 12] },
      };
      const bound: Record<string, unknown> = { A };
      for (const [name, indices] of Object.entries(operands)) {
        const shape = indices.map((i) => sizes[i] as number);
        const data = Float32Array.from(
          randomDense(shape, { density: sparseC ? 0.3 : 1, seed: 800 + seed }),
        );
        dense[name] = { data, shape };
        bound[name] = sparseC ? SparseTensor.fromDense(data, shape, 'CSR') : { data, shape };
      }
      const outSize = k.plan.output.indices.reduce((n, i) => n * (sizes[i] as number), 1);
      const expected = denseEvaluate(expr, dense, new Float64Array(outSize));
      for (const engine of ENGINES) {
        const call = bindArguments(k, bound as Parameters<typeof bindArguments>[1]);
        compile(k.module, k.functionName, { engine })(...call.args);
        expect(withoutNegativeZeros(call.output), engine).toEqual(withoutNegativeZeros(expected));
      }
    }
  });
});

describe("ELL's espmv: a(i) = B(j,i,k) * c(k), B in [dense, dense, singleton]", () => {
  it('equals the dense evaluation on every engine (seeded)', () => {
    const expr = 'a(i) = B(j,i,k) * c(k)';
    const k = sparsify(expr, { B: ['dense', 'dense', 'singleton'] });
    for (let seed = 1; seed <= 5; seed++) {
      const [slots, rows, cols] = [3, 5 + seed, 5 + 2 * seed];
      const next = rng(900 + seed);
      const bData = new Float32Array(slots * rows * cols);
      for (let p = 0; p < slots * rows; p++) {
        if (next() < 0.8) bData[p * cols + Math.floor(next() * cols)] = 1 + Math.floor(next() * 8);
      }
      const cData = Float32Array.from(randomDense([cols], { density: 1, seed: 950 + seed }));
      const B = SparseTensor.fromDense(bData, [slots, rows, cols], ['dense', 'dense', 'singleton']);
      const expected = denseEvaluate(
        expr,
        { B: { data: bData, shape: [slots, rows, cols] }, c: { data: cData, shape: [cols] } },
        new Float64Array(rows),
      );
      for (const engine of ENGINES) {
        const fn = compile(k.module, k.functionName, { engine });
        const out = runKernel(k, fn, { B, c: { data: cData, shape: [cols] } });
        expect(withoutNegativeZeros(out as Float32Array), engine).toEqual(
          withoutNegativeZeros(expected),
        );
      }
    }
  });
});

describe('sparse outputs in loose_compressed and ELL forms', () => {
  it.each([
    { expr: 'X(i,j) = A(i,j) * B(i,j)', out: ['dense', 'loose_compressed'] as FormatSpec },
    {
      expr: 'X(i,j) = A(i,j) + B(i,j)',
      out: ['loose_compressed', 'loose_compressed'] as FormatSpec,
    },
    { expr: 'X(i,k) = A(i,j) * B(j,k)', out: ['dense', 'loose_compressed'] as FormatSpec },
  ])('$expr into $out is assembled and converted (seeded)', ({ expr, out }) => {
    const k = sparsify(expr, { A: 'CSR', B: 'CSR', X: out });
    for (let seed = 1; seed <= 3; seed++) {
      const a = Float32Array.from(randomDense([7, 7], { density: 0.3, seed: 1000 + seed }));
      const b = Float32Array.from(randomDense([7, 7], { density: 0.3, seed: 1100 + seed }));
      const expected = denseEvaluate(
        expr,
        { A: { data: a, shape: [7, 7] }, B: { data: b, shape: [7, 7] } },
        new Float64Array(49),
      );
      for (const engine of ENGINES) {
        const fn = compile(k.module, k.functionName, { engine });
        const X = runKernel(k, fn, {
          A: SparseTensor.fromDense(a, [7, 7], 'CSR'),
          B: SparseTensor.fromDense(b, [7, 7], 'CSR'),
        }) as SparseTensor;
        expect(X.format.levels).toEqual((out as readonly string[]).slice());
        expect(withoutNegativeZeros(X.toDense() as Float32Array), engine).toEqual(
          withoutNegativeZeros(expected),
        );
      }
    }
  });

  it('an ELL output holds one entry per slot; a slot with two is the typed error of convert', () => {
    const expr = 'Y(j,i,k) = B(j,i,k) * 2';
    const k = sparsify(expr, { B: 'CSF', Y: ['dense', 'dense', 'singleton'] });
    const fn = compile(k.module, k.functionName, { engine: 'js' });
    const data = new Float32Array(2 * 3 * 4);
    data[1] = 3;
    data[2 * 4 + 3] = 5;
    data[(3 + 1) * 4] = 7;
    const Y = runKernel(k, fn, {
      B: SparseTensor.fromDense(data, [2, 3, 4], 'CSF'),
    }) as SparseTensor;
    expect(Y.format.levels).toEqual(['dense', 'dense', 'singleton']);
    expect(Array.from(Y.toDense() as Float32Array)).toEqual(Array.from(data, (x) => x * 2));
    data[0] = 1;
    expect(() => runKernel(k, fn, { B: SparseTensor.fromDense(data, [2, 3, 4], 'CSF') })).toThrow(
      /\[dense, dense, compressed\]/,
    );
  });
});

describe('the shader engines take loose_compressed kernels as they take CSR ones', () => {
  it.each([
    'x(i) = A(i,j) * b(j)',
    'X(i,k) = A(i,j) * B(j,k)',
    'X(i,j) = A(i,j) * (C(i,k) * D(k,j))',
  ])('%s compiles to parallel WGSL and GLSL passes, as with CSR', (expr) => {
    for (const format of ['CSR', ['dense', 'loose_compressed']] as const) {
      const k = sparsify(expr, { A: format });
      for (const compileShader of [compileWgsl, compileGlsl]) {
        const program = compileShader(k.module, k.functionName, {});
        expect(program.parallel, `${compileShader.name} ${JSON.stringify(format)}`).toBe(true);
      }
    }
  });
});
