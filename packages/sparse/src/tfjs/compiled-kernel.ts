/**
 * One compiled sparse kernel per distinct attribute set: the expression (fixed by the kernel
 * name, or SparseOp's `expr`), the formats, the options and the value dtype. Every op and
 * backend kernel function looks its kernel up here, and finds it in one of two places:
 * - the kernels prepared ahead of time (prepared/): the ready-made ops' kernels and their
 *   gradients' for the formats, dtypes and default options they were generated for, as wasm
 *   bytes and binding plans, which an op adds when it is first called;
 * - the compiler (sparsify -> vectorize -> engine, compile-route.ts), only where it is installed:
 *   by `@tilekit/sparse/tfjs/compiler`, by `sparseOp`, and by the GPU register entries (their
 *   shaders are generated from the loops).
 * This module imports neither, so an app that runs only prepared kernels does not bundle the
 * compiler. A kernel found in neither place is a typed error naming the import that fixes it.
 */
import type { EngineCall } from '@tilekit/loop-engines';
import type { Module } from '@tilekit/loop-ir';
import { type SparseKernel, SparsifyError } from '../sparsify/index.js';
import {
  FIXED_EXPRESSIONS,
  type SparseKernelAttrs,
  type SparseOpAttrs,
  SparseToDenseTensor,
} from './kernel-names.js';
import type { OperandFormat } from './sparse-inputs.js';
import type { SparseOpOptions } from './sparse-op-key.js';
import { memoizedByText } from './text-memo.js';

/** A kernel compiled for one attribute set. */
export interface CompiledSparseKernel {
  /**
   * The cache key: canonical expression, formats and options (a prepared kernel's is its
   * spelling, see {@link kernelSpelling}, which its prepared passes are found by).
   */
  readonly key: string;
  /** The expression as given. */
  readonly expr: string;
  /**
   * The emitted scalar loops (what the GPU backends generate shaders from) and what binding
   * arguments needs; a prepared kernel's module is empty (its loops were compiled ahead of time).
   */
  readonly kernel: SparseKernel;
  /** The module the host engine runs (vectorized when `vectorLength > 0`); absent when prepared. */
  readonly module?: Module;
  /** The host engine's call (cpu backend, and the GPU backends' CPU route), made on first use. */
  readonly run: EngineCall;
  /**
   * The wasm engine's call over `memory` (tfjs's wasm heap), reading and writing operands in
   * place; `undefined` where the kernel has none there (another engine, or a prepared kernel
   * and a shared memory).
   */
  runOnMemory(memory: WebAssembly.Memory): EngineCall | undefined;
  readonly options: Readonly<Required<SparseOpOptions>>;
  readonly dtype: 'float32' | 'int32';
  /**
   * True for a kernel prepared to run as webgpu passes only: it ships no host code, so its
   * `run` and `runOnMemory` are the compiler's (a typed error naming the compiler's entry
   * without one). Webgpu then runs it as passes even where tfjs would keep small inputs on the
   * CPU.
   */
  readonly passesOnly?: boolean;
  /** Format of every sparse operand. */
  readonly formats: Readonly<Record<string, OperandFormat>>;
}

/** Compiles the kernel of `expr` under `attrs` for `dtype` values (see compile-route.ts). */
export type SparseCompiler = (
  expr: string,
  attrs: SparseKernelAttrs,
  dtype: 'float32' | 'int32',
) => CompiledSparseKernel;

/** A kernel prepared ahead of time, made into a {@link CompiledSparseKernel} on first use. */
export interface PreparedKernel {
  /** The attribute spelling it serves (see {@link kernelSpelling}). */
  readonly spelling: string;
  revive(): CompiledSparseKernel;
}

/** The import that installs the compiler, as errors name it. */
export const SPARSE_COMPILER_ENTRY = '@tilekit/sparse/tfjs/compiler';

/** Letters for the index variables of the dense-conversion kernel. */
const INDEX_NAMES = 'ijklmnopqrstuvwxyz';

/** `D(i,j,…) = A(i,j,…)` for a rank-`rank` operand (rank 0 is not sparse). */
export function toDenseExpression(rank: number): string {
  if (rank < 1 || rank > INDEX_NAMES.length)
    throw new SparsifyError('A', `rank must be 1..${INDEX_NAMES.length}, got ${rank}`);
  const indices = INDEX_NAMES.slice(0, rank).split('').join(',');
  return `D(${indices}) = A(${indices})`;
}

/** The expression kernel `kernelName` computes under `attrs`. */
export function expressionOf(kernelName: string, attrs: SparseKernelAttrs): string {
  if (kernelName === SparseToDenseTensor) return toDenseExpression(attrs.shapes.A?.length ?? 0);
  return FIXED_EXPRESSIONS[kernelName] ?? (attrs as SparseOpAttrs).expr;
}

/** The `formats` attribute: canonical JSON of `{name: {levels, order}}`. */
export function parseFormats(text: string): Record<string, OperandFormat> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const valid =
    typeof parsed === 'object' &&
    parsed !== null &&
    !Array.isArray(parsed) &&
    Object.values(parsed).every(
      (f) =>
        typeof f === 'object' &&
        f !== null &&
        Array.isArray((f as OperandFormat).levels) &&
        Array.isArray((f as OperandFormat).order),
    );
  if (!valid)
    throw new SparsifyError(
      'attrs.formats',
      'expected canonical JSON of {name: {levels, order}} per sparse operand',
    );
  return parsed as Record<string, OperandFormat>;
}

