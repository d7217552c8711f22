/**
 * Running this package's programs on the WebGL backend. Every program reads flat `[1, n]` views
 * and writes a flat `[n]` output, with sizes passed as uniforms, so a compiled shader never
 * depends on a tensor's shape. (The views' rank differs from the output's on purpose: tfjs keys
 * binaries on whether an input's texture shape equals the output's, which for equal ranks would
 * depend on the sizes.)
 * Inputs are uploaded as textures up front: tfjs would otherwise pass tiny CPU tensors as
 * uniform arrays, whose shader source (and so the compiled program) embeds the tensor's size.
 */
import type { GPGPUProgram, MathBackendWebGL } from '@tensorflow/tfjs-backend-webgl';
import type { DataType, TensorInfo } from '@tensorflow/tfjs-core';
import { sizeFromShape } from '../util/shape_size.js';

/**
 * A flat `[1, n]` view of `x`; the caller disposes it with `disposeIntermediateTensorInfo`. Unpacked
 * textures are row-major already, so the view shares the data; a packed texture is unpacked
 * once, exactly as `runWebGLProgram` would do for any unpacked program, unless `keepPacked1d`
 * and it is a packed 1-D texture (two consecutive values per texel), which a reader that
 * understands that layout can use as it is.
 */
export function flatView(
  backend: MathBackendWebGL,
  x: TensorInfo,
  keepPacked1d = false,
): TensorInfo {
  const size = sizeFromShape(x.shape);
  const texData = backend.texData.get(x.dataId);
  const packed1d = texData.shape.length === 1 && texData.slice == null;
  if (texData.isPacked && texData.texture != null && !(keepPacked1d && packed1d)) {
    const unpacked = backend.unpackTensor(x);
    return { dataId: unpacked.dataId, shape: [1, size], dtype: x.dtype };
  }
  backend.incRef(x.dataId);
  return { dataId: x.dataId, shape: [1, size], dtype: x.dtype };
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
  for (const input of inputs) backend.uploadToGPU(input.dataId);
  return backend.runWebGLProgram(program, [...inputs], dtype, uniforms);
}

/** `info` seen with another shape of the same size (unpacked outputs reshape for free). */
export function withShape(info: TensorInfo, shape: readonly number[]): TensorInfo {
  return { dataId: info.dataId, shape: [...shape], dtype: info.dtype };
}

/** Disposes a kernel's intermediate tensors. */
export function disposeAll(backend: MathBackendWebGL, infos: readonly TensorInfo[]): void {
  for (const info of infos) backend.disposeIntermediateTensorInfo(info);
}
