import '@tensorflow/tfjs-backend-webgl';
import type { MathBackendWebGL } from '@tensorflow/tfjs-backend-webgl';
import * as tf from '@tensorflow/tfjs-core';
import { expect, it } from 'vitest';

class CopyProgram {
  variableNames = ['x'];
  outputShape: number[];
  enableShapeUniforms = true;
  userCode: string;
  constructor(n: number, op: string) {
    this.outputShape = [n];
    this.userCode = `void main() { int i = getOutputCoords(); float v = getX(i); ${op} }`;
  }
}

it('probe exactness', async () => {
  await tf.setBackend('webgl');
  const b = tf.backend() as MathBackendWebGL;
  const f = new Float32Array([
    0,
    -0,
    Infinity,
    -Infinity,
    NaN,
    1e-45,
    -1e-45,
    1.17e-38,
    3.4e38,
    16777217,
    1.5,
    -2.25,
  ]);
  const bits = (a: Float32Array) => Array.from(new Uint32Array(a.buffer.slice(0)));
  const x = tf.tensor1d(f);
  for (const op of [
    'setOutput(v);',
    'setOutput(v + 0.0);',
    'setOutput(0.0 + v);',
    'setOutput(v * 1.0);',
    'setOutput(i < 100 ? v : 0.0);',
  ]) {
    const out = b.runWebGLProgram(new CopyProgram(f.length, op) as never, [x], 'float32');
    const t = tf.engine().makeTensorFromTensorInfo(out);
    const d = (await t.data()) as Float32Array;
    console.log(
      op,
      JSON.stringify(
        bits(d).map((v, k) =>
          v === bits(f)[k] ? '=' : `${bits(f)[k]!.toString(16)}->${v.toString(16)}`,
        ),
      ),
    );
    t.dispose();
  }
  const ii = tf.tensor1d([16777216, 16777217, -16777217, 2147483647], 'int32');
  const out = b.runWebGLProgram(new CopyProgram(4, 'setOutput(v);') as never, [ii], 'int32');
  const t = tf.engine().makeTensorFromTensorInfo(out);
  console.log('int', Array.from(await t.data()));
  console.log(
    tf.env().getNumber('CPU_HANDOFF_SIZE_THRESHOLD'),
    tf.env().getNumber('WEBGL_SIZE_UPLOAD_UNIFORM'),
    tf.env().getNumber('WEBGL_MAX_TEXTURE_SIZE'),
    tf.env().getBool('WEBGL_PACK'),
    tf.env().getBool('WEBGL_USE_SHAPES_UNIFORMS'),
  );
  const gl = b.gpgpu.gl;
  const dbg = gl.getExtension('WEBGL_debug_renderer_info');
  console.log(dbg ? gl.getParameter(dbg.UNMASKED_RENDERER_WEBGL) : 'n/a');
  expect(1).toBe(1);
});
