/**
 * scipy.sparse as an oracle: a `ScipySparseFile` (from @tilekit/conformance's generator) holds
 * seeded random cases — operands with duplicate coordinates, explicit zeros, NaN and
 * infinities, empty shapes — and scipy's results, values and stored patterns. Each case runs in
 * every format (CSR, CSC, DCSR, DCSC, COO) for the operands and the output, on the interpreter,
 * js and wasm engines, and must give scipy's result:
 *
 * - constructors and `convert` store exactly scipy's canonical CSR entries (duplicates summed,
 *   explicit zeros kept), as does the transpose kernel (it computes nothing);
 * - `A / D` keeps `A`'s pattern, as scipy does (a stored zero over `D == 0` is NaN);
 * - element-wise operations and SpGEMM store the computed zeros scipy drops (MLIR's and
 *   TACO's rule: every visited coordinate is stored), so their results are compared with
 *   stored zeros dropped (`withoutZeros`);
 * - SpMV gives scipy's dense vector.
 *
 * One body serves the committed development set and the held-out set.
 */
import {
  type ScipyNumber,
  type ScipySparseCase,
  type ScipySparseFile,
  type ScipySparseOperand,
  type ScipyStoredResult,
  scipyNumber,
} from '@tilekit/conformance/testing';
import { compile } from '@tilekit/loop-engines';
import { describe, expect, it } from 'vitest';
import {
  type KernelOperand,
  type NamedFormat,
  runKernel,
  type SparseKernel,
  SparseTensor,
  sparsify,
} from '../../src/index.js';

const FORMATS: readonly NamedFormat[] = ['CSR', 'CSC', 'DCSR', 'DCSC', 'COO'];
const ENGINES = ['interpreter', 'js', 'wasm'] as const;
type Engine = (typeof ENGINES)[number];

const EXPRESSIONS: Readonly<Record<string, string>> = {
  transpose: 'C(j,i) = A(i,j)',
  add: 'C(i,j) = A(i,j) + B(i,j)',
  subtract: 'C(i,j) = A(i,j) - B(i,j)',
  maximum: 'C(i,j) = max(A(i,j), B(i,j))',
  minimum: 'C(i,j) = min(A(i,j), B(i,j))',
  multiply: 'C(i,j) = A(i,j) * B(i,j)',
  divide: 'C(i,j) = A(i,j) / D(i,j)',
  matmul: 'C(i,j) = A(i,k) * B(k,j)',
  spmv: 'y(i) = A(i,j) * x(j)',
};

function tensorOf(
  operand: ScipySparseOperand,
  shape: readonly number[],
  format: NamedFormat,
): SparseTensor {
  return SparseTensor.fromCoordinates(
    operand.coordinates,
    operand.values.map(scipyNumber),
    shape,
    format,
    { dtype: 'float64' },
  );
}

/** Stored entries as `"i,j=value"`, row-major (NaN spelled out, -0 as 0). */
function entries(t: SparseTensor): string[] {
  const { coordinates, values } = t.toCoordinates();
  return coordinates
    .map((c, k) => ({ c, v: values[k] as number }))
    .sort(
      (a, b) => (a.c[0] as number) - (b.c[0] as number) || (a.c[1] as number) - (b.c[1] as number),
    )
    .map(({ c, v }) => `${c.join(',')}=${show(v)}`);
}

function expectedEntries(result: ScipyStoredResult): string[] {
  return result.coordinates.map(
    (c, k) => `${c.join(',')}=${show(scipyNumber(result.values[k] as ScipyNumber))}`,
  );
}

const show = (v: number): string => (v === 0 ? '0' : String(v));

const kernels = new Map<string, { kernel: SparseKernel; run: ReturnType<typeof compile> }>();

/** The kernel of `expr` for these formats on `engine`, compiled once. */
function kernelFor(expr: string, formats: Record<string, NamedFormat>, engine: Engine) {
  const key = `${expr} ${JSON.stringify(formats)} ${engine}`;
  let entry = kernels.get(key);
  if (entry === undefined) {
    const kernel = sparsify(expr, formats, { valueType: 'f64' });
    entry = { kernel, run: compile(kernel.module, kernel.functionName, { engine }) };
    kernels.set(key, entry);
  }
  return entry;
}