/**
 * The attributes that select a compiled kernel, joined as they are spelled: what prepared
 * kernels are found by, and what the compiler's results are remembered by.
 */
export function kernelSpelling(
  expr: string,
  attrs: SparseKernelAttrs,
  dtype: 'float32' | 'int32',
): string {
  const { formats, vectorLength, enableVLAVectorization, enableSIMDIndex32, vscale, engine } =
    attrs;
  return [
    expr,
    formats,
    vectorLength,
    enableVLAVectorization,
    enableSIMDIndex32,
    attrs.halfWidthShortReductions,
    vscale,
    engine,
    dtype,
  ].join('\u0000');
}

/**
 * What `spelling` spells (the inverse of {@link kernelSpelling}): the expression, the
 * attributes that select a kernel (the operands' names, shapes and scalars, which it leaves
 * out, empty) and the value dtype.
 */
export function spelledKernel(spelling: string): {
  readonly expr: string;
  readonly attrs: SparseKernelAttrs;
  readonly dtype: 'float32' | 'int32';
} {
  const [expr, formats, vectorLength, vla, simd, half, vscale, engine, dtype] = spelling.split(
    '\u0000',
  ) as string[];
  return {
    expr: expr as string,
    attrs: {
      inputNames: [],
      formats: formats as string,
      shapes: {},
      scalars: {},
      vectorLength: Number(vectorLength),
      enableVLAVectorization: vla === 'true',
      enableSIMDIndex32: simd === 'true',
      halfWidthShortReductions: half === 'true',
      vscale: Number(vscale),
      engine: engine as string,
    },
    dtype: dtype as 'float32' | 'int32',
  };
}

/** Prepared kernels by spelling (revived on first use). */
const PREPARED = new Map<string, PreparedKernel | CompiledSparseKernel>();
/**
 * Adds kernels prepared ahead of time, so calls spelled as one of them run it without the
 * compiler (a spelling already known keeps its kernel).
 */
export function addPreparedKernels(kernels: readonly PreparedKernel[]): void {
  for (const k of kernels) if (!PREPARED.has(k.spelling)) PREPARED.set(k.spelling, k);
}

/** The prepared kernel spelled `spelling`, revived, or undefined. */
function preparedKernel(spelling: string): CompiledSparseKernel | undefined {
  const found = PREPARED.get(spelling);
  if (found === undefined || !('revive' in found)) return found;
  const revived = found.revive();
  PREPARED.set(spelling, revived);
  return revived;
}

let installed: SparseCompiler | undefined;

/**
 * Installs the compiler that makes kernels nothing prepared (`undefined` removes it, for tests
 * of the prepared kernels alone).
 */
export function installSparseCompiler(compiler: SparseCompiler | undefined): void {
  installed = compiler;
}

/** Whether a compiler is installed. */
export function hasSparseCompiler(): boolean {
  return installed !== undefined;
}

/** The installed compiler's kernel, remembered by spelling (compiling is the slow part). */
const compiledBySpelling = /* @__PURE__ */ memoizedByText(
  kernelSpelling,
  (expr: string, attrs: SparseKernelAttrs, dtype: 'float32' | 'int32') =>
    (installed as SparseCompiler)(expr, attrs, dtype),
);

let observer:
  | ((expr: string, attrs: SparseKernelAttrs, dtype: 'float32' | 'int32') => void)
  | undefined;

/**
 * Calls `observe` on every kernel lookup, which then takes the compiler's kernel, never a
 * prepared one: the generator of prepared kernels records what the ops look up and must not
 * run the kernels it is about to replace.
 */
export function observeKernelLookups(
  observe:
    | ((expr: string, attrs: SparseKernelAttrs, dtype: 'float32' | 'int32') => void)
    | undefined,
): void {
  observer = observe;
}

/**
 * The compiled kernel for `expr` under `attrs`: a prepared one (unless `loops` asks for the
 * emitted loops, which only the compiler has), else the installed compiler's.
 *
 * @throws SparsifyError when neither has it, naming the import that installs the compiler.
 */
export function compiledSparseKernel(
  expr: string,
  attrs: SparseKernelAttrs,
  dtype: 'float32' | 'int32',
  loops = false,
): CompiledSparseKernel {
  observer?.(expr, attrs, dtype);
  if (!loops && observer === undefined) {
    const prepared = preparedKernel(kernelSpelling(expr, attrs, dtype));
    if (prepared !== undefined) return prepared;
  }
  if (installed === undefined)
    throw new SparsifyError(
      'operands',
      `import '${SPARSE_COMPILER_ENTRY}' once to compile ${expr} for these operands (kernels ship prepared for CSR matrices and sparse vectors with the default options only)`,
      'CSR matrices or sparse vectors, float32 or int32 values, the default options',
    );
  return compiledBySpelling(expr, attrs, dtype);
}
