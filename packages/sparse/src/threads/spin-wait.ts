/**
 * Waiting for another thread of the pool on a word in shared memory: look at the word for a
 * short, bounded time before sleeping in `Atomics.wait`. A thread asleep takes tens to hundreds
 * of µs to run again on a virtual machine whose idle cores halt (each wake-up crosses the
 * hypervisor, and the scheduler may first run the woken thread on the waker's core), which is
 * more than a small kernel's whole call; a worker still looking when the next call comes, and a
 * caller still looking when the workers finish, pay none of that. On a busy machine the look
 * costs instead: the time a looking thread burns is time it lacks when it has work. So a waiter
 * whose look was interrupted (the scheduler ran something else on its core) skips looking for
 * its next {@link SPIN_BACKOFF} waits, and no look lasts more than {@link SPIN_MS}.
 *
 * A browser page's main thread may not sleep in `Atomics.wait`: there a wait only looks, for as
 * long as it takes (a call waits for the workers' blocks as Emscripten's pthreads join on a
 * page's main thread).
 */

/**
 * The longest look (ms): spans the calling thread's work between two calls of a small kernel
 * (copying its result out, binding the next call) and a worker's share of one.
 */
export const SPIN_MS = 0.25;

/** A gap this long (ms) between two looks at the clock means the thread was descheduled. */
const PREEMPTED_MS = 0.05;

/** Waits that skip looking after an interrupted look. */
export const SPIN_BACKOFF = 64;

/** Word reads between two looks at the clock. */
const READS_PER_CHECK = 64;

/** Whether this thread may sleep in `Atomics.wait` (not a browser page's main thread). */
function maySleep(): boolean {
  try {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 1, 0);
    return true;
  } catch {
    return false;
  }
}

/** One thread's waits: whether it looks before sleeping (see the module comment). */
export class SpinWait {
  #skip = 0;
  readonly #maySleep = maySleep();

  /**
   * Waits until word `index` of `control` differs from `value`, or `timeoutMs` passed while
   * asleep (`Atomics.wait`'s timeout; the look comes first, unless `look` is false).
   */
  waitWhile(
    control: Int32Array,
    index: number,
    value: number,
    timeoutMs = Infinity,
    look = true,
  ): void {
    if (!this.#maySleep) {
      const end = performance.now() + timeoutMs;
      while (Atomics.load(control, index) === value && performance.now() < end) {}
      return;
    }
    if (look ? this.look(control, index, value) : Atomics.load(control, index) !== value) return;
    Atomics.wait(control, index, value, timeoutMs);
  }

  /** Looks at the word for up to SPIN_MS; true once it differs from `value`. */
  look(control: Int32Array, index: number, value: number): boolean {
    if (Atomics.load(control, index) !== value) return true;
    if (this.#skip > 0) {
      this.#skip--;
      return false;
    }
    const start = performance.now();
    let last = start;
    for (;;) {
      for (let k = 0; k < READS_PER_CHECK; k++) {
        if (Atomics.load(control, index) !== value) return true;
      }
      const now = performance.now();
      if (now - last > PREEMPTED_MS) {
        this.#skip = SPIN_BACKOFF;
        return false;
      }
      if (now - start > SPIN_MS) return false;
      last = now;
    }
  }
}
