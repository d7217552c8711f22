/**
 * What every backend's kernel function does first: find the compiled kernel for its attributes
 * and turn its input tensors back into the operands the emitted function binds (sparse storage
 * arrays, dense data, scalars), reading data the way the backend does.
 */
import type { KernelFunc, TensorInfo } from '@tensorflow/tfjs-core';
import type { SparseFormat } from '../sparse-tensor/format.js';
import type { ValueArray } from '../sparse-tensor/storage-arrays.js';
import {
  bindArguments,
  type KernelOperand,
  type KernelPlan,
  outputShapeOfShapes,
  SparsifyError,
  type TensorPlan,
} from '../sparsify/index.js';
import {
  type CompiledSparseKernel,
  compiledSparseKernel,
  expressionOf,
} from './compiled-kernel.js';
import type { SparseKernelAttrs } from './kernel-names.js';
import { sparseOperandInfos } from './sparse-inputs.js';
import { checkStorage, checkStorageLengths } from './storage-check.js';
import { unsignedView } from './unsigned-views.js';

/**
 * The inputs a caller passes, in order of first appearance: the plan's inputs less the copies
 * the kernel converts from them when binding (those carry their `source`).
 */
export function callerInputsOf(plan: KernelPlan): readonly TensorPlan[] {
  return plan.inputs.filter((t) => t.source === undefined);
}

/** Reads a tensor's elements on some backend (int32 tensors as Int32Array). */
export type ReadTensor = (info: TensorInfo) => Float32Array | Int32Array;

