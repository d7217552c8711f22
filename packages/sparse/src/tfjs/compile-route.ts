/**
 * The compiler route of the sparse kernels: sparsify -> (vectorize) -> the host engine, once
 * per canonical key, and the derivation of their gradients' kernels. Only the entries that install it (`@tilekit/sparse/tfjs/compiler`,
 * `sparseOp`, the GPU register entries) import this module; see compiled-kernel.ts.
 */
import {
  compile,
  compileWasmOnMemory,
  type EngineCall,
  type EngineName,
} from '@tilekit/loop-engines';
import { vectorize } from '@tilekit/sparse-vectorizer';
import type { FormatSpec } from '../sparse-tensor/format.js';
import { LruMap } from '../sparsify/calling/lru-map.js';
import { type SparseKernel, SparsifyError, sparsify } from '../sparsify/index.js';
import { levelSpaceForm } from '../sparsify/planning/block-rewrite.js';
import { parseNotation } from '../sparsify/planning/notation.js';
import { hasOperandWindows } from '../sparsify/planning/operand-window.js';
import { outputWindowOf } from '../sparsify/planning/output-window.js';
import {
  type CompiledSparseKernel,
  installSparseCompiler,
  parseFormats,
} from './compiled-kernel.js';
import { formatsExplanation } from './format-obstacles.js';
import { installDeriver } from './gradients/derivation.js';
import { derivation } from './gradients/derivative.js';
import { outputMajorKernel } from './gradients/output-major.js';
import type { SparseKernelAttrs } from './kernel-names.js';
import { blockProduct, installLevelSpaceRewrite } from './ops/block-product.js';
import { installBlockProduct } from './ops/block-route.js';
import { installFormatsExplanation } from './route-reason.js';
import { installShaderCompilers } from './shader-compilers.js';
import { SHADER_PROGRAMS } from './shader-programs.js';
import { resolveSparseOpOptions, type SparseOpOptions, sparseOpKey } from './sparse-op-key.js';

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

/**
 * Throws unless `kernel` reads every operand whole and writes its whole output. A window is
 * materialized from the caller's tensor on every call (on the host a slice of the stored
 * entries, which device-resident tensors would have to be read back for), and an output window
 * is stored into the caller's whole output by `runKernel`.
 */
export function refuseOperandWindows(kernel: SparseKernel, expr: string): void {
  if (hasOperandWindows(kernel)) {
    throw new SparsifyError(
      'expr',
      `windows on operands (${expr}) run on the host only: call sparsify() with SparseTensor operands, or pass the window itself (tf.slice or tf.stridedSlice of a dense tensor) and index it whole`,
    );
  }
  if (outputWindowOf(kernel) !== undefined) {
    throw new SparsifyError(
      'expr',
      `a window on the output (${expr}) runs on the host only (runKernel): compute the window's elements and write them into the whole tensor (e.g. tf.scatterND)`,
    );
  }
}

/**
 * The kernel of `expr` under `attrs` for `dtype` values, compiled (equal kernels by canonical
 * key share one compile; the host engine is compiled on first use).
 */
export function compileSparseKernel(
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
    runOnMemory: (memory: WebAssembly.Memory) =>
      options.engine === 'wasm'
        ? compileWasmOnMemory(module, kernel.functionName, memory, { vscale: options.vscale })
        : undefined,
    options,
    dtype,
    formats: operandFormats,
  });
  COMPILED.set(key, compiled);
  return compiled;
}

/**
 * Installs the compiler route: kernels compiled for any expression, formats and options, and
 * the derivatives and output-major forms of any kernel for its gradients, and the shader engines
 * for the GPU passes of kernels that come without prepared ones.
 */
export function installSparseCompilerRoute(): void {
  installSparseCompiler(compileSparseKernel);
  installDeriver({ derive: derivation, outputMajor: outputMajorKernel });
  installShaderCompilers(SHADER_PROGRAMS);
  installFormatsExplanation(formatsExplanation);
  installLevelSpaceRewrite((expr, formats) => levelSpaceForm(parseNotation(expr), formats));
  installBlockProduct(blockProduct);
}
