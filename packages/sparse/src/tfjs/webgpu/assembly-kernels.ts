/**
 * The webgpu kernels of the two-pass assembly (see assembly-programs.ts): `SparseAssemblyCounts`
 * and `SparseAssemblyFill`, run on the backend's buffers with no read-back. An empty input is
 * bound as a one-element placeholder (a zero-size binding is invalid), which the passes never
 * read: their bounds come from the positions. An empty output is made without running anything.
 * The attributes and inputs are checked by ../assembly-call.ts.
 */
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import type { KernelConfig, KernelFunc, TensorInfo } from '@tensorflow/tfjs-core';
import { runFlat, type UniformValue, withShape } from '@tilekit/tfjs-backend-support/webgpu-passes';
import { assemblyCall } from '../assembly-call.js';
import { SparseAssemblyCounts, SparseAssemblyFill } from '../kernel-names.js';
import { AssemblyCountProgram, AssemblyFillProgram } from './assembly-programs.js';

/** Runs `program` on `inputs`, binding empty ones as placeholders. */
function run(
  backend: WebGPUBackend,
  program: AssemblyCountProgram | AssemblyFillProgram,
  inputs: readonly TensorInfo[],
  dtype: 'int32' | 'float32',
  uniforms: UniformValue[],
  size: number,
): TensorInfo {
  const placeholders = inputs
    .filter((t) => t.shape[0] === 0)
    .map((t) => ({
      t,
      p: backend.makeTensorInfo(
        [1],
        t.dtype,
        t.dtype === 'int32' ? new Int32Array(1) : new Float32Array(1),
      ),
    }));
  const bound = inputs.map((t) => placeholders.find((e) => e.t === t)?.p ?? t);
  try {
    return withShape(runFlat(backend, program, bound, dtype, uniforms), [size]);
  } finally {
    for (const { p } of placeholders) backend.disposeData(p.dataId);
  }
}

const counts: KernelFunc = ({ inputs, backend, attrs }) => {
  const call = assemblyCall('counts', inputs, attrs);
  return run(
    backend as WebGPUBackend,
    new AssemblyCountProgram(call.combine, call.rows),
    call.inputs,
    'int32',
    [{ type: 'int32', data: [call.rows] }],
    call.rows + 1,
  );
};

const fill: KernelFunc = ({ inputs, backend, attrs }) => {
  const call = assemblyCall('fill', inputs, attrs);
  const webgpu = backend as WebGPUBackend;
  if (call.nnz === 0) return webgpu.makeTensorInfo([0], call.dtype, []);
  const program = new AssemblyFillProgram(
    call.combine,
    call.part,
    call.valueDtype === 'float32' ? 'f32' : 'i32',
    call.rows,
    call.nnz,
  );
  return run(
    webgpu,
    program,
    call.inputs,
    call.dtype,
    [
      { type: 'int32', data: [call.rows] },
      { type: 'int32', data: [call.nnz] },
      { type: 'float32', data: [0] },
    ],
    call.nnz,
  );
};

/** The assembly kernels' configs for the webgpu backend. */
export const assemblyWebgpuKernelConfigs: readonly KernelConfig[] = [
  { kernelName: SparseAssemblyCounts, backendName: 'webgpu', kernelFunc: counts },
  { kernelName: SparseAssemblyFill, backendName: 'webgpu', kernelFunc: fill },
];
