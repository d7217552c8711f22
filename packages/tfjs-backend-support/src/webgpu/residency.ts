/**
 * Running a pass on the WebGPU backend on the 1-D views of its inputs (see flat-program.ts), and
 * seeing a tensor with another shape. WebGPU buffers are flat, so a view is never a copy.
 */
import type { WebGPUBackend, WebGPUProgram } from '@tensorflow/tfjs-backend-webgpu';
import type { DataType, TensorInfo } from '@tensorflow/tfjs-core';
import {
  elementCount,
  expectArgument,
  expectBackend,
  expectDtype,
  expectObjectWith,
  expectTensorInfo,
  expectTensorInfos,
} from '../pass-arguments.js';

/** The same data seen as a 1-D tensor (no copy: WebGPU buffers are flat). */
function flat(t: TensorInfo): TensorInfo {
  return { dataId: t.dataId, shape: [elementCount(t.shape)], dtype: t.dtype };
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
  expectArgument(
    Array.isArray(uniforms) && uniforms.length <= 1024 && uniforms.every(isUniform),
    'runFlat',
    'uniforms',
    "an array of {type: 'int32' | 'float32', data: number[]}",
    uniforms,
  );
  if (output !== undefined) expectTensorInfo(output, 'runFlat', 'output');
  return backend.runWebGPUProgram(program, inputs.map(flat), dtype, uniforms, output);
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
