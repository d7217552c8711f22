/**
 * The one size bound the packages check arguments against: tfjs tensors, WebGL textures and
 * WebGPU shaders index elements with 32-bit signed integers, so an element count, offset or
 * coordinate past it cannot be addressed, and a check against it is the typed error that
 * replaces a wrapped index.
 */

/** The largest 32-bit signed integer, 2^31 - 1. */
export const INT32_MAX = 2 ** 31 - 1;
