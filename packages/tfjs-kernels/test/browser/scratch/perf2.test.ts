import { it } from 'vitest';
import { tf, useBackend, webglBackend } from '../support/backends.js';

class P {
  variableNames = ['source'];
  outputShape: number[];
  enableShapeUniforms = true;
  customUniforms = [
    { name: 'k', type: 'ivec4' as const },
    { name: 'w', type: 'vec4' as const },
  ];
  constructor(
    n: number,
    public userCode: string,
  ) {
    this.outputShape = [n];
  }
}

const variants: [string, () => tf.Tensor][] = [];
async function time(label: string, fn: () => tf.Tensor) {
  variants.push([label, fn]);
}
async function runAll(rounds = 9) {
  const b = webglBackend();
  const samples = variants.map(() => [] as number[]);
  for (const [, fn] of variants) {
    const t = fn();
    await t.data();
    t.dispose();
  }
  for (let r = 0; r < rounds; r++) {
    variants.forEach(([, fn], k) => {
      const s = performance.now();
      const t = fn();
      b.gpgpu.downloadMatrixFromPackedTexture(b.texData.get(t.dataId).texture!.texture, 1, 1);
      samples[k]!.push(performance.now() - s);
      t.dispose();
    });
  }
  variants.forEach(([label], k) => {
    const x = samples[k]!.sort((a, b) => a - b);
    console.log(label, 'median', x[x.length >> 1]!.toFixed(1));
  });
}
async function timeOld(label: string, fn: () => tf.Tensor, reps = 5) {
  const b = webglBackend();
  let t = fn();
  await t.data();
  t.dispose();
  const samples: number[] = [];
  for (let r = 0; r < reps; r++) {
    const s = performance.now();
    t = fn();
    b.gpgpu.downloadMatrixFromPackedTexture(b.texData.get(t.dataId).texture!.texture, 1, 1);
    samples.push(performance.now() - s);
    t.dispose();
  }
  samples.sort((a, b) => a - b);
  console.log(label, samples.map((x) => x.toFixed(1)).join(' '));
}

it('perf2', async () => {
  await useBackend('webgl');
  const b = webglBackend();
  const n = 2048 * 2048;
  const x = tf.randomNormal([n]);
  await x.data();
  const run = (code: string) => () =>
    tf.engine().makeTensorFromTensorInfo(
      b.runWebGLProgram(new P(n, code) as never, [x], 'float32', [
        [17, 14, 10, 7],
        [1 / 256, 1 / 8, 1 / 16, 1 / 128],
      ]),
    );
  await time('copy', run('void main() { int i = getOutputCoords(); setOutput(getSource(i)); }'));
  await time(
    'shift 4 digits',
    run(`void main() { int i = getOutputCoords(); int rem = i; int o = 0;
     int v = rem >> k.x; rem &= (1 << k.x) - 1; o += v << k.x;
     v = rem >> k.y; rem &= (1 << k.y) - 1; o += v << 10;
     v = rem >> k.z; rem &= (1 << k.z) - 1; o += v << 7;
     o += rem;
     setOutput(getSource(o)); }`),
  );
  await time(
    'shift + fetch',
    run(`void main() { int i = getOutputCoords(); int rem = i; int o = 0;
     int v = rem >> k.x; rem &= (1 << k.x) - 1; o += v << k.x;
     v = rem >> k.y; rem &= (1 << k.y) - 1; o += v << 10;
     v = rem >> k.z; rem &= (1 << k.z) - 1; o += v << 7;
     o += rem;
     setOutput(texelFetch(source, ivec2(o & 2047, o >> 11), 0).r); }`),
  );
  await time(
    'shift + fetch + fragcoord',
    run(`void main() { ivec2 fc = ivec2(gl_FragCoord.xy); int i = fc.y * 2048 + fc.x; int rem = i; int o = 0;
     int v = rem >> k.x; rem &= (1 << k.x) - 1; o += v << k.x;
     v = rem >> k.y; rem &= (1 << k.y) - 1; o += v << 10;
     v = rem >> k.z; rem &= (1 << k.z) - 1; o += v << 7;
     o += rem;
     setOutput(texelFetch(source, ivec2(o & 2047, o >> 11), 0).r); }`),
  );
  await time('transpose', () => tf.transpose(tf.reshape(x, [2048, 2048])));
  await runAll();
});
