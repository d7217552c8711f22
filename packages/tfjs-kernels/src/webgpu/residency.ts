/**
 * Tensor data on the WebGPU backend: where it is, reading it, and the 1-D views the passes use
 * (see flat-program.ts). WebGPU stores float32 as f32 and int32/bool as i32, so every value is
 * exact on the GPU; reading back is only done where a check needs the values.
 */
import type { WebGPUBackend, WebGPUProgram } from '@tensorflow/tfjs-backend-webgpu';
import type { BackendValues, DataType, TensorInfo } from '@tensorflow/tfjs-core';
import { describeValue } from '@tilekit/errors';
import { KernelArgumentError } from '../errors.js';
import {
  expectBackend,
  expectDtype,
  expectObjectWith,
  expectShape,
  expectTensorInfo,
  expectTensorInfos,
} from '../gpu/pass-arguments.js';
import type { ValueAccess } from '../gpu/tile-data.js';
import { sizeFromShape } from '../util/shape-size.js';

/** The tensor's values if they are held on the CPU (never uploaded, or cached by a read). */
export function cpuValues(backend: WebGPUBackend, t: TensorInfo): BackendValues | null {
  return backend.tensorMap.get(t.dataId).values ?? null;
}

/** The tensor's values, reading them back from the GPU (synchronously) if not on the CPU. */
export function readValues(backend: WebGPUBackend, t: TensorInfo): BackendValues {
  return cpuValues(backend, t) ?? backend.readSync(t.dataId);
}

/** How the tile kernels' shared checks reach `backend`'s tensor values. */
export function valueAccess(backend: WebGPUBackend): ValueAccess {
  return { onCpu: (t) => cpuValues(backend, t), read: (t) => readValues(backend, t) };
}

/** The same data seen as a 1-D tensor (no copy: WebGPU buffers are flat). */
export function flat(t: TensorInfo): TensorInfo {
  return { dataId: t.dataId, shape: [sizeFromShape(t.shape)], dtype: t.dtype };
}

/** `info` seen with another shape of the same size. */
export function withShape(info: TensorInfo, shape: readonly number[]): TensorInfo {
  expectTensorInfo(info, 'withShape', 'info');
  expectShape(shape, 'withShape', 'shape');
  return { dataId: info.dataId, shape: [...shape], dtype: info.dtype };
}

/** A uniform value as tfjs's `runWebGPUProgram` takes it. */
export interface UniformValue {
  type: 'int32' | 'float32';
  data: number[];
}

/** Runs `program` on the 1-D views of `inputs`; returns its `[m, 1]` output (or `output`). */
export function runFlat(
  backend: WebGPUBackend,
  program: WebGPUProgram,
  inputs: readonly TensorInfo[],
  dtype: DataType,
  uniforms: UniformValue[],
  output?: TensorInfo,
): TensorInfo {
  expectBackend(backend, 'runFlat', 'webgpu', ['runWebGPUProgram']);
  expectObjectWith(program, 'runFlat', 'program', 'a WebGPU program (a FlatProgram)', {
    getUserCode: 'function',
    shaderKey: 'string',
  });
  expectTensorInfos(inputs, 'runFlat', 'inputs');
  expectDtype(dtype, 'runFlat', 'dtype');
  if (!Array.isArray(uniforms) || uniforms.length > 1024 || !uniforms.every(isUniform)) {
    throw new KernelArgumentError(
      'runFlat',
      'uniforms',
      `must be an array of {type: 'int32' | 'float32', data: number[]}, got ${describeValue(uniforms)}`,
    );
  }
  if (output !== undefined) expectTensorInfo(output, 'runFlat', 'output');
  return backend.runWebGPUProgram(program, inputs.map(flat), dtype, uniforms, output);
}

/** Releases a kernel's intermediate tensors. */
export function disposeAll(backend: WebGPUBackend, infos: readonly TensorInfo[]): void {
  for (const info of infos) backend.disposeData(info.dataId);
}

/** One uniform as tfjs-backend-webgpu takes it. */
function isUniform(value: unknown): value is UniformValue {
  if (typeof value !== 'object' || value === null) return false;
  const { type, data } = value as Record<string, unknown>;
  return (
    (type === 'int32' || type === 'float32') &&
    Array.isArray(data) &&
    data.length <= 1024 &&
    data.every((d) => typeof d === 'number')
  );
}
