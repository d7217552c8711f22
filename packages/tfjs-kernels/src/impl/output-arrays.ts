/**
 * How the backend-free loops allocate their outputs: typed arrays of the kind tfjs stores for
 * float32 (Float32Array), int32 (Int32Array) and bool (Uint8Array) tensors, either zero-filled
 * or, for outputs a loop overwrites completely, without paying for the zero fill.
 */

/** Typed arrays that back the tensors tilekit's kernels read and write. */
export type KernelValues = Float32Array | Int32Array | Uint8Array;

/** A new zero-filled array of the same kind as `like`. */
export function zerosLike<T extends KernelValues>(like: T, length: number): T {
  if (like instanceof Float32Array) return new Float32Array(length) as T;
  if (like instanceof Int32Array) return new Int32Array(length) as T;
  return new Uint8Array(length) as T;
}

/** The part of Node's `Buffer` constructor used here (absent in browsers). */
interface UninitializedAllocator {
  allocUnsafeSlow(size: number): Uint8Array;
}

const nodeBuffer = (globalThis as { Buffer?: Partial<UninitializedAllocator> }).Buffer;

/**
 * Node's `Buffer.allocUnsafeSlow`: a dedicated ArrayBuffer (never a slice of Node's shared pool,
 * so offset 0 and freed with the tensor) whose bytes are not zeroed first. Null elsewhere.
 */
const allocUnsafeSlow =
  typeof nodeBuffer?.allocUnsafeSlow === 'function'
    ? (size: number) => nodeBuffer.allocUnsafeSlow!(size)
    : null;

/**
 * Below this many bytes a zero-filled array costs about the same; above it the fill is a whole
 * extra pass over the output, a large share of an allocate-and-copy when the allocator hands back
 * recycled, already mapped memory.
 */
const UNINITIALIZED_MIN_BYTES = 1 << 16;

/**
 * A new array of the same kind as `like` whose contents are unspecified, for outputs the caller
 * overwrites in full before anyone can read them. On Node, large arrays skip the zero fill;
 * elsewhere this is {@link zerosLike}. Never hand such an array out partially written: it may
 * hold bytes of memory the process freed earlier.
 */
export function uninitializedLike<T extends KernelValues>(like: T, length: number): T {
  const bytes = length * like.BYTES_PER_ELEMENT;
  if (allocUnsafeSlow === null || bytes < UNINITIALIZED_MIN_BYTES) return zerosLike(like, length);
  const bytesView = allocUnsafeSlow(bytes);
  const { buffer } = bytesView;
  // A bundler's Buffer polyfill might hand out a slice of a shared pool: keep zeros then.
  if (bytesView.byteOffset !== 0 || buffer.byteLength !== bytes) return zerosLike(like, length);
  if (like instanceof Float32Array) return new Float32Array(buffer, 0, length) as T;
  if (like instanceof Int32Array) return new Int32Array(buffer, 0, length) as T;
  return new Uint8Array(buffer, 0, length) as T;
}
