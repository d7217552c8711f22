/**
 * The one pass behind relayout, unrelayout and convertLayout. Each fragment writes `width`
 * consecutive outputs: two (a texel of a packed 1-D tensor) or, where the chain relates four
 * consecutive outputs linearly, four (a 2x2 texel of a packed `[n/4, 2, 2]` tensor, whose
 * texels hold four consecutive values; fewer fragments and less index arithmetic per value).
 * It runs the index chain (see ../../gpu/index-chain.ts) from output p to the source element it
 * copies, or finds that p is padding and writes `padValue`; outputs p + k are derived from p
 * when the chain allows it (see ../../gpu/chain-runs.ts), else (pairs only) computed the same way.
 *
 * The code is unrolled from the chain's kind (../chain-kind.ts); strides, bounds and weights are
 * uniforms, so one compiled shader serves every shape and layout of that kind. It is written for
 * a software rasteriser as much as for GPUs: no loops, no branches around texture reads (reads
 * are unconditional, at clamped coordinates, then selected), padding tracked with `min`, and
 * the source addressed by texel when the last step allows it, which saves a division per read.
 * Values are selected, never computed: float bits (-0, NaN, ±Inf, subnormals) move unchanged.
 */
import type { GPGPUProgram } from '@tensorflow/tfjs-backend-webgl';
import { UNBOUNDED } from '../../gpu/index-chain.js';
import type { ChainKind } from '../chain-kind.js';

/** GLSL of one term: extract and consume its digit; if bounded, track the slack to the bound. */
function termCode(
  shifts: boolean,
  g: number,
  last: boolean,
  bounded: boolean,
  moved: boolean,
  step: number,
  accumulate: string,
): string {
  const digit = last
    ? 'int v = rem;'
    : shifts
      ? 'int v = rem >> t.x; rem -= v << t.x;'
      : 'int v = rem / t.x; rem -= v * t.x;';
  const slack = bounded ? 'slack = min(slack, t.y - 1 - v);' : '';
  const pair =
    bounded && moved
      ? `laneSlack = min(laneSlack, t.y - 1 - v - increments[${step}] * LANE_STEPS);`
      : '';
  return `{ ivec4 t = terms[${g}]; ${digit} ${slack} ${pair} ${accumulate} }`;
}

/**
 * GLSL of `sourceOf(p, slack, laneSlack)`: the source position of output p (flat index, or
 * texel (row, column) for texel kinds); `slack < 0` marks p as padding, component k - 1 of
 * `laneSlack < 0` output p + k (`LANES`: int for pairs, ivec3 for four outputs).
 */
function chainFunction(kind: ChainKind): string {
  const steps = kind.stepTerms.length;
  const texel = kind.source === 'texel';
  const returnType = texel ? 'ivec2' : 'int';
  let g = 0;
  const code = kind.stepTerms.map((count, s) => {
    const texelStep = texel && s === steps - 1;
    const accumulate = texelStep ? 'texel += v * t.zw;' : 'next += v * t.z;';
    const terms = Array.from({ length: count }, (_, k) =>
      termCode(
        kind.shifts,
        g + k,
        k === count - 1,
        kind.bounded.includes(g + k),
        kind.movedTerms?.[s] === k,
        s,
        accumulate,
      ),
    );
    g += count;
    const result = texelStep ? '' : 'index = next;';
    return `{ int rem = index; int next = 0; ${terms.join('\n        ')} ${result} }`;
  });
  return `
    ${returnType} sourceOf(int p, out int slack, out LANES laneSlack) {
      int index = p;
      ivec2 texel = ivec2(0);
      slack = ${UNBOUNDED};
      laneSlack = LANES(${UNBOUNDED});
      ${code.join('\n      ')}
      return ${texel ? 'texel' : 'index'};
    }`;
}

/** GLSL of `readSource(position)` for the kind's source access (see SourceAccess). */
function readFunction(kind: ChainKind): string {
  switch (kind.source) {
    case 'texel':
      // Only padding slots can hold out-of-texture positions; without bounds there are none.
      return kind.bounded.length === 0
        ? 'float readSource(ivec2 texel) { return texelFetch(source, texel.yx, 0).r; }'
        : `float readSource(ivec2 texel) {
            return texelFetch(source, clamp(texel, ivec2(0), sourceTexShape - 1).yx, 0).r;
          }`;
    case 'flat':
      return 'float readSource(int index) { return getSource(0, index); }';
    case 'packed':
      // Texel t of a packed 1-D texture holds elements 2t (red) and 2t + 1 (green); texture
      // shapes of packed tensors count values, twice the texels in each direction.
      return `float readSource(int index) {
        int columns = sourceTexShape[1] / 2;
        int t = clamp(index + offsetsource, 0, sourceTexShape[0] / 2 * columns * 2 - 1) / 2;
        int row = t / columns;
        vec4 pair = texelFetch(source, ivec2(t - row * columns, row), 0);
        return (index & 1) == 0 ? pair.r : pair.g;
      }`;
    case 'quads':
      // Texel t of a packed [n/4, 2, 2] texture holds elements 4t .. 4t + 3 (red to alpha).
      return `vec4 readQuad(int texel) {
        int columns = sourceTexShape[1] / 2;
        int t = clamp(texel, 0, sourceTexShape[0] / 2 * columns - 1);
        int row = t / columns;
        return texelFetch(source, ivec2(t - row * columns, row), 0);
      }
      float readSource(int index) {
        vec4 quad = readQuad(index >> 2);
        int lane = index & 3;
        return lane == 0 ? quad.r : lane == 1 ? quad.g : lane == 2 ? quad.b : quad.a;
      }`;
  }
}

