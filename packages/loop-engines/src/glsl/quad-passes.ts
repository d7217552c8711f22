/**
 * The two passes around the glsl engine's four-elements-per-fragment form (`quads`), which
 * have no loop IR behind them: `gather` writes a flat input four consecutive elements per RGBA
 * texel (texel `t` holds elements 4t to 4t + 3), the texture a quad pass reads its
 * `quadInputs` from; `spread` turns a quad pass's packed output back into one element per
 * texel of an unpacked output of any shape, like every other pass's output.
 */
import { fetchElement, fetchQuad, fragmentPosition, TEXEL_FUNCTIONS } from './texel-access.js';

/** Consecutive elements per texel of a quad pass's output and quad inputs. */
export const QUAD_ELEMENTS = 4;

const GATHER_INPUT = 'elements';
const SPREAD_INPUT = 'quads';
const LANES = [0, 1, 2, 3];

/** A pass's code and the name of the one input it reads. */
export interface QuadPass {
  readonly code: string;
  readonly input: string;
}

/** The gather and spread passes (`input` unpacked for gather, packed for spread). */
export const QUAD_PASSES: Readonly<{ gather: QuadPass; spread: QuadPass }> = Object.freeze({
  gather: {
    input: GATHER_INPUT,
    // Texels past the input's end repeat its last element.
    code: [
      ...TEXEL_FUNCTIONS,
      'void main() {',
      `  int e = ${QUAD_ELEMENTS} * ${fragmentPosition(true)};`,
      `  int last = ${GATHER_INPUT}TexShape[0] * ${GATHER_INPUT}TexShape[1] - 1 - offset${GATHER_INPUT};`,
      `  setOutput(vec4(${LANES.map((l) => fetchElement(GATHER_INPUT, `min(e + ${l}, last)`)).join(', ')}));`,
      '}',
    ].join('\n'),
  },
  spread: {
    input: SPREAD_INPUT,
    // Texels past the last quad read the last one.
    code: [
      ...TEXEL_FUNCTIONS,
      'void main() {',
      `  int e = ${fragmentPosition(false)};`,
      `  ivec2 texels = ${SPREAD_INPUT}TexShape / 2;`,
      `  vec4 quad = ${fetchQuad(SPREAD_INPUT, `min(e / ${QUAD_ELEMENTS}, texels.x * texels.y - 1)`)};`,
      `  int lane = e - ${QUAD_ELEMENTS} * (e / ${QUAD_ELEMENTS});`,
      '  setOutput(lane == 0 ? quad.r : lane == 1 ? quad.g : lane == 2 ? quad.b : quad.a);',
      '}',
    ].join('\n'),
  },
});
