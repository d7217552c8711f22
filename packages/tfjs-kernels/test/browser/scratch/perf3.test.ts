import { it } from 'vitest';
import { tf, useBackend, webglBackend } from '../support/backends.js';

class P {
  variableNames = ['source'];
  outputShape: number[];
  enableShapeUniforms = true;
  packedOutput: boolean;
  customUniforms = [
    { name: 'k', type: 'ivec4' as const },
    { name: 'w', type: 'ivec4' as const },
  ];
  constructor(
    n: number,
    public userCode: string,
    packed: boolean,
  ) {
    this.outputShape = [n];
    this.packedOutput = packed;
  }
}
const variants: [string, () => tf.Tensor][] = [];
function time(label: string, fn: () => tf.Tensor) {
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

const index = `int src(int p) { int rem = p; int o = 0;
     int v = rem / k.x; rem -= v * k.x; o += v * w.x;
     v = rem / k.y; rem -= v * k.y; o += v * w.y;
     v = rem / k.z; rem -= v * k.z; o += v * w.z;
     return o + rem; }`;

const shiftIndex = `int srcS(int p) { int rem = p; int o = 0; int v;
     if (w.w >= 0) { v = rem >> 17; } else { v = rem / k.x; } rem -= v * k.x; o += v * w.x;
     if (w.w >= 0) { v = rem >> 14; } else { v = rem / k.y; } rem -= v * k.y; o += v * w.y;
     if (w.w >= 0) { v = rem >> 10; } else { v = rem / k.z; } rem -= v * k.z; o += v * w.z;
     return o + rem; }`;
const shiftUni = `int srcU(int p) { int rem = p; int o = 0; int v;
     if (k.w >= 0) { v = rem >> k.w; } else { v = rem / k.x; } rem -= v * k.x; o += v * w.x;
     if (k.w >= 0) { v = rem >> (k.w - 3); } else { v = rem / k.y; } rem -= v * k.y; o += v * w.y;
     if (k.w >= 0) { v = rem >> (k.w - 7); } else { v = rem / k.z; } rem -= v * k.z; o += v * w.z;
     return o + rem; }`;
it('perf3', async () => {
  await useBackend('webgl');
  const b = webglBackend();
  const n = 2048 * 2048;
  const x = tf.randomNormal([n]);
  await x.data();
  const uni = [
    [131072, 16384, 1024, 0],
    [131072, 128, 16384, 0],
  ];
  const run = (code: string, packed: boolean) => () =>
    tf
      .engine()
      .makeTensorFromTensorInfo(
        b.runWebGLProgram(new P(n, code, packed) as never, [x], 'float32', uni),
      );
  time(
    'unpacked copy',
    run('void main() { int i = getOutputCoords(); setOutput(getSource(i)); }', false),
  );
  time(
    'packed copy',
    run(
      'void main() { int i = getOutputCoords(); setOutput(vec4(getSource(i), getSource(i + 1), 0.0, 0.0)); }',
      true,
    ),
  );
  time(
    'unpacked relayout',
    run(`${index} void main() { int i = getOutputCoords(); setOutput(getSource(src(i))); }`, false),
  );
  time(
    'packed relayout 2x',
    run(
      `${index} void main() { int i = getOutputCoords(); setOutput(vec4(getSource(src(i)), getSource(src(i + 1)), 0.0, 0.0)); }`,
      true,
    ),
  );
  time(
    'packed relayout +1',
    run(
      `${index} void main() { int i = getOutputCoords(); int s = src(i); setOutput(vec4(getSource(s), getSource(s + 1), 0.0, 0.0)); }`,
      true,
    ),
  );
  time(
    'packed shift-const +1',
    run(
      `${shiftIndex} void main() { int i = getOutputCoords(); int s = srcS(i); setOutput(vec4(getSource(s), getSource(s + 1), 0.0, 0.0)); }`,
      true,
    ),
  );
  time(
    'packed shift-uniform +1',
    run(
      `${shiftUni} void main() { int i = getOutputCoords(); int s = srcU(i); setOutput(vec4(getSource(s), getSource(s + 1), 0.0, 0.0)); }`,
      true,
    ),
  );
  time('packed shift-uniform +1 fetch', run(`${shiftUni}
   float fetch(ivec2 rc) { return texelFetch(source, ivec2(rc.y, rc.x), 0).r; }
   void main() { int i = getOutputCoords(); int s = srcU(i) + offsetsource;
     int cols = sourceTexShape[1]; int row; if (w.w >= 0) { row = s >> 11; } else { row = s / cols; }
     ivec2 rc = ivec2(row, s - row * cols);
     ivec2 rc1 = rc.y + 1 < cols ? ivec2(rc.x, rc.y + 1) : ivec2(rc.x + 1, 0);
     setOutput(vec4(fetch(rc), fetch(rc1), 0.0, 0.0)); }`, true));
  time('packed copy fetch', run(`
   float fetch(ivec2 rc) { return texelFetch(source, ivec2(rc.y, rc.x), 0).r; }
   void main() { int s = getOutputCoords();
     int cols = sourceTexShape[1]; int row; if (w.w >= 0) { row = s >> 11; } else { row = s / cols; }
     ivec2 rc = ivec2(row, s - row * cols);
     ivec2 rc1 = rc.y + 1 < cols ? ivec2(rc.x, rc.y + 1) : ivec2(rc.x + 1, 0);
     setOutput(vec4(fetch(rc), fetch(rc1), 0.0, 0.0)); }`, true));
  time('transpose', () => tf.transpose(tf.reshape(x, [2048, 2048])));
  await runAll();
});