/** The operand formats and engine one run of case `n` uses (every combination over the set). */
function runsOf(n: number): { a: NamedFormat; b: NamedFormat; out: NamedFormat; engine: Engine }[] {
  return FORMATS.map((out, k) => ({
    a: FORMATS[(n + k) % FORMATS.length] as NamedFormat,
    b: FORMATS[(Math.floor(n / FORMATS.length) + 2 * k) % FORMATS.length] as NamedFormat,
    out,
    engine: ENGINES[(n + k) % ENGINES.length] as Engine,
  }));
}

function checkCase(c: ScipySparseCase, n: number): void {
  const [m, k, last] = c.shape as [number, number, number?];
  if (c.op === 'convert') {
    const want = expectedEntries(c.result as ScipyStoredResult);
    for (const from of FORMATS) {
      const t = tensorOf(c.A, [m, k], from);
      expect(entries(t), `${c.id} fromCoordinates ${from}`).toEqual(want);
      for (const to of FORMATS) {
        expect(entries(t.convert(to)), `${c.id} ${from} -> ${to}`).toEqual(want);
      }
    }
    return;
  }
  const expr = EXPRESSIONS[c.op] as string;
  const aShape = [m, k];
  const bShape = c.op === 'matmul' ? [k, last as number] : [m, k];
  for (const { a, b, out, engine } of runsOf(n)) {
    const label = `${c.id}: ${expr} A ${a} B ${b} -> ${out} on ${engine}`;
    const A = tensorOf(c.A, aShape, a);
    const operands: Record<string, KernelOperand> = { A };
    const formats: Record<string, NamedFormat> = { A: a };
    if (c.B !== undefined) {
      operands.B = tensorOf(c.B, bShape, b);
      formats.B = b;
    }
    if (c.D !== undefined) operands.D = { data: Float64Array.from(c.D), shape: [m, k] };
    if (c.x !== undefined) operands.x = { data: Float64Array.from(c.x), shape: [k] };
    if (c.op !== 'spmv') formats.C = out;
    const { kernel, run } = kernelFor(expr, formats, engine);
    const result = runKernel(kernel, run, operands);
    if (c.op === 'spmv') {
      const want = (c.result as { dense: readonly ScipyNumber[] }).dense.map((v) =>
        show(scipyNumber(v)),
      );
      expect(Array.from(result as Float64Array, show), label).toEqual(want);
      continue;
    }
    const C = result as SparseTensor;
    const exact = c.op === 'transpose' || c.op === 'divide';
    expect(entries(exact ? C : C.withoutZeros()), label).toEqual(
      expectedEntries(c.result as ScipyStoredResult),
    );
  }
}

/** Runs every case of `file` (its label says which set) against scipy's recorded results. */
export function describeScipyOracle(set: string, file: ScipySparseFile): void {
  describe(`scipy.sparse ${file.scipy} as an oracle: ${set} (seed ${file.seed})`, () => {
    const ops = [...new Set(file.cases.map((c) => c.op))];
    it('covers every operation, empty shapes, duplicates, explicit zeros and NaN', () => {
      expect(ops.sort()).toEqual([
        'add',
        'convert',
        'divide',
        'matmul',
        'maximum',
        'minimum',
        'multiply',
        'spmv',
        'subtract',
        'transpose',
      ]);
      const cases = file.cases;
      expect(cases.some((c) => c.shape.includes(0))).toBe(true);
      expect(cases.some((c) => c.A.values.includes('NaN'))).toBe(true);
      expect(
        cases.some(
          (c) => new Set(c.A.coordinates.map((x) => x.join())).size < c.A.coordinates.length,
        ),
      ).toBe(true);
    });

    for (const op of ops) {
      it(`${op}: every case in every format and engine gives scipy's result`, () => {
        file.cases.forEach((c, n) => {
          if (c.op === op) checkCase(c, n);
        });
      });
    }
  });
}
