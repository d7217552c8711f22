/**
 * The one pass behind relayout, unrelayout and convertLayout. Each fragment writes two
 * consecutive outputs (a texel of a packed 1-D tensor): it runs the index chain (see
 * ../../gpu/index_chain.ts) from output p to the source element it copies, or finds that p is
 * padding and writes `padValue`; output p + 1 is derived from p when the chain allows it (see
 * ../../gpu/chain_runs.ts), else computed the same way.
 *
 * The code is unrolled from the chain's kind (../chain_kind.ts); strides, bounds and weights are
 * uniforms, so one compiled shader serves every shape and layout of that kind. It is written for
 * a software rasteriser as much as for GPUs: no loops, no branches around texture reads (reads
 * are unconditional, at clamped coordinates, then selected), padding tracked with `min`, and
 * the source addressed by texel when the last step allows it, which saves a division per read.
 * Values are selected, never computed: float bits (-0, NaN, ±Inf, subnormals) move unchanged.
 */
import type { GPGPUProgram } from '@tensorflow/tfjs-backend-webgl';
import type { ChainKind } from '../chain_kind.js';

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
    bounded && moved ? `pairSlack = min(pairSlack, t.y - 1 - v - increments[${step}]);` : '';
  return `{ ivec4 t = terms[${g}]; ${digit} ${slack} ${pair} ${accumulate} }`;
}

/**
 * GLSL of `sourceOf(p, slack, pairSlack)`: the source position of output p (flat index, or
 * texel (row, column) for texel kinds); `slack < 0` marks p as padding, `pairSlack < 0` p + 1.
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
    ${returnType} sourceOf(int p, out int slack, out int pairSlack) {
      int index = p;
      ivec2 texel = ivec2(0);
      slack = 0x7fffffff;
      pairSlack = 0x7fffffff;
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
  }
}

/**
 * GLSL of `outputPosition()`: the first of the fragment's two outputs, from the packed output
 * texture's shape uniform. tfjs's own `getOutputCoords` for a packed 1-D output specialises on
 * whether that texture is one texel high, which its program cache key does not record for
 * programs with unpacked inputs: a binary compiled for a one-row output would then be reused
 * for a taller one (and write most slots from the wrong positions). This form is right for
 * every texture shape, so one binary serves them all.
 */
const OUTPUT_POSITION = `
      int outputPosition() {
        ivec2 texels = (outTexShape + 1) / 2;
        ivec2 rc = ivec2(resultUV.yx * vec2(texels));
        return 2 * (rc.x * texels.y + rc.y);
      }`;

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
   * @param kind The chain's structure (see ../chain_kind.ts).
   */
  constructor(size: number, kind: ChainKind) {
    this.outputShape = [size];
    this.packedInputs = kind.source === 'packed';
    const termTotal = kind.stepTerms.reduce((a, b) => a + b, 0);
    this.customUniforms = [
      // (stride, bound, weight, column weight) per term; GLSL arrays need at least one entry.
      { name: 'terms', type: 'ivec4', arrayIndex: Math.max(1, termTotal) },
      { name: 'increments', type: 'int', arrayIndex: Math.max(1, kind.stepTerms.length) },
      { name: 'delta', type: 'ivec2' },
      { name: 'padValue', type: 'float' },
    ];
    const texel = kind.source === 'texel';
    const position = texel ? 'ivec2' : 'int';
    const delta = texel ? 'delta' : 'delta.x';
    const second =
      kind.movedTerms !== null
        ? `${position} other = first + ${delta};
           bool secondPadding = min(slack, pairSlack) < 0;`
        : `int otherSlack;
           int unused;
           ${position} other = sourceOf(p + 1, otherSlack, unused);
           bool secondPadding = otherSlack < 0;`;
    this.userCode = `
      ${chainFunction(kind)}

      ${readFunction(kind)}

      ${OUTPUT_POSITION}

      void main() {
        int p = outputPosition();
        int slack;
        int pairSlack;
        ${position} first = sourceOf(p, slack, pairSlack);
        ${second}
        float value = readSource(first);
        float next = readSource(other);
        setOutput(vec4(slack < 0 ? padValue : value, secondPadding ? padValue : next, 0.0, 0.0));
      }
    `;
  }
}
