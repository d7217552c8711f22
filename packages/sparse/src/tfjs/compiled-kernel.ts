/**
 * One compiled sparse kernel per distinct attribute set: the expression (fixed by the kernel
 * name, or SparseOp's `expr`), the formats, the options and the value dtype. Compiling runs
 * sparsify -> (vectorize) once, and the host engine once when first needed; every backend's
 * kernel function then looks it up.
 */
import { compile, type EngineCall, type EngineName } from '@tilekit/loop-engines';
import type { Module } from '@tilekit/loop-ir';
import { vectorize } from '@tilekit/sparse-vectorizer';
import type { FormatSpec } from '../sparse-tensor/format.js';
import { type SparseKernel, SparsifyError, sparsify } from '../sparsify/index.js';
import { LruMap } from '../sparsify/lru-map.js';
import { hasOperandWindows } from '../sparsify/operand-window.js';
import {
  FIXED_EXPRESSIONS,
  type SparseKernelAttrs,
  type SparseOpAttrs,
  SparseToDenseTensor,
} from './kernel-names.js';
import type { OperandFormat } from './sparse-inputs.js';
import { resolveSparseOpOptions, type SparseOpOptions, sparseOpKey } from './sparse-op-key.js';
import { memoizedByText } from './text-memo.js';

/** A kernel compiled for one attribute set. */
export interface CompiledSparseKernel {
  /** The cache key (canonical expression, formats and options). */
  readonly key: string;
  /** The expression as given. */
  readonly expr: string;
  /** The emitted scalar loops (what the GPU backends generate shaders from). */
  readonly kernel: SparseKernel;
  /** The module the host engine runs (vectorized when `vectorLength > 0`). */
  readonly module: Module;
  /** The host engine's call (cpu backend, and the GPU backends' CPU route), compiled on first use. */
  readonly run: EngineCall;
  readonly options: Readonly<Required<SparseOpOptions>>;
  readonly dtype: 'float32' | 'int32';
  /** Format of every sparse operand. */
  readonly formats: Readonly<Record<string, OperandFormat>>;
}

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

/** The options part of `attrs`, with the value type of `dtype`. */
export function optionsOf(attrs: SparseKernelAttrs, dtype: 'float32' | 'int32'): SparseOpOptions {
  return {
    vectorLength: attrs.vectorLength,
    enableVLAVectorization: attrs.enableVLAVectorization,
    enableSIMDIndex32: attrs.enableSIMDIndex32,
    ...(attrs.halfWidthShortReductions === undefined
      ? {}
      : { halfWidthShortReductions: attrs.halfWidthShortReductions }),
    vscale: attrs.vscale,
    engine: attrs.engine as EngineName,
    valueType: dtype === 'int32' ? 'i32' : 'f32',
  };
}

/** Kernels kept compiled at once. */
const COMPILED_LIMIT = 1024;

/**
 * Kernels by key. Most apps use a handful, but one that makes ever new kernels must not grow
 * without bound: past {@link COMPILED_LIMIT} the least recently used kernel is dropped (compiled
 * again if used again; the backends' per-kernel caches are weak).
 */
const COMPILED = new LruMap<string, CompiledSparseKernel>(COMPILED_LIMIT);

/** The attributes that select a compiled kernel, joined as they are spelled. */
function spellingOf(expr: string, attrs: SparseKernelAttrs, dtype: 'float32' | 'int32'): string {
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
 * The compiled kernel for `expr` under `attrs`, compiled on first use. Every op call looks its
 * kernel up (twice: the op checks operands, the backend's kernel runs it); deriving the
 * canonical key parses and re-serialises the formats, which costs as much as a GPU backend's
 * dispatch, so the lookup goes by the attributes as spelled first.
 */
export const compiledSparseKernel: (
  expr: string,
  attrs: SparseKernelAttrs,
  dtype: 'float32' | 'int32',
) => CompiledSparseKernel = memoizedByText(spellingOf, compileByKey);

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
 * Throws unless `kernel` reads every operand whole. A window is materialized from the caller's
 * tensor on every call: on the host a slice of the stored entries, which device-resident
 * tensors would have to be read back for.
 */
export function refuseOperandWindows(kernel: SparseKernel, expr: string): void {
  if (hasOperandWindows(kernel)) {
    throw new SparsifyError(
      'expr',
      `windows on operands (${expr}) run on the host only: call sparsify() with SparseTensor operands, or pass the window itself (tf.slice or tf.stridedSlice of a dense tensor) and index it whole`,
    );
  }
}

/** {@link compiledSparseKernel} through the canonical key (equal kernels share one compile). */
function compileByKey(
  expr: string,
  attrs: SparseKernelAttrs,
  dtype: 'float32' | 'int32',
): CompiledSparseKernel {
  const operandFormats = parseFormats(attrs.formats);
  const formats: Record<string, FormatSpec> = {};
  for (const [name, f] of Object.entries(operandFormats))
    formats[name] = { levels: f.levels, order: f.order, posWidth: 32, crdWidth: 32 };
  const requested = optionsOf(attrs, dtype);
  const key = sparseOpKey(expr, formats, requested);
  const cached = COMPILED.get(key);
  if (cached !== undefined) return cached;
  const options = resolveSparseOpOptions(requested);
  const kernel = sparsify(expr, formats, { valueType: options.valueType });
  refuseOperandWindows(kernel, expr);
  const module =
    options.vectorLength > 0
      ? vectorize(kernel.module, {
          vectorLength: options.vectorLength,
          enableVLAVectorization: options.enableVLAVectorization,
          enableSIMDIndex32: options.enableSIMDIndex32,
          halfWidthShortReductions: options.halfWidthShortReductions,
        }).module
      : kernel.module;
  // The host engine is compiled on first use: the GPU backends' shader path never needs it,
  // and each wasm engine call holds a WebAssembly.Memory, of which a page can reserve only so
  // many.
  let run: EngineCall | undefined;
  const compiled: CompiledSparseKernel = Object.freeze({
    key,
    expr,
    kernel,
    module,
    get run(): EngineCall {
      run ??= compile(module, kernel.functionName, {
        engine: options.engine,
        vscale: options.vscale,
      });
      return run;
    },
    options,
    dtype,
    formats: operandFormats,
  });
  COMPILED.set(key, compiled);
  return compiled;
}
