/**
 * The pool's wasm memory: one shared `WebAssembly.Memory` that every thread's kernels with a
 * dense output are instantiated over, so that they read the operands and write the output
 * where they lie instead of copying them into each thread's own memory on every call (SpMM's
 * dense operand is megabytes). Only the calling thread lays arrays out in it (the shared
 * tensors' copies, scratch arrays, the arrays `SparseThreadPool.array` hands out); the workers
 * read and write those arrays between a call's start and end.
 *
 * A shared memory's buffer is not detached when the memory grows, but `memory.buffer` is then
 * a new object, and a kernel over the memory takes only views of the current one: a thread
 * re-views an array (the same bytes) before each call ({@link PoolMemory.current}).
 */
import type { IndexArray, ValueArray } from '../sparse-tensor/storage-arrays.js';

/** An array a pool may lay out in its memory. */
export type PoolArrayData = IndexArray | ValueArray | BigInt64Array;

const PAGE = 65536;
/** Arrays start on 16-byte boundaries, as the wasm engine lays operands out. */
const ALIGN = 16;
/**
 * Bytes kept free after every array: a vectorized kernel's masked-off lanes load past an
 * operand's end (the wasm engine's `BUFFER_PADDING`).
 */
export const POOL_PADDING = 1024;
/** The most pages a pool memory may grow to (wasm32's 4 GiB, reserved as address space only). */
const MAX_PAGES = 65536;

/** A reserved byte range `[at, at + bytes)`. */
interface Region {
  readonly at: number;
  readonly bytes: number;
}

type ArrayType<T extends PoolArrayData> = (new (
  buffer: ArrayBufferLike,
  byteOffset: number,
  length: number,
) => T) & { readonly BYTES_PER_ELEMENT: number };

/** A shared wasm memory and the arrays the calling thread laid out in it. */
export class PoolMemory {
  readonly memory: WebAssembly.Memory;
  /** Live regions, sorted by address (the calling thread's only). */
  readonly #regions: Region[] = [];
  /** Every buffer object this thread saw the memory have (views of any are this memory's). */
  readonly #buffers = new WeakSet<ArrayBufferLike>();

  constructor(memory: WebAssembly.Memory) {
    this.memory = memory;
    this.#buffers.add(memory.buffer);
  }

  /**
   * A fresh pool memory, or `undefined` where the platform cannot make a shared wasm memory
   * (then the pool's kernels copy their operands into each thread's own memory).
   */
  static create(): PoolMemory | undefined {
    try {
      return new PoolMemory(
        new WebAssembly.Memory({ initial: 1, maximum: MAX_PAGES, shared: true }),
      );
    } catch {
      return undefined;
    }
  }

  /** The memory's current buffer. */
  get buffer(): SharedArrayBuffer {
    const buffer = this.memory.buffer as unknown as SharedArrayBuffer;
    this.#buffers.add(buffer);
    return buffer;
  }

  /** Whether `a` is a view of this memory (of its buffer now or before it grew). */
  holds(a: ArrayBufferView): boolean {
    return this.#buffers.has(a.buffer) || a.buffer === this.buffer;
  }

  /**
   * Whether `a` is a view of this memory that lies inside one live array (of
   * {@link PoolMemory.allocate}), so a kernel may read and write it there.
   */
  holdsLive(a: ArrayBufferView): boolean {
    if (!this.holds(a)) return false;
    const end = a.byteOffset + a.byteLength;
    return this.#regions.some((r) => a.byteOffset >= r.at && end + POOL_PADDING <= r.at + r.bytes);
  }

  /** `a` (a view of this memory) as a view of its current buffer: the same elements. */
  current<T extends PoolArrayData>(a: T): T {
    const buffer = this.buffer;
    if (a.buffer === buffer) return a;
    const type = a.constructor as ArrayType<T>;
    return new type(buffer, a.byteOffset, a.length);
  }

  /**
   * A zeroed array of `length` elements of `type` laid out in the memory (grown if needed),
   * with {@link POOL_PADDING} free bytes after it. Throws a `RangeError` past 4 GiB.
   */
  allocate<T extends PoolArrayData>(type: ArrayType<T>, length: number): T {
    const size = Math.ceil((length * type.BYTES_PER_ELEMENT + POOL_PADDING) / ALIGN) * ALIGN;
    let at = 0;
    let k = 0;
    for (; k < this.#regions.length; k++) {
      const r = this.#regions[k] as Region;
      if (r.at - at >= size) break;
      at = r.at + r.bytes;
    }
    const needed = Math.ceil((at + size) / PAGE);
    const have = this.memory.buffer.byteLength / PAGE;
    if (needed > have) this.memory.grow(needed - have);
    this.#regions.splice(k, 0, { at, bytes: size });
    const view = new type(this.buffer, at, length);
    // A region released earlier holds its old contents.
    new Uint8Array(view.buffer, at, size).fill(0);
    return view;
  }

  /** A copy of `a` laid out in the memory. */
  copyOf<T extends PoolArrayData>(a: T): T {
    const copy = this.allocate(a.constructor as ArrayType<T>, a.length);
    (copy as unknown as { set(a: T): void }).set(a);
    return copy;
  }

  /** Releases the region of `a` (an array {@link PoolMemory.allocate} returned). */
  release(a: ArrayBufferView): void {
    const k = this.#regions.findIndex((r) => r.at === a.byteOffset);
    if (k >= 0) this.#regions.splice(k, 1);
  }
}
