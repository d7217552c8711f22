/**
 * XLA shape text for a tensor's dtype, dimensions and canonical layout text: the key the run
 * table cache uses and the spelling layout errors quote.
 */

/** XLA element type used to spell the shape of a tensor of each supported dtype. */
export const PRIMITIVE_OF_DTYPE: Readonly<Record<string, string>> = {
  float32: 'f32',
  int32: 's32',
  bool: 'pred',
};

/** XLA shape text of `dims` under canonical layout text `layout`, e.g. `f32[3,5]{1,0:T(2,2)}`. */
export function shapeText(dtype: string, dims: readonly number[], layout: string): string {
  // XLA writes a scalar's empty layout as nothing (`f32[]`); its parser rejects `f32[]{}`.
  const layoutText = layout === '{}' ? '' : layout;
  return `${PRIMITIVE_OF_DTYPE[dtype] ?? 'f32'}[${dims.join(',')}]${layoutText}`;
}
