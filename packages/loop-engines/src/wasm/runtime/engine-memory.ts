/**
 * The one linear memory every compiled wasm function that owns its memory runs in. A
 * `WebAssembly.Memory` reserves a large range of address space however small it is (Chromium
 * gives a page only so many: past about a hundred, `new WebAssembly.Memory` throws a
 * `RangeError`), so an app that compiles thousands of kernels must not hold one per kernel.
 * Calls are synchronous and never nest, so kernels take turns: each lays its operands out from
 * address 0, and the memory grows to the largest call made so far. A kernel keeps arrays in the
 * memory between its calls (see resident-inputs.ts) only while no other kernel ran in between;
 * {@link EngineMemory.claim} tells it when one did.
 */

/** The shared memory and which compiled function used it last. */
export class EngineMemory {
  readonly memory = new WebAssembly.Memory({ initial: 1 });
  #user: object | undefined;

  /**
   * Marks `user` (a compiled function's identity) as the memory's user; returns whether another
   * function used it since `user`'s last call, so whatever `user` left in it may be gone.
   */
  claim(user: object): boolean {
    const changed = this.#user !== user;
    this.#user = user;
    return changed;
  }
}

let shared: EngineMemory | undefined;

/** The memory every engine-owned-memory function shares (made on first use). */
export function engineMemory(): EngineMemory {
  shared ??= new EngineMemory();
  return shared;
}
