/**
 * The calling thread's share of a kernel's work, learned from its calls' times. The caller
 * computes the first block while the workers compute theirs, but they start late by a wake-up
 * (tens of µs, more on a busy machine, where a worker may also be descheduled, and then the
 * caller runs the worker's block too), and the threads need not run at one speed (another
 * kernel's operands in the caller's wasm memory). After each
 * call the share moves halfway to the one that would have made the caller and the slowest
 * worker finish together, in steps of 1/{@link SHARE_STEPS}, and only by 2 steps or more, so
 * that calls in a row keep their row split (and each thread its cached row blocks). The share
 * decides only where rows are cut: every split gives the same result, bit for bit.
 */

/** The share's resolution. */
export const SHARE_STEPS = 64;

/** One kernel's share of the calling thread, per block count. */
export class BlockBalance {
  /** The caller's share of a call of `#blocks` blocks (0: not learned yet). */
  #share = 0;
  #blocks = 0;

  /** The calling thread's share of a call of `blocks` blocks (1 / blocks until learned). */
  share(blocks: number): number {
    return this.#blocks === blocks && this.#share > 0 ? this.#share : 1 / blocks;
  }

  /**
   * Learns from a call of `blocks` blocks at share `share`: the caller spent `ownMs` on its
   * block, and the slowest worker finished `workersMs` after the call began.
   */
  record(blocks: number, share: number, ownMs: number, workersMs: number): void {
    if (blocks < 2 || !(ownMs > 0) || !(workersMs > 0)) return;
    // Time per unit of share: the caller's, and each worker's on its (1 - share) / (blocks - 1).
    const own = ownMs / share;
    const worker = (workersMs * (blocks - 1)) / (1 - share);
    const balanced = worker / (worker + own * (blocks - 1));
    const next = share + (balanced - share) / 2;
    const steps = Math.min(SHARE_STEPS - 1, Math.max(1, Math.round(next * SHARE_STEPS)));
    if (Math.abs(steps - share * SHARE_STEPS) >= 2) {
      this.#blocks = blocks;
      this.#share = steps / SHARE_STEPS;
    }
  }
}
