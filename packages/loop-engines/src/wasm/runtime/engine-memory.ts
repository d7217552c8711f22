/**
 * The one linear memory every compiled wasm function that owns its memory runs in. A
 * `WebAssembly.Memory` reserves a large range of address space however small it is (Chromium
 * gives a page only so many: past about a hundred, `new WebAssembly.Memory` throws a
 * `RangeError`), so an app that compiles thousands of kernels must not hold one per kernel.
 * Calls are synchronous and never nest, so kernels take turns: each lays its operands out from
 * the end of the reserved regions (the engine arrays callers own, see engine-arrays.ts). A
 * kernel keeps arrays in the memory between its calls (see resident-inputs.ts) only while no
 * other kernel ran in between and no region was reserved or released;
 * {@link EngineMemory.claim} tells it when either happened.
 *
 * When a call needs more room the memory is replaced, not grown: a larger one (at least twice
 * the size, so a run of growing calls copies little) receives a copy of every byte, and
 * kernels instantiate again over it. Growing would detach the old memory's buffer, and once
 * any ArrayBuffer in a process has been detached V8 checks for detachment on every typed-array
 * access in JavaScript for the rest of the process: about a quarter more time for a loop over
 * typed arrays (a format conversion, or tfjs-backend-cpu's kernels), in the app's own code as
 * much as in ours. The old memory's buffer stays readable and is no longer used.
 */

const PAGE = 65536;
/** The most pages a wasm32 memory can have (4 GiB). */
const MAX_PAGES = 65536;
/** Regions start on 16-byte boundaries, as the operands of a call do. */
const ALIGN = 16;

/** A reserved byte range `[at, at + bytes)`. */
interface Region {
  readonly at: number;
  readonly bytes: number;
}

/** The shared memory, the regions reserved in it, and which compiled function used it last. */
export interface EngineMemory {
  /** The memory now in use (a call that needs more room replaces it: see {@link ensure}). */
  readonly memory: WebAssembly.Memory;
  /**
   * Marks `user` (a compiled function's identity) as the memory's user; returns whether another
   * function used it, or a region was reserved or released, since `user`'s last call, so
   * whatever `user` left in it may be gone or lie elsewhere.
   */
  claim(user: object): boolean;
  /** Where a call's operands start: the end of the last reserved region. */
  readonly reservedEnd: number;
  /**
   * Makes the memory hold at least `bytes` bytes, replacing it (contents copied) by a larger
   * one if needed; throws a `RangeError` past what a memory can hold.
   */
  ensure(bytes: number): void;
  /** Whether `buffer` was the buffer of a memory since replaced. */
  isRetired(buffer: ArrayBufferLike): boolean;
  /**
   * Reserves `bytes` bytes (the first gap that fits, else after the last region), zeroed;
   * returns the address. Operands a kernel left after the regions may move: callers re-copy.
   */
  reserve(bytes: number): number;
  /** Releases the region that starts at `at` (nothing if none does). */
  release(at: number): void;
  /** Whether `[at, at + bytes)` lies inside one live region. */
  holds(at: number, bytes: number): boolean;
}

/**
 * A fresh {@link EngineMemory}. Its state lives in this closure rather than in class fields,
 * which a bundler targeting browsers without them rewrites into larger helper calls.
 */
function newEngineMemory(): EngineMemory {
  let memory = new WebAssembly.Memory({ initial: 1 });
  let lastUser: object | undefined;
  /** Live regions, sorted by address. */
  const regions: Region[] = [];
  /** Buffers of the memories since replaced (a view of one no longer reaches the memory). */
  const retired = new WeakSet<ArrayBuffer>();
  const ensure = (bytes: number): void => {
    const needed = Math.ceil(bytes / PAGE);
    const have = memory.buffer.byteLength / PAGE;
    if (needed <= have) return;
    const larger = new WebAssembly.Memory({
      initial: Math.max(needed, Math.min(MAX_PAGES, 2 * have)),
    });
    new Uint8Array(larger.buffer).set(new Uint8Array(memory.buffer));
    retired.add(memory.buffer);
    memory = larger;
  };
  return {
    get memory() {
      return memory;
    },
    claim(user) {
      const changed = lastUser !== user;
      lastUser = user;
      return changed;
    },
    get reservedEnd() {
      const last = regions[regions.length - 1];
      return last === undefined ? 0 : last.at + last.bytes;
    },
    ensure,
    isRetired: (buffer) => retired.has(buffer as ArrayBuffer),
    reserve(bytes) {
      const size = Math.ceil(bytes / ALIGN) * ALIGN;
      let at = 0;
      let k = 0;
      for (; k < regions.length; k++) {
        const r = regions[k] as Region;
        if (r.at - at >= size) break;
        at = r.at + r.bytes;
      }
      ensure(at + size);
      regions.splice(k, 0, { at, bytes: size });
      new Uint8Array(memory.buffer, at, size).fill(0);
      lastUser = undefined;
      return at;
    },
    release(at) {
      const k = regions.findIndex((r) => r.at === at);
      if (k < 0) return;
      regions.splice(k, 1);
      lastUser = undefined;
    },
    holds: (at, bytes) => regions.some((r) => at >= r.at && at + bytes <= r.at + r.bytes),
  };
}

let shared: EngineMemory | undefined;

/** The memory every engine-owned-memory function shares (made on first use). */
export function engineMemory(): EngineMemory {
  shared ??= newEngineMemory();
  return shared;
}
