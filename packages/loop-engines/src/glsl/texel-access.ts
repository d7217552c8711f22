/**
 * How the glsl engine's passes address textures: by row-major texel index, with `texelFetch`
 * (GLSL ES 3.00) instead of tfjs's getters, which turn every index into normalized coordinates
 * and sample. One function fetches a texel of a grid by index, one finds the fragment's own
 * position in the output grid; an unpacked texture holds one element per texel, a packed one
 * (tfjs's texture shapes then count values, two per texel in each direction) four.
 */

/** The GLSL functions below, for a pass's code. */
export const TEXEL_FUNCTIONS = [
  'vec4 tilekitTexel(sampler2D data, int columns, int texel) {',
  '  int row = texel / columns;',
  '  return texelFetch(data, ivec2(texel - row * columns, row), 0);',
  '}',
  'int tilekitPosition(ivec2 grid) {',
  '  ivec2 rc = ivec2(resultUV.yx * vec2(grid));',
  '  return rc.x * grid.y + rc.y;',
  '}',
];

/**
 * Flat element `index` of unpacked input `name` (a tfjs program input with shape uniforms),
 * after the offset of a sliced view.
 */
export function fetchElement(name: string, index: string): string {
  return `tilekitTexel(${name}, ${name}TexShape[1], ${index} + offset${name}).r`;
}

/** RGBA texel `texel` (four consecutive elements) of a packed texture bound as input `name`. */
export function fetchQuad(name: string, texel: string): string {
  return `tilekitTexel(${name}, ${name}TexShape[1] / 2, ${texel})`;
}

/**
 * The fragment's row-major position in the output: its element in an unpacked output (of any
 * shape; texels past the last element are written and never read), its texel in a packed one.
 */
export function fragmentPosition(packed: boolean): string {
  return `tilekitPosition(${packed ? 'outTexShape / 2' : 'outTexShape'})`;
}
