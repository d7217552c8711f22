/**
 * The kernels the sparse benchmarks compile, with the options they are compiled under: the
 * inventory the compile-time suite measures (notation -> sparsify -> vectorize -> engine).
 * Beyond the kernels the other suites run, it holds the formats and value types users reach
 * for (CSC, COO, DCSR, CSF outputs, f64), so no format's pipeline goes unmeasured.
 */
import type { VectorizeOptions } from '@tilekit/sparse-vectorizer';
import type { FormatSpec, ValueType } from '../src/index.js';

/** One kernel as a benchmark compiles it. */
export interface BenchKernel {
  readonly label: string;
  readonly expr: string;
  readonly formats: Readonly<Record<string, FormatSpec>>;
  readonly valueType: ValueType;
  /** Vectorizer options, or `undefined` for scalar loops. */
  readonly vector?: VectorizeOptions;
}

const VL8 = { vectorLength: 8, enableSIMDIndex32: true } as const;
const VL4 = { vectorLength: 4, enableSIMDIndex32: true } as const;
const CSR3 = { A: 'CSR', B: 'CSR', C: 'CSR' } as const;

/** A kernel row of the inventory. */
const kernel = (
  label: string,
  expr: string,
  formats: BenchKernel['formats'],
  valueType: ValueType,
  vector?: VectorizeOptions,
): BenchKernel => ({
  label,
  expr,
  formats,
  valueType,
  ...(vector === undefined ? {} : { vector }),
});

const SPMV = 'y(i) = A(i,j) * x(j)';
const DOT = 's = a(i) * b(i)';
const SPGEMM = 'C(i,j) = A(i,k) * B(k,j)';
const ADD = 'C(i,j) = A(i,j) + B(i,j)';

/** Every kernel of the sparse benches, plus one per remaining format family. */
export const BENCH_KERNELS: readonly BenchKernel[] = [
  kernel('SpMV CSR f32', SPMV, { A: 'CSR' }, 'f32'),
  kernel('SpMV CSR f32 vl8', SPMV, { A: 'CSR' }, 'f32', VL8),
  kernel('SpMM CSR f32 vl8', 'C(i,k) = A(i,j) * B(j,k)', { A: 'CSR' }, 'f32', VL8),
  kernel('SDDMM CSR f32 vl8', 'X(i,j) = S(i,j) * (A(i,k) * B(k,j))', { S: 'CSR' }, 'f32', VL8),
  kernel('sparse dot f32 vl8', DOT, { a: 'sparse-vector' }, 'f32', VL8),
  kernel('dense dot f32 vl8', DOT, {}, 'f32', VL8),
  kernel(
    'sparse add (union) f32 vl8',
    'x(i) = a(i) + b(i)',
    { a: 'sparse-vector', b: 'sparse-vector' },
    'f32',
    VL8,
  ),
  kernel('SpMV CSR f64 vl4', SPMV, { A: 'CSR' }, 'f64', VL4),
  kernel('SpMV CSC f64', SPMV, { A: 'CSC' }, 'f64'),
  kernel('SpMV COO f64', SPMV, { A: 'COO' }, 'f64'),
  kernel('SpMV DCSR f64', SPMV, { A: 'DCSR' }, 'f64'),
  kernel('SpGEMM CSR -> CSR f64', SPGEMM, CSR3, 'f64'),
  kernel('SpGEMM DCSR -> DCSR f64', SPGEMM, { A: 'DCSR', B: 'DCSR', C: 'DCSR' }, 'f64'),
  kernel('add CSR + CSR -> CSR f64', ADD, CSR3, 'f64'),
  kernel('mul CSR .* CSR -> CSR f64', 'C(i,j) = A(i,j) * B(i,j)', CSR3, 'f64'),
  kernel('add CSR + CSC -> COO f64', ADD, { A: 'CSR', B: 'CSC', C: 'COO' }, 'f64'),
  kernel('transpose CSR -> CSR f64', 'C(j,i) = A(i,j)', { A: 'CSR', C: 'CSR' }, 'f64'),
  kernel(
    'TTV CSF -> CSR f32',
    'A(i,j) = B(i,j,k) * c(k)',
    { B: ['compressed', 'compressed', 'compressed'], A: 'CSR' },
    'f32',
  ),
];
