/**
 * This package as an implementation of `@tilekit/conformance`'s sparse suite: each request is
 * sparsified (once per expression, formats and value type), optionally vectorized, compiled on
 * one engine and run with `runKernel`. The request types are restated structurally so this
 * entry does not depend on the conformance package.
 */

import { compile, type EngineName } from '@tilekit/loop-engines';
import { type VectorizeOptions, vectorize } from '@tilekit/sparse-vectorizer';
import { SparseArgumentError } from './sparse-error.js';
import { installSparseTensorConstruction } from './sparse-tensor/construction.js';
import { type FormatSpec, SparseTensor, type ValueDType } from './sparse-tensor/index.js';
import type { KernelFunction, KernelOperand, ValueType } from './sparsify/index.js';
import { runKernel, sparsify } from './sparsify/index.js';

/** A dense operand of a conformance request: row-major data and its shape. */
export interface ConformanceTensor {
  readonly data: ArrayLike<number>;
  readonly shape: readonly number[];
}

/** One kernel to run, as the sparse conformance suite asks for it (its `SparseRequest`). */
export interface ConformanceRequest {
  readonly expression: string;
  readonly formats: Readonly<Record<string, unknown>>;
  readonly valueType: 'f32' | 'f64' | 'i32';
  readonly operands: Readonly<Record<string, ConformanceTensor | number>>;
  readonly output: ConformanceTensor & { readonly name: string };
}

/** The output: dense data, or the stored entries of a sparse output. */
export type ConformanceResult =
  | number[]
  | { readonly coordinates: number[][]; readonly values: number[] };

/** How the adapter runs kernels. */
export interface ConformanceImplOptions {
  /** The engine of `@tilekit/loop-engines` (default `wasm`). */
  readonly engine?: EngineName;
  /** Vectorize the emitted loops with these options first (default: run the scalar loops). */
  readonly vectorize?: VectorizeOptions;
  /** Runtime multiple of scalable vectors (with `enableVLAVectorization`; default 1). */
  readonly vscale?: number;
}

const DTYPES: Readonly<Record<ConformanceRequest['valueType'], ValueDType>> = {
  f32: 'float32',
  f64: 'float64',
  i32: 'int32',
};

const ARRAYS = {
  f32: Float32Array,
  f64: Float64Array,
  i32: Int32Array,
} as const;

/**
 * An implementation of the sparse conformance suite (`sparseConformance(impl)`) running this
 * package's emitter on one engine, scalar or vectorized.
 */
export function sparseConformanceImpl(options: ConformanceImplOptions = {}): {
  run(request: ConformanceRequest): ConformanceResult;
} {
  if (typeof options !== 'object' || options === null) {
    throw new SparseArgumentError('options', 'expected {engine?, vectorize?, vscale?}');
  }
  const engine = options.engine ?? 'wasm';
  // Its operands are host tensors built from the request's dense data.
  installSparseTensorConstruction();
  const compiled = new Map<string, { kernel: ReturnType<typeof sparsify>; fn: KernelFunction }>();
  const kernelFor = (request: ConformanceRequest) => {
    const key = JSON.stringify([request.expression, request.formats, request.valueType]);
    let entry = compiled.get(key);
    if (entry === undefined) {
      const formats = request.formats as Readonly<Record<string, FormatSpec>>;
      const kernel = sparsify(request.expression, formats, {
        valueType: request.valueType as ValueType,
      });
      const module =
        options.vectorize === undefined
          ? kernel.module
          : vectorize(kernel.module, options.vectorize).module;
      const fn = compile(module, kernel.functionName, { engine, vscale: options.vscale ?? 1 });
      entry = { kernel, fn: fn as KernelFunction };
      compiled.set(key, entry);
    }
    return entry;
  };
  return {
    run(request) {
      const { kernel, fn } = kernelFor(request);
      const Values = ARRAYS[request.valueType];
      const dtype = DTYPES[request.valueType];
      const stored = (name: string, tensor: ConformanceTensor): KernelOperand => {
        const format = request.formats[name] as FormatSpec | undefined;
        const data = Values.from(tensor.data);
        return format === undefined || format === 'dense'
          ? { data, shape: tensor.shape }
          : SparseTensor.fromDense(data, tensor.shape, format, { dtype });
      };
      const operands: Record<string, KernelOperand> = {};
      for (const [name, operand] of Object.entries(request.operands)) {
        operands[name] = typeof operand === 'number' ? operand : stored(name, operand);
      }
      const { output } = request;
      const outputFormat = request.formats[output.name];
      const sparseOutput = outputFormat !== undefined && outputFormat !== 'dense';
      if (sparseOutput && request.expression.includes('*=')) {
        operands[output.name] = stored(output.name, output);
      }
      const result = runKernel(
        kernel,
        fn,
        operands,
        sparseOutput ? undefined : Values.from(output.data),
      );
      if (result instanceof SparseTensor) return result.toCoordinates();
      return Array.from(result as ArrayLike<number>);
    },
  };
}
