/**
 * Running flat programs on the WebGL backend (see program-core.ts for the pass shape), each
 * helper checking its arguments before tfjs reads them.
 */
import type { GPGPUProgram, MathBackendWebGL } from '@tensorflow/tfjs-backend-webgl';
import type { DataType, TensorInfo } from '@tensorflow/tfjs-core';
import {
  expectArgument,
  expectBackend,
  expectDtype,
  expectObjectWith,
  expectTensorInfo,
  expectTensorInfos,
} from '../pass-arguments.js';
import * as core from './program-core.js';

export { packedRunValues } from './program-core.js';

/**
 * A flat `[1, n]` view of `x`; the caller disposes it with `disposeIntermediateTensorInfo`. Unpacked
 * textures are row-major already, so the view shares the data; a packed texture is unpacked
 * once, exactly as `runWebGLProgram` would do for any unpacked program, unless `keepPackedRuns`
 * and its texels hold consecutive values (see {@link packedRunValues}), which a reader that
 * understands that layout can use as it is (the view then keeps the texture's own shape, so
 * tfjs sees no reshape to run).
 */
export function flatView(
  backend: MathBackendWebGL,
  x: TensorInfo,
  keepPackedRuns = false,
): TensorInfo {
  expectBackend(backend, 'flatView', 'webgl', ['runWebGLProgram']);
  expectObjectWith(backend.texData, 'flatView', 'backend', 'the webgl backend (its texData)', {
    get: 'function',
  });
  expectTensorInfo(x, 'flatView', 'x');
  expectArgument(
    typeof keepPackedRuns === 'boolean',
    'flatView',
    'keepPackedRuns',
    'a boolean',
    keepPackedRuns,
  );
  return core.flatView(backend, x, keepPackedRuns);
}

/**
 * Runs `program` on flat `inputs` (each uploaded as a texture first) with its custom uniform
 * values, and returns the flat output.
 */
export function runFlatProgram(
  backend: MathBackendWebGL,
  program: GPGPUProgram,
  inputs: readonly TensorInfo[],
  dtype: DataType,
  uniforms: number[][],
): TensorInfo {
  expectBackend(backend, 'runFlatProgram', 'webgl', ['runWebGLProgram', 'uploadToGPU']);
  expectObjectWith(program, 'runFlatProgram', 'program', 'a WebGL program (GPGPUProgram)', {
    userCode: 'string',
  });
  expectTensorInfos(inputs, 'runFlatProgram', 'inputs');
  expectDtype(dtype, 'runFlatProgram', 'dtype');
  expectArgument(
    Array.isArray(uniforms) &&
      uniforms.length <= 1024 &&
      uniforms.every(
        (u) => Array.isArray(u) && u.length <= 1024 && u.every((v) => typeof v === 'number'),
      ),
    'runFlatProgram',
    'uniforms',
    'an array of number arrays',
    uniforms,
  );
  return core.runFlatProgram(backend, program, inputs, dtype, uniforms);
}

/** Disposes a kernel's intermediate tensors. */
export function disposeAll(backend: MathBackendWebGL, infos: readonly TensorInfo[]): void {
  expectBackend(backend, 'disposeWebglIntermediates', 'webgl', ['disposeIntermediateTensorInfo']);
  expectTensorInfos(infos, 'disposeWebglIntermediates', 'infos');
  core.disposeAll(backend, infos);
}
