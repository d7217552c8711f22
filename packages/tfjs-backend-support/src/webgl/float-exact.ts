/**
 * WebGL stores every dtype in float32 textures, so an int32 value (or an index carried in a
 * float) is exact on the GPU only within ±2^24.
 */

/** Largest magnitude up to which every integer is exactly representable as a float32. */
export const FLOAT_EXACT_INTEGER_LIMIT = 2 ** 24;
