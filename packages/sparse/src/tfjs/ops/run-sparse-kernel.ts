/**
 * The one place where the sparse ops meet tfjs's `runKernel`: operands are converted and checked
 * (typed errors naming the argument), packed into named inputs and plain-data attributes (see
 * kernel-names.ts), and the kernel runs on the active backend through the engine, so autodiff,
 * `tf.tidy` and memory tracking see it.
 */
import * as tf from '@tensorflow/tfjs-core';
import { describeValue, runRegisteredKernel } from '@tilekit/tfjs-backend-support';
import { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import { outputShapeOfShapes, SparsifyError } from '../../sparsify/index.js';
import { checkOptionsObject } from '../../sparsify/options-object.js';
import { compiledSparseKernel } from '../compiled-kernel.js';
import { type DeviceSparse, isTfSparseTensor } from '../device-sparse.js';
import {
  FIXED_EXPRESSIONS,
  type SparseKernelAttrs,
  type SparseKernelName,
} from '../kernel-names.js';
import { SPARSE_REGISTER_ENTRIES } from '../register-entries.js';
import { callerInputsOf } from '../sparse-call.js';
import { coordinatesInput, positionsInput, valuesInput } from '../sparse-inputs.js';
import {
  SPARSE_OP_OPTION_DEFAULTS,
  SPARSE_OP_OPTION_KEYS,
  type SparseOpOptions,
} from '../sparse-op-key.js';
import { uploadedSparse } from '../sparse-upload.js';

/**
 * An operand of a kernel call: a dense tensor, a sparse tensor (on the backend or host) or a
 * number (the ops' `SparseOperand`, read through `DeviceSparse`).
 */
export type KernelOperand = tf.Tensor | DeviceSparse | SparseTensor | number;

/** Defaults of the sparse ops: vectorized (vl 8, 32-bit SIMD indices) on the wasm engine. */
export const DEFAULT_OP_OPTIONS: Readonly<SparseOpOptions> = Object.freeze({
  engine: 'wasm',
  vectorLength: 8,
  enableSIMDIndex32: true,
});

/** `o` as a backend-resident sparse tensor (a host SparseTensor is uploaded into the op's scope). */
function residentSparse(o: DeviceSparse | SparseTensor): DeviceSparse {
  return o instanceof SparseTensor ? uploadedSparse(o) : o;
}

/** Canonical JSON of the sparse operands' formats (names sorted). */
function formatsAttr(sparse: ReadonlyMap<string, DeviceSparse>): string {
  const names = [...sparse.keys()].sort();
  const entries = names.map((name) => {
    const { levels, order } = (sparse.get(name) as DeviceSparse).format;
    return `${JSON.stringify(name)}:${JSON.stringify({ levels, order })}`;
  });
  return `{${entries.join(',')}}`;
}

/**
 * Runs sparse kernel `kernelName` computing `expr` on named operands (every tensor of the
 * expression, in any order). `sparseNames` says which operands must be sparse (the others must
 * be dense tensors or numbers).
 *
 * @throws SparsifyError / SparseFormatError for bad operands or options (a misspelt option key
 *   names `options.<key>` and the option meant), KernelNotRegisteredError when the active
 *   backend's register entry was not imported.
 */
export function runSparseKernel(
  opName: string,
  kernelName: SparseKernelName,
  expr: string,
  operands: Readonly<Record<string, KernelOperand>>,
  sparseNames: ReadonlySet<string>,
  options: SparseOpOptions = {},
  extraAttrs: Readonly<Record<string, string>> = {},
): tf.Tensor {
  checkOptionsObject(opName, options, SPARSE_OP_OPTION_KEYS);
  const o = { ...SPARSE_OP_OPTION_DEFAULTS, ...DEFAULT_OP_OPTIONS, ...options };
  const inputs: tf.NamedTensorMap = {};
  const sparse = new Map<string, DeviceSparse>();
  const scalars: Record<string, number> = {};
  const dtypes = new Set<'float32' | 'int32'>();
  /** Inputs holding each dtype's values (positions and coordinates are not values). */
  const valueInputs = { float32: [] as string[], int32: [] as string[] };
  for (const [name, value] of Object.entries(operands)) {
    const argument = `operands.${name}`;
    if (sparseNames.has(name)) {
      if (!(isTfSparseTensor(value) || value instanceof SparseTensor))
        throw new SparsifyError(argument, `expected a sparse tensor, got ${describeValue(value)}`);
      if (value instanceof SparseTensor && value.dtype === 'float64')
        throw new SparsifyError(
          argument,
          'tfjs ops need float32 or int32 values, got float64 (arith.truncf would lose values: convert it yourself)',
        );
      if (isTfSparseTensor(value) && value.isDisposed)
        throw new SparsifyError(argument, 'the sparse tensor is disposed');
      const s = residentSparse(value);
      sparse.set(name, s);
      dtypes.add(s.dtype);
      valueInputs[s.dtype].push(valuesInput(name));
      inputs[valuesInput(name)] = s.values;
      s.positions.forEach((t, l) => {
        if (t !== undefined) inputs[positionsInput(name, l)] = t;
      });
      s.coordinates.forEach((t, l) => {
        if (t !== undefined) inputs[coordinatesInput(name, l)] = t;
      });
    } else if (value instanceof tf.Tensor) {
      if (value.isDisposed) throw new SparsifyError(argument, 'the tensor is disposed');
      if (value.dtype !== 'float32' && value.dtype !== 'int32')
        throw new SparsifyError(
          argument,
          `expected a float32 or int32 tensor, got ${value.dtype}; convert it with tf.cast`,
        );
      dtypes.add(value.dtype);
      valueInputs[value.dtype].push(name);
      inputs[name] = value;
    } else if (typeof value === 'number') {
      scalars[name] = value;
    } else {
      throw new SparsifyError(
        argument,
        `expected a dense tf.Tensor or a number, got ${isTfSparseTensor(value) || value instanceof SparseTensor ? 'a sparse tensor (the op takes it dense here)' : describeValue(value)}`,
      );
    }
  }
  // Mixed dtypes compute in the wider one, as sparsify binds (sparsify/calling/value-promotion.ts):
  // int32 operands of a float32 op are cast (arith.sitofp, which loses nothing the float32
  // arithmetic keeps); the narrowing casts are the caller's, and the only dtypes here are these.
  const dtype = dtypes.has('float32') || dtypes.size === 0 ? 'float32' : 'int32';
  // tfjs tensors hold float32 or int32 values, so the operands fix the value type.
  const valueType = dtype === 'float32' ? 'f32' : 'i32';
  if (options.valueType != null && options.valueType !== valueType)
    throw new SparsifyError(
      'options.valueType',
      `expected '${valueType}', the value type of ${dtype} operands`,
    );
  const promoted = dtype === 'float32' ? valueInputs.int32 : [];
  const shapes: Record<string, number[]> = {};
  for (const [name, s] of sparse) shapes[name] = [...s.shape];
  const attrs: SparseKernelAttrs = {
    ...extraAttrs,
    inputNames: Object.keys(inputs),
    formats: formatsAttr(sparse),
    shapes,
    scalars,
    vectorLength: o.vectorLength,
    enableVLAVectorization: o.enableVLAVectorization,
    enableSIMDIndex32: o.enableSIMDIndex32,
    halfWidthShortReductions: o.halfWidthShortReductions,
    vscale: o.vscale,
    engine: o.engine,
  };
  // Checks formats, ranks and extents (typed errors) before any backend work.
  const compiled = compiledSparseKernel(expr, attrs, dtype);
  const byName = callerInputsOf(compiled.kernel.plan).map((t) => t.name);
  const given = Object.keys(operands);
  const missing = byName.filter((n) => !given.includes(n));
  const extra = given.filter((n) => !byName.includes(n));
  if (missing.length > 0 || extra.length > 0)
    throw new SparsifyError(
      'operands',
      `${expr} takes the operands ${byName.join(', ')}${missing.length > 0 ? `; missing ${missing.join(', ')}` : ''}${extra.length > 0 ? `; not in the expression: ${extra.join(', ')}` : ''}`,
    );
  const operandShapes: Record<string, readonly number[]> = {};
  for (const name of byName) {
    const s = sparse.get(name);
    const v = operands[name];
    operandShapes[name] =
      s !== undefined ? s.shape : typeof v === 'number' ? [] : (v as tf.Tensor).shape;
  }
  outputShapeOfShapes(compiled.kernel, operandShapes);
  // Inputs go as an array (their names are `attrs.inputNames`), as tfjs passes AddN's variable
  // input list, so the gradient can save all of them.
  const run = () =>
    runRegisteredKernel(opName, kernelName, SPARSE_REGISTER_ENTRIES, Object.values(inputs), attrs);
  if (promoted.length === 0) return run();
  // The promoting casts live only for the call (a gradient keeps what it saves).
  return tf.tidy(() => {
    for (const name of promoted) inputs[name] = tf.cast(inputs[name] as tf.Tensor, dtype);
    return run();
  });
}

/**
 * Runs one of the kernels whose expression is fixed (spmv, spmm, sddmm, sparseDot: see
 * `FIXED_EXPRESSIONS`) on its named operands, those named in `sparseNames` sparse.
 */
export function runFixedKernel(
  opName: string,
  kernelName: SparseKernelName,
  operands: Readonly<Record<string, KernelOperand>>,
  sparseNames: readonly string[],
  options?: SparseOpOptions,
): tf.Tensor {
  const expr = FIXED_EXPRESSIONS[kernelName] as string;
  return runSparseKernel(opName, kernelName, expr, operands, new Set(sparseNames), options);
}
