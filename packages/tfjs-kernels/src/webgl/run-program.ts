/**
 * Running this package's programs on the WebGL backend. Every program reads flat `[1, n]` views
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
import { sizeFromShape } from '../util/shape-size.js';

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
  if (typeof keepPackedRuns !== 'boolean')
    throw new KernelArgumentError(
      'flatView',
      'keepPackedRuns',
      `must be a boolean, got ${describeValue(keepPackedRuns)}`,
    );
  const size = sizeFromShape(x.shape);
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
 * packed 1-D texture, 4 for a packed `[q, 2, 2]` one (each texel one 2x2 block); else 0.
 */
export function packedRunValues(texData: {
  readonly shape: readonly number[];
  readonly slice?: unknown;
  readonly isPacked?: boolean;
}): 0 | 2 | 4 {
  if (texData.isPacked !== true || texData.slice != null) return 0;
  const { shape } = texData;
  if (shape.length === 1) return 2;
  return shape.length === 3 && shape[1] === 2 && shape[2] === 2 ? 4 : 0;
}

/**
 * A new flat int32 tensor holding an index map built on the CPU, written straight into an
 * unpacked float32 texture. tfjs's own upload would run an encode pass whose shader is compiled
 * per tensor shape; maps change size with every call, so they bypass it (and its extra pass).
 * Entries must stay within ±2^24 (exact in float32).
 */
export function indexTensor(backend: MathBackendWebGL, values: Int32Array): TensorInfo {
  const info = backend.makeTensorInfo([1, values.length], 'int32');
  // No CPU values yet: this only allocates an (unpacked, float32) render texture.
  backend.uploadToGPU(info.dataId);
  const { texture, texShape } = backend.texData.get(info.dataId);
  const [rows, cols] = texShape as [number, number];
  // One channel per texel on WebGL2 (R32F); WebGL1 float textures are RGBA, value in red.
  const { textureFormatFloat, defaultNumChannels: channels } = backend.gpgpu.textureConfig;
  const texels = new Float32Array(rows * cols * channels);
  for (let k = 0; k < values.length; k++) texels[k * channels] = values[k]!;
  const gl = backend.gpgpu.gl;
  gl.bindTexture(gl.TEXTURE_2D, texture!.texture);
  gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, cols, rows, textureFormatFloat, gl.FLOAT, texels);
  gl.bindTexture(gl.TEXTURE_2D, null);
  return info;
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
  if (
    !Array.isArray(uniforms) ||
    uniforms.length > 1024 ||
    !uniforms.every(
      (u) => Array.isArray(u) && u.length <= 1024 && u.every((v) => typeof v === 'number'),
    )
  ) {
    throw new KernelArgumentError(
      'runFlatProgram',
      'uniforms',
      `must be an array of number arrays, got ${describeValue(uniforms)}`,
    );
  }
  for (const input of inputs) backend.uploadToGPU(input.dataId);
  return backend.runWebGLProgram(program, [...inputs], dtype, uniforms);
}

/** `info` seen with another shape of the same size (unpacked outputs reshape for free). */
export function withShape(info: TensorInfo, shape: readonly number[]): TensorInfo {
  expectTensorInfo(info, 'withShape', 'info');
  expectShape(shape, 'withShape', 'shape');
  return { dataId: info.dataId, shape: [...shape], dtype: info.dtype };
}

/** Disposes a kernel's intermediate tensors. */
export function disposeAll(backend: MathBackendWebGL, infos: readonly TensorInfo[]): void {
  expectBackend(backend, 'disposeWebglIntermediates', 'webgl', ['disposeIntermediateTensorInfo']);
  expectTensorInfos(infos, 'disposeWebglIntermediates', 'infos');
  for (const info of infos) backend.disposeIntermediateTensorInfo(info);
}
