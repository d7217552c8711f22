/**
 * Running flat programs on the WebGL backend. Every program reads flat `[1, n]` views
 * (or packed textures whose texels hold runs of consecutive values, in their own shape) and
 * writes a flat `[n]` output (the layout pass: `[n/4, 2, 2]` where it writes four values per
 * texel), with sizes passed as uniforms, so a compiled shader never depends on a tensor's shape. (The views' rank differs from the output's on purpose: tfjs keys
 * binaries on whether an input's texture shape equals the output's, which for equal ranks would
 * depend on the sizes.)
 * Inputs are uploaded as textures up front: tfjs would otherwise pass tiny CPU tensors as
 * uniform arrays, whose shader source (and so the compiled program) embeds the tensor's size.
 */
import type { GPGPUProgram, MathBackendWebGL } from '@tensorflow/tfjs-backend-webgl';
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
  const size = elementCount(x.shape);
  const texData = backend.texData.get(x.dataId);
  if (texData.isPacked && texData.texture != null) {
    if (keepPackedRuns && packedRunValues(texData) === 4) {
      backend.incRef(x.dataId);
      return { dataId: x.dataId, shape: [...texData.shape], dtype: x.dtype };
    }
    if (!(keepPackedRuns && packedRunValues(texData) === 2)) {
      const unpacked = backend.unpackTensor(x);
      return { dataId: unpacked.dataId, shape: [1, size], dtype: x.dtype };
    }
  }
  backend.incRef(x.dataId);
  return { dataId: x.dataId, shape: [1, size], dtype: x.dtype };
}

/**
 * Consecutive values per texel of a packed, unsliced texture whose texels hold runs: 2 for a
 * packed 1-D texture, 4 for a packed `[q, 2, 2]` one (each texel one 2x2 block); else 0
 * (anything that is not a texture's data included).
 */
export function packedRunValues(texData: {
  readonly shape: readonly number[];
  readonly slice?: unknown;
  readonly isPacked?: boolean;
}): 0 | 2 | 4 {
  const { isPacked, slice, shape } = Object(texData) as Partial<typeof texData>;
  if (isPacked !== true || slice != null || !Array.isArray(shape)) return 0;
  if (shape.length === 1) return 2;
  return shape.length === 3 && shape[1] === 2 && shape[2] === 2 ? 4 : 0;
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
  for (const input of inputs) backend.uploadToGPU(input.dataId);
  return backend.runWebGLProgram(program, [...inputs], dtype, uniforms);
}

/** Disposes a kernel's intermediate tensors. */
export function disposeAll(backend: MathBackendWebGL, infos: readonly TensorInfo[]): void {
  expectBackend(backend, 'disposeWebglIntermediates', 'webgl', ['disposeIntermediateTensorInfo']);
  expectTensorInfos(infos, 'disposeWebglIntermediates', 'infos');
  for (const info of infos) backend.disposeIntermediateTensorInfo(info);
}