/** A kernel call resolved: its compiled kernel and its operands as tensor infos. */
export interface SparseCall {
  readonly compiled: CompiledSparseKernel;
  readonly attrs: SparseKernelAttrs;
  readonly inputs: Readonly<Record<string, TensorInfo>>;
  /**
   * The operands for `bindArguments`, their data read through `read` (sparse storage checked
   * first: a storage that would make the loops read outside an operand is a typed error).
   */
  operands(read: ReadTensor): Record<string, KernelOperand>;
  /** Checks every sparse operand's storage lengths against its shape (reads nothing). */
  checkLengths(): void;
  /** The output's shape, from the operands' shapes (reads nothing). */
  outputShape(): number[];
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isExtent = (n: unknown): boolean =>
  typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

/**
 * Checks what tfjs hands a sparse kernel (anyone can call `runKernel` with anything): the
 * attributes' types, and one tensor per input name. Formats and options are checked when the
 * kernel compiles.
 */
export function checkKernelConfig(
  inputs: unknown,
  attrs: unknown,
): asserts attrs is SparseKernelAttrs {
  const bad = (argument: string, problem: string) => new SparsifyError(argument, problem);
  if (!isPlainObject(attrs)) throw bad('attrs', 'expected the attributes of a sparse kernel');
  const { inputNames, formats, shapes, scalars, engine } = attrs;
  if (!Array.isArray(inputNames) || !inputNames.every((n) => typeof n === 'string'))
    throw bad('attrs.inputNames', 'expected an array of input names');
  if (typeof formats !== 'string') throw bad('attrs.formats', 'expected canonical JSON text');
  if (
    !isPlainObject(shapes) ||
    !Object.values(shapes).every((s) => Array.isArray(s) && s.every(isExtent))
  )
    throw bad('attrs.shapes', "expected each sparse operand's shape (non-negative integers)");
  if (!isPlainObject(scalars) || !Object.values(scalars).every((v) => typeof v === 'number'))
    throw bad('attrs.scalars', 'expected a number per scalar operand');
  for (const name of ['vectorLength', 'vscale'] as const)
    if (!isExtent(attrs[name])) throw bad(`attrs.${name}`, 'expected a non-negative integer');
  for (const name of ['enableVLAVectorization', 'enableSIMDIndex32'] as const)
    if (typeof attrs[name] !== 'boolean') throw bad(`attrs.${name}`, 'expected a boolean');
  const { halfWidthShortReductions } = attrs;
  if (halfWidthShortReductions !== undefined && typeof halfWidthShortReductions !== 'boolean')
    throw bad('attrs.halfWidthShortReductions', 'expected a boolean or nothing');
  if (typeof engine !== 'string') throw bad('attrs.engine', 'expected an engine name');
  if ('expr' in attrs && typeof attrs.expr !== 'string')
    throw bad('attrs.expr', 'expected tensor index notation');
  if (!isPlainObject(inputs) && !Array.isArray(inputs))
    throw bad('inputs', 'expected the kernel inputs');
  inputNames.forEach((name, k) => {
    const info = (inputs as Record<string, unknown>)[k];
    if (
      !isPlainObject(info) ||
      !Array.isArray(info.shape) ||
      typeof info.dtype !== 'string' ||
      info.dataId === undefined
    )
      throw bad(`inputs[${k}]`, `expected the tensor ${name}`);
    const index = name.includes('/pos') || name.includes('/crd');
    if (index ? info.dtype !== 'int32' : info.dtype !== 'float32' && info.dtype !== 'int32')
      throw bad(
        `inputs[${k}]`,
        `${name} must be ${index ? 'int32' : 'float32 or int32'}, got ${String(info.dtype)}`,
      );
  });
}

/** The value dtype of a call: that of its first float32/int32 input (float32 if none). */
function valueDtype(inputs: Readonly<Record<string, TensorInfo>>): 'float32' | 'int32' {
  for (const [name, info] of Object.entries(inputs)) {
    if (name.includes('/pos') || name.includes('/crd')) continue;
    return info.dtype === 'int32' ? 'int32' : 'float32';
  }
  return 'float32';
}

/**
 * Resolves a call of `kernelName` from what tfjs hands a kernel function: the attributes, and
 * the inputs as an array (keys `0`, `1`, …) whose names are `attrs.inputNames`. With `loops`,
 * the kernel comes from the compiler, with its emitted loops (the GPU backends' shaders are
 * generated from them).
 */
export function sparseCall(
  kernelName: string,
  config: Pick<Parameters<KernelFunc>[0], 'inputs' | 'attrs'>,
  loops = false,
): SparseCall {
  checkKernelConfig(config.inputs, config.attrs);
  const positional = config.inputs as Readonly<Record<string, TensorInfo>>;
  const attrs = config.attrs;
  const inputs: Record<string, TensorInfo> = {};
  attrs.inputNames.forEach((name, k) => {
    const info = positional[k];
    if (info !== undefined) inputs[name] = info;
  });
  const compiled = compiledSparseKernel(
    expressionOf(kernelName, attrs),
    attrs,
    valueDtype(inputs),
    loops,
  );
  const shapeOf = (name: string) => attrs.shapes[name] ?? [];
  return {
    compiled,
    attrs,
    inputs,
    outputShape() {
      const shapes: Record<string, readonly number[]> = {};
      for (const t of callerInputsOf(compiled.kernel.plan))
        shapes[t.name] =
          compiled.formats[t.name] !== undefined
            ? shapeOf(t.name)
            : t.indices.length === 0
              ? []
              : (inputs[t.name]?.shape ?? []);
      return [...outputShapeOfShapes(compiled.kernel, shapes)];
    },
    checkLengths() {
      for (const [name, format] of Object.entries(compiled.formats))
        checkStorageLengths(
          sparseOperandInfos(inputs, name, format),
          format,
          shapeOf(name),
          `operands.${name}`,
        );
    },
    operands(read) {
      const operands: Record<string, KernelOperand> = {};
      for (const t of callerInputsOf(compiled.kernel.plan)) {
        const format = compiled.formats[t.name];
        if (format !== undefined) {
          const infos = sparseOperandInfos(inputs, t.name, format);
          checkStorage(infos, format, shapeOf(t.name), `operands.${t.name}`, read);
          // Levels live in int32 tensors; the storage scheme reads them unsigned.
          const readLevel = (info: TensorInfo | undefined) =>
            info === undefined ? undefined : unsignedView(read(info) as Int32Array);
          const sparseFormat: SparseFormat = { ...format, posWidth: 32, crdWidth: 32 };
          // bindArguments reads exactly these fields of a SparseTensor.
          operands[t.name] = {
            format: sparseFormat,
            shape: shapeOf(t.name),
            values: read(infos.values) as ValueArray,
            positions: infos.positions.map(readLevel),
            coordinates: infos.coordinates.map(readLevel),
          } as unknown as KernelOperand;
          continue;
        }
        const info = inputs[t.name];
        if (t.indices.length === 0) {
          // A scalar operand: a number attribute, or a rank-0 tensor read here.
          operands[t.name] =
            info === undefined ? (attrs.scalars[t.name] ?? 0) : (read(info)[0] as number);
        } else {
          if (info === undefined) throw new SparsifyError('inputs', `missing the input ${t.name}`);
          operands[t.name] = { data: read(info), shape: info.shape };
        }
      }
      return operands;
    },
  };
}

/** Runs a call on the host engine, reading inputs with `read`; returns the output array and shape. */
export function runOnHost(
  call: SparseCall,
  read: ReadTensor,
): { values: Float32Array | Int32Array; shape: number[] } {
  const bound = bindArguments(call.compiled.kernel, call.operands(read));
  call.compiled.run(...bound.args);
  return { values: bound.output as Float32Array | Int32Array, shape: [...bound.outputShape] };
}
