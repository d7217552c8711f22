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

/** Every kernel of the sparse benches, plus one per remaining format family. */
export const BENCH_KERNELS: readonly BenchKernel[] = [
  { label: 'SpMV CSR f32', expr: 'y(i) = A(i,j) * x(j)', formats: { A: 'CSR' }, valueType: 'f32' },
  {
    label: 'SpMV CSR f32 vl8',
    expr: 'y(i) = A(i,j) * x(j)',
    formats: { A: 'CSR' },
    valueType: 'f32',
    vector: VL8,
  },
  {
    label: 'SpMM CSR f32 vl8',
    expr: 'C(i,k) = A(i,j) * B(j,k)',
    formats: { A: 'CSR' },
    valueType: 'f32',
    vector: VL8,
  },
  {
    label: 'SDDMM CSR f32 vl8',
    expr: 'X(i,j) = S(i,j) * (A(i,k) * B(k,j))',
    formats: { S: 'CSR' },
    valueType: 'f32',
    vector: VL8,
  },
  {
    label: 'sparse dot f32 vl8',
    expr: 's = a(i) * b(i)',
    formats: { a: 'sparse-vector' },
    valueType: 'f32',
    vector: VL8,
  },
  {
    label: 'dense dot f32 vl8',
    expr: 's = a(i) * b(i)',
    formats: {},
    valueType: 'f32',
    vector: VL8,
  },
  {
    label: 'sparse add (union) f32 vl8',
    expr: 'x(i) = a(i) + b(i)',
    formats: { a: 'sparse-vector', b: 'sparse-vector' },
    valueType: 'f32',
    vector: VL8,
  },
  {
    label: 'SpMV CSR f64 vl4',
    expr: 'y(i) = A(i,j) * x(j)',
    formats: { A: 'CSR' },
    valueType: 'f64',
    vector: VL4,
  },
  { label: 'SpMV CSC f64', expr: 'y(i) = A(i,j) * x(j)', formats: { A: 'CSC' }, valueType: 'f64' },
  { label: 'SpMV COO f64', expr: 'y(i) = A(i,j) * x(j)', formats: { A: 'COO' }, valueType: 'f64' },
  {
    label: 'SpMV DCSR f64',
    expr: 'y(i) = A(i,j) * x(j)',
    formats: { A: 'DCSR' },
    valueType: 'f64',
  },
  {
    label: 'SpGEMM CSR -> CSR f64',
    expr: 'C(i,j) = A(i,k) * B(k,j)',
    formats: CSR3,
    valueType: 'f64',
  },
  {
    label: 'SpGEMM DCSR -> DCSR f64',
    expr: 'C(i,j) = A(i,k) * B(k,j)',
    formats: { A: 'DCSR', B: 'DCSR', C: 'DCSR' },
    valueType: 'f64',
  },
  {
    label: 'add CSR + CSR -> CSR f64',
    expr: 'C(i,j) = A(i,j) + B(i,j)',
    formats: CSR3,
    valueType: 'f64',
  },
  {
    label: 'mul CSR .* CSR -> CSR f64',
    expr: 'C(i,j) = A(i,j) * B(i,j)',
    formats: CSR3,
    valueType: 'f64',
  },
  {
    label: 'add CSR + CSC -> COO f64',
    expr: 'C(i,j) = A(i,j) + B(i,j)',
    formats: { A: 'CSR', B: 'CSC', C: 'COO' },
    valueType: 'f64',
  },
  {
    label: 'transpose CSR -> CSR f64',
    expr: 'C(j,i) = A(i,j)',
    formats: { A: 'CSR', C: 'CSR' },
    valueType: 'f64',
  },
  {
    label: 'TTV CSF -> CSR f32',
    expr: 'A(i,j) = B(i,j,k) * c(k)',
    formats: { B: ['compressed', 'compressed', 'compressed'], A: 'CSR' },
    valueType: 'f32',
  },
];
