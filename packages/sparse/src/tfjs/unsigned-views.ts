/**
 * The storage scheme reads positions and coordinates as unsigned arrays, while tfjs holds them
 * in int32 tensors (the same bits: they are never negative). The unsigned view of a tensor's
 * array is made once per array, so a tensor read again gives the same view — which lets the
 * wasm engine keep an immutable array (a host `SparseTensor`'s uploaded storage) in its memory
 * between calls instead of copying it in every time.
 */
import { isMarkedImmutable, markImmutable } from '@tilekit/loop-engines';

const views = new WeakMap<Int32Array, Uint32Array>();

/** `a`'s bits as a Uint32Array (the same view for the same array; immutable if `a` is). */
export function unsignedView(a: Int32Array): Uint32Array {
  const known = views.get(a);
  if (known !== undefined) return known;
  const view = new Uint32Array(a.buffer, a.byteOffset, a.length);
  if (isMarkedImmutable(a)) markImmutable(view);
  views.set(a, view);
  return view;
}
