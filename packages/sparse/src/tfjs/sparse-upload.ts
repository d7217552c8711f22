/** A host `SparseTensor`'s storage uploaded to the active backend as int32/float32 tensors. */
import { INT32_MAX } from '@tilekit/errors';
import { markImmutable } from '@tilekit/loop-engines';
import { SparseFormatError, SparseStorageError } from '../sparse-tensor/errors.js';
import type { SparseFormat } from '../sparse-tensor/format.js';
import { SparseTensor } from '../sparse-tensor/sparse-tensor.js';
import { type IndexArray, readIndex } from '../sparse-tensor/storage-arrays.js';
import {
  type DeviceSparse,
  format32,
  type TfSparseDType,
  type TfSparseStorage,
} from './device-sparse.js';
import { tensorOf } from './direct-kernels.js';
import { recordCheckedStorage } from './storage-check.js';

/**
 * Int32 copies of host index arrays, made once per array: a `SparseTensor`'s storage never
 * changes, so every upload of it (one per op called with a host operand) shares them, and the
 * wasm engine keeps them in its memory between calls (they are marked immutable).
 */
const int32Copies = new WeakMap<IndexArray, Int32Array>();

/** An index array of any width as int32 (throws past 2^31 - 1, which no int32 tensor holds). */
function int32Of(array: IndexArray, argument: string): Int32Array {
  const known = int32Copies.get(array);
  if (known !== undefined) return known;
  const out = new Int32Array(array.length);
  for (let k = 0; k < array.length; k++) {
    const v = readIndex(array, k);
    if (v > INT32_MAX)
      throw new SparseStorageError(argument, `${v} does not fit an int32 tensor`, k);
    out[k] = v;
  }
  markImmutable(out);
  int32Copies.set(array, out);
  return out;
}

/**
 * `s`'s storage as tensors on the active backend, in `s`'s format with 32-bit positions and
 * coordinates (float64 values are refused; a block or structured format only where
 * `acceptsBlocks`). Recorded as checked: a `SparseTensor`'s storage was
 * validated when it was made.
 */
export function uploadedStorage(
  s: SparseTensor,
  acceptsBlocks = false,
): {
  format: SparseFormat;
  storage: TfSparseStorage;
} {
  if (!(s instanceof SparseTensor))
    throw new SparseFormatError('sparse', 'expected a SparseTensor');
  if (s.dtype !== 'float32' && s.dtype !== 'int32')
    throw new SparseFormatError('sparse', `tfjs holds float32 or int32 values, got ${s.dtype}`);
  const format = format32(s.format, s.rank, acceptsBlocks);
  markImmutable(s.values as Float32Array | Int32Array);
  // Converted before anything is uploaded, so a failure leaves no tensor behind.
  const positions = s.positions.map((a, l) =>
    a === undefined ? undefined : int32Of(a, `positions[${l}]`),
  );
  const coordinates = s.coordinates.map((a, l) =>
    a === undefined ? undefined : int32Of(a, `coordinates[${l}]`),
  );
  const upload = (a: Int32Array | undefined) =>
    a === undefined ? undefined : tensorOf(a, 'int32');
  const storage: TfSparseStorage = {
    values: tensorOf(s.values as Float32Array | Int32Array, s.dtype as TfSparseDType),
    positions: positions.map(upload),
    coordinates: coordinates.map(upload),
  };
  // A block tensor's kernels read the same storage as its level tensor.
  const checked = format.expressions === undefined ? s : s.toLevelTensor();
  recordCheckedStorage(storage, checked.format, checked.shape);
  return { format, storage };
}

/** `s` uploaded for one kernel call (see {@link uploadedStorage}). */
export function uploadedSparse(s: SparseTensor): DeviceSparse {
  const { format, storage } = uploadedStorage(s);
  return {
    ...storage,
    shape: s.shape,
    rank: s.rank,
    format,
    dtype: s.dtype as TfSparseDType,
    nnz: storage.values.size,
  };
}
