/**
 * Index maps of this package's WebGL passes, uploaded without tfjs's encode pass. (Flat views,
 * running a program and disposal are `@tilekit/tfjs-backend-support/webgl-passes`.)
 */
import type { MathBackendWebGL } from '@tensorflow/tfjs-backend-webgl';
import type { TensorInfo } from '@tensorflow/tfjs-core';

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
