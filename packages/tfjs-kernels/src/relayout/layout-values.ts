/** The element arrays relayout moves: its own file, since the run copiers and movers all take it. */

/** Typed arrays that carry relayout data: float32, int32 and bool tensors. */
export type LayoutValues = Float32Array | Int32Array | Uint8Array;