/**
 * GLSL of `outputPosition()`: the first of the fragment's `width` outputs, from the packed
 * output texture's shape uniform. tfjs's own `getOutputCoords` for a packed 1-D output specialises on
 * whether that texture is one texel high, which its program cache key does not record for
 * programs with unpacked inputs: a binary compiled for a one-row output would then be reused
 * for a taller one (and write most slots from the wrong positions). This form is right for
 * every texture shape, so one binary serves them all.
 */
function outputPosition(width: number): string {
  return `
      int outputPosition() {
        ivec2 texels = (outTexShape + 1) / 2;
        ivec2 rc = ivec2(resultUV.yx * vec2(texels));
        return ${width} * (rc.x * texels.y + rc.y);
      }`;
}

/** GLSL of `main` for pairs: the second output derived from the first when the chain allows. */
function pairMain(kind: ChainKind): string {
  const texel = kind.source === 'texel';
  const position = texel ? 'ivec2' : 'int';
  const delta = texel ? 'delta' : 'delta.x';
  const second =
    kind.movedTerms !== null
      ? `${position} other = first + ${delta};
         bool secondPadding = min(slack, laneSlack) < 0;`
      : `int otherSlack;
         int unused;
         ${position} other = sourceOf(p + 1, otherSlack, unused);
         bool secondPadding = otherSlack < 0;`;
  return `
      void main() {
        int p = outputPosition();
        int slack;
        int laneSlack;
        ${position} first = sourceOf(p, slack, laneSlack);
        ${second}
        float value = readSource(first);
        float next = readSource(other);
        setOutput(vec4(slack < 0 ? padValue : value, secondPadding ? padValue : next, 0.0, 0.0));
      }`;
}

/** GLSL of \`main\` for four outputs, each derived from the first (width-4 kinds have a run plan). */
function quadMain(kind: ChainKind): string {
  const texel = kind.source === 'texel';
  const position = texel ? 'ivec2' : 'int';
  const delta = texel ? 'delta' : 'delta.x';
  return `
      void main() {
        int p = outputPosition();
        int slack;
        ivec3 laneSlack;
        ${position} first = sourceOf(p, slack, laneSlack);
        ivec3 padding = min(ivec3(slack), laneSlack);
        ${
          kind.source === 'quads'
            ? `// Four consecutive source values starting a texel: one fetch.
        if (delta.x == 1 && (first & 3) == 0) {
          vec4 quad = readQuad(first >> 2);
          setOutput(vec4(
            slack < 0 ? padValue : quad.r,
            padding.x < 0 ? padValue : quad.g,
            padding.y < 0 ? padValue : quad.b,
            padding.z < 0 ? padValue : quad.a));
          return;
        }`
            : ''
        }
        float v0 = readSource(first);
        float v1 = readSource(first + ${delta});
        float v2 = readSource(first + 2 * ${delta});
        float v3 = readSource(first + 3 * ${delta});
        setOutput(vec4(
          slack < 0 ? padValue : v0,
          padding.x < 0 ? padValue : v1,
          padding.y < 0 ? padValue : v2,
          padding.z < 0 ? padValue : v3));
      }`;
}

export class LayoutGatherProgram implements GPGPUProgram {
  readonly variableNames = ['source'];
  readonly outputShape: number[];
  readonly enableShapeUniforms = true;
  readonly packedOutput = true;
  readonly packedInputs: boolean;
  readonly customUniforms: NonNullable<GPGPUProgram['customUniforms']>;
  readonly userCode: string;

  /**
   * @param size Number of output elements.
   * @param kind The chain's structure (see ../chain-kind.ts).
   */
  constructor(size: number, kind: ChainKind) {
    this.outputShape = kind.width === 4 ? [size / 4, 2, 2] : [size];
    this.packedInputs = kind.source === 'packed' || kind.source === 'quads';
    const termTotal = kind.stepTerms.reduce((a, b) => a + b, 0);
    this.customUniforms = [
      // (stride, bound, weight, column weight) per term; GLSL arrays need at least one entry.
      { name: 'terms', type: 'ivec4', arrayIndex: Math.max(1, termTotal) },
      { name: 'increments', type: 'int', arrayIndex: Math.max(1, kind.stepTerms.length) },
      { name: 'delta', type: 'ivec2' },
      { name: 'padValue', type: 'float' },
    ];
    const lanes = kind.width === 4 ? 'ivec3' : 'int';
    const laneSteps = kind.width === 4 ? 'ivec3(1, 2, 3)' : '1';
    this.userCode = `
      #define LANES ${lanes}
      #define LANE_STEPS ${laneSteps}
      ${chainFunction(kind)}

      ${readFunction(kind)}

      ${outputPosition(kind.width)}

      ${kind.width === 4 ? quadMain(kind) : pairMain(kind)}
    `;
  }
}
