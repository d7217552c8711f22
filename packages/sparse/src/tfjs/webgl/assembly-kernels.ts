/**
 * The webgl kernels of the two-pass assembly (see assembly-programs.ts): `SparseAssemblyCounts`,
 * `SparseAssemblyScan` and `SparseAssemblyFill`, on the backend's textures with no read-back.
 * An empty input is bound as a one-element placeholder (a texture has at least one texel), which
 * the passes never read; an empty output is made without running anything. The attributes and
 * inputs are checked as on webgpu (../webgpu/assembly-kernels.ts).
 */
import type { GPGPUProgram, MathBackendWebGL } from '@tensorflow/tfjs-backend-webgl';
import type { KernelConfig, KernelFunc, TensorInfo } from '@tensorflow/tfjs-core';
import {
  disposeWebglIntermediates,
  flatView,
  runFlatProgram,
} from '@tilekit/tfjs-backend-support/webgl-passes';
import { SparsifyError } from '../../sparsify/index.js';
import { assemblyCall } from '../assembly-call.js';
import { SparseAssemblyCounts, SparseAssemblyFill, SparseAssemblyScan } from '../kernel-names.js';
import {
  GlAssemblyCountProgram,
  GlAssemblyFillProgram,
  GlLastElementProgram,
  GlScanStepProgram,
} from './assembly-programs.js';

/** Runs `program` on flat views of `inputs` (empty ones as placeholders); returns its output. */
function run(
  backend: MathBackendWebGL,
  program: GPGPUProgram,
  inputs: readonly TensorInfo[],
  dtype: 'int32' | 'float32',
  uniforms: number[][],
): TensorInfo {
  const views = inputs.map((t) =>
    t.shape[0] === 0
      ? backend.makeTensorInfo(
          [1, 1],
          t.dtype,
          t.dtype === 'int32' ? new Int32Array(1) : new Float32Array(1),
        )
      : flatView(backend, t),
  );
  try {
    return runFlatProgram(backend, program, views, dtype, uniforms);
  } finally {
    disposeWebglIntermediates(backend, views);
  }
}

const counts: KernelFunc = ({ inputs, backend, attrs }) => {
  const call = assemblyCall('counts', inputs, attrs);
  const program = new GlAssemblyCountProgram(call.combine, call.rows);
  return run(backend as MathBackendWebGL, program, call.inputs, 'int32', []);
};

const scan: KernelFunc = ({ inputs, backend }) => {
  const x = (inputs as Record<string, TensorInfo | undefined>).x;
  if (x === undefined || x.shape.length !== 1 || x.dtype !== 'int32' || x.shape[0] === 0)
    throw new SparsifyError('inputs.x', 'expected a non-empty rank-1 int32 tensor');
  const webgl = backend as MathBackendWebGL;
  const size = x.shape[0] as number;
  // Each step adds the element `offset` before: after offsets 1, 2, 4, ... every prefix is in
  // (one element: a copy, offset 1 adding nothing).
  let sum = run(webgl, new GlScanStepProgram(size), [x], 'int32', [[1]]);
  for (let offset = 2; offset < size; offset *= 2) {
    const next = run(webgl, new GlScanStepProgram(size), [sum], 'int32', [[offset]]);
    webgl.disposeIntermediateTensorInfo(sum);
    sum = next;
  }
  const total = run(webgl, new GlLastElementProgram(), [sum], 'int32', [[size - 1]]);
  return [sum, total];
};

const fill: KernelFunc = ({ inputs, backend, attrs }) => {
  const call = assemblyCall('fill', inputs, attrs);
  const webgl = backend as MathBackendWebGL;
  if (call.nnz === 0) return webgl.makeTensorInfo([0], call.dtype, []);
  return run(
    webgl,
    new GlAssemblyFillProgram(call.combine, call.part, call.nnz),
    call.inputs,
    call.dtype,
    [[call.rows], [0]],
  );
};

/** The assembly kernels' configs for the webgl backend. */
export const assemblyWebglKernelConfigs: readonly KernelConfig[] = [
  { kernelName: SparseAssemblyCounts, backendName: 'webgl', kernelFunc: counts },
  { kernelName: SparseAssemblyScan, backendName: 'webgl', kernelFunc: scan },
  { kernelName: SparseAssemblyFill, backendName: 'webgl', kernelFunc: fill },
];
