/**
 * `sparseOp`: compiles a sparse kernel once (sparsify -> vectorize -> engine) and exposes it
 * as a tfjs op. The kernel is registered on the `cpu` backend under a name derived from the
 * expression and options (and on `wasm`, where operands are read in place on the backend's heap:
 * see wasm-kernel.ts); dense operands travel as tfjs tensors, sparse operands (immutable
 * {@link SparseTensor}s) and scalars as attributes. Ops are cached by {@link sparseOpKey}. Calls go through `engine.runKernel`, so
 * they work inside `tf.tidy` and allocate exactly one tensor (the result).
 */
import * as tf from '@tensorflow/tfjs-core';
import type { EngineCall } from '@tilekit/loop-engines';
import { compile } from '@tilekit/loop-engines';
import type { Module } from '@tilekit/loop-ir';
import { vectorize } from '@tilekit/sparse-vectorizer';
import type { FormatSpec } from '../sparse-tensor/format.js';
import { SparseTensor } from '../sparse-tensor/sparse-tensor.js';
import { bindArguments, type KernelOperand } from '../sparsify/bind.js';
import { SparsifyError } from '../sparsify/errors.js';
import { kernelNameOf, type SparseKernel, sparsify } from '../sparsify/sparsify.js';
import {
  keyTag,
  resolveSparseOpOptions,
  type SparseOpOptions,
  sparseOpKey,
} from './sparse-op-key.js';
import { wasmSparseKernel } from './wasm-kernel.js';

export type { SparseOpOptions } from './sparse-op-key.js';

/** An operand of a sparse op call, in order of first appearance in the expression. */
export type SparseOpOperand = tf.Tensor | SparseTensor | number;

/** A compiled sparse op. */
export interface SparseOp {
  (...operands: SparseOpOperand[]): tf.Tensor;
  /** The registered tfjs kernel name. */
  readonly kernelName: string;
  /** The emitted kernel (scalar loops) and the module the engine runs (maybe vectorized). */
  readonly kernel: SparseKernel;
  readonly module: Module;
}

/** Backends the ops register kernels on. */
const SUPPORTED_BACKENDS: readonly string[] = ['cpu', 'wasm'];

/** Compiled ops by {@link sparseOpKey}. */
const REGISTRY = new Map<string, SparseOp>();
/** Kernel names handed out, so two keys never register under one name. */
const NAMES_IN_USE = new Set<string>();

/** A kernel-name-safe, readable spelling of formats and options (not injective: see the key). */
function configLabel(
  formats: Readonly<Record<string, FormatSpec>>,
  o: Required<SparseOpOptions>,
): string {
  const fmt = Object.entries(formats)
    .map(([name, f]) => `${name}-${typeof f === 'string' ? f : JSON.stringify(f)}`)
    .join('_');
  const parts = [
    o.engine,
    `vl${o.vectorLength}`,
    o.enableVLAVectorization ? `vla${o.vscale}` : '',
    o.enableSIMDIndex32 ? 'i32idx' : '',
    o.valueType,
  ];
  return `${fmt}_${parts.filter((p) => p !== '').join('_')}`.replace(/[^A-Za-z0-9_-]/g, '');
}

/** The readable name plus the key's tag, made unique should two keys' tags ever collide. */
function uniqueKernelName(readable: string, key: string): string {
  const base = `${readable}_${keyTag(key)}`;
  let name = base;
  for (let n = 2; NAMES_IN_USE.has(name); n++) name = `${base}_${n}`;
  NAMES_IN_USE.add(name);
  return name;
}

/** Reads a dense tensor's values from its backend without copying (cpu backend). */
function denseOperand(backend: tf.KernelBackend, info: tf.TensorInfo) {
  return { data: backend.readSync(info.dataId) as Float32Array | Int32Array, shape: info.shape };
}

/**
 * Compiles `expr` for `formats` once and returns a tfjs op over its operands (in order of
 * first appearance), e.g.
 * `sparseOp('y(i) = A(i,j) * x(j)', {A: 'CSR'}, {vectorLength: 8})(A, x)`.
 */
