/**
 * The texture shape a generated WebGL pass renders into. The glsl engine's passes find their
 * element from the texel's row-major position, so any unpacked output texture with room for
 * the elements serves; this one keeps software rasterisers busy on every core.
 */

/**
 * The program output shape of a pass over `size` elements: `[1, rows, columns]`, near square
 * (`columns` the power of two in [sqrt(size), 2 sqrt(size))), both sides at least 2, with `rows * columns >= size` (less than one row of texels to spare).
 * tfjs would give a flat output a single row of texels wherever `size` fits the maximum texture
 * width, and a software rasteriser (SwiftShader) runs a one-row draw on one thread with half of
 * every 2x2 fragment quad idle. Rank 3 and sides above 1 keep tfjs's program key independent of
 * the sizes: the passes' flat `[1, n]` inputs never share the output's rank, and each of the
 * key's side-is-one tests answers the same for every size.
 */
export function passOutputShape(size: number): [1, number, number] {
  const columns = Math.max(2, 2 ** Math.ceil(Math.log2(Math.sqrt(size))));
  return [1, Math.max(2, Math.ceil(size / columns)), columns];
}