export function sparseOp(
  expr: string,
  formats: Readonly<Record<string, FormatSpec>>,
  options: SparseOpOptions = {},
): SparseOp {
  const key = sparseOpKey(expr, formats, options);
  const cached = REGISTRY.get(key);
  if (cached !== undefined) return cached;
  const o = resolveSparseOpOptions(options);
  const kernel = sparsify(expr, formats, { valueType: o.valueType });
  const module =
    o.vectorLength > 0
      ? vectorize(kernel.module, {
          vectorLength: o.vectorLength,
          enableVLAVectorization: o.enableVLAVectorization,
          enableSIMDIndex32: o.enableSIMDIndex32,
        }).module
      : kernel.module;
  const run: EngineCall = compile(module, kernel.functionName, {
    engine: o.engine,
    vscale: o.vscale,
  });
  const kernelName = uniqueKernelName(
    `SparseOp_${kernelNameOf(expr)}__${configLabel(formats, o)}`,
    key,
  );
  // Converted copies (TensorPlan.source) are made from the caller's operands when binding.
  const names = kernel.plan.inputs.filter((t) => t.source === undefined).map((t) => t.name);
  const dtype = kernel.plan.valueType === 'i32' ? 'int32' : 'float32';

  tf.registerKernel({
    kernelName,
    backendName: 'wasm',
    kernelFunc: wasmSparseKernel({
      kernel,
      module,
      engine: o.engine,
      vscale: o.vscale,
      dtype,
      copyingRun: run,
    }),
  });
  tf.registerKernel({
    kernelName,
    backendName: 'cpu',
    kernelFunc: ({ inputs, backend: anyBackend, attrs }) => {
      const backend = anyBackend as tf.KernelBackend;
      const operands: Record<string, KernelOperand> = {
        ...(attrs as unknown as { operands: Record<string, KernelOperand> }).operands,
      };
      for (const [name, info] of Object.entries(inputs))
        operands[name] = denseOperand(backend, info as tf.TensorInfo);
      const call = bindArguments(kernel, operands);
      run(...call.args);
      return {
        dataId: backend.write(call.output as Float32Array, [...call.outputShape], dtype),
        shape: [...call.outputShape],
        dtype,
      };
    },
  });

  const op = ((...operands: SparseOpOperand[]): tf.Tensor => {
    if (operands.length !== names.length) {
      throw new SparsifyError(
        'operands',
        `${expr} takes ${names.length} operands (${names.join(', ')}), got ${operands.length}`,
      );
    }
    const tensors: tf.NamedTensorMap = {};
    const others: Record<string, KernelOperand> = {};
    operands.forEach((o, k) => {
      const name = names[k] as string;
      if (o instanceof tf.Tensor) {
        if (o.dtype !== dtype)
          throw new SparsifyError(`operands.${name}`, `expected a ${dtype} tensor, got ${o.dtype}`);
        tensors[name] = o;
      } else if (o instanceof SparseTensor || typeof o === 'number') {
        others[name] = o;
      } else {
        throw new SparsifyError(
          `operands.${name}`,
          'expected a tfjs tensor, a SparseTensor or a number',
        );
      }
    });
    if (!SUPPORTED_BACKENDS.includes(tf.getBackend())) {
      throw new SparsifyError(
        'backend',
        `sparse ops run on the cpu and wasm backends, the active backend is ${tf.getBackend()}`,
      );
    }
    // tfjs attributes are plain data; the operands object is only read by our kernel function.
    const attrs = { operands: others } as unknown as tf.NamedAttrMap;
    return tf.engine().runKernel(kernelName, tensors, attrs) as tf.Tensor;
  }) as SparseOp;
  Object.defineProperties(op, {
    kernelName: { value: kernelName },
    kernel: { value: kernel },
    module: { value: module },
  });
  REGISTRY.set(key, op);
  return op;
}
