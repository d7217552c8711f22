/**
 * What the browser suites measure around a GPU op, written once for every GPU backend: settling
 * a result (the GPU has written it, then it is disposed), the time to read a whole result back,
 * and how many programs a call compiles. A backend supplies only how to wait for a tensor and how
 * to hook its program compiler.
 */
import type * as tf from '@tensorflow/tfjs-core';
import { median } from '../stats.js';

/** The two backend-specific pieces of a {@link GpuProbe}. */
export interface GpuBackendHooks {
  /**
   * Returns once the GPU has written `t`: synchronously where the backend can block (WebGL's
   * one-texel read), so timed calls stay synchronous there, else with a promise (WebGPU).
   */
  waitFor(t: tf.Tensor): undefined | Promise<void>;
  /** Makes the backend call `onCompile` for every program it compiles from now on. */
  hookCompilations(onCompile: () => void): void;
}

/** Settling, read-back timing and compile counting over one backend's hooks. */
export class GpuProbe {
  /** Programs compiled since {@link countCompilations}. */
  compiled = 0;

  constructor(private readonly hooks: GpuBackendHooks) {}

  /** Starts counting compilations (call once the backend is ready). */
  countCompilations(): void {
    this.hooks.hookCompilations(() => {
      this.compiled += 1;
    });
  }

  /** Waits until the GPU has written `t`, then disposes it. */
  readonly settle = (t: tf.Tensor): undefined | Promise<void> => {
    const written = this.hooks.waitFor(t);
    if (written === undefined) {
      t.dispose();
      return undefined;
    }
    return written.then(() => t.dispose());
  };

  /** Median milliseconds of `await run().data()` after the kernel itself has finished. */
  async readbackMs(run: () => tf.Tensor, samples = 5): Promise<number> {
    const times: number[] = [];
    for (let s = 0; s < samples; s++) {
      const out = run();
      await this.hooks.waitFor(out);
      const start = performance.now();
      await out.data();
      times.push(performance.now() - start);
      out.dispose();
    }
    return median(times);
  }

  /** Programs compiled by one call of `run` (after warm-up, on a new shape of the same kind). */
  async compilesOf(run: () => tf.Tensor): Promise<number> {
    const before = this.compiled;
    await this.settle(run());
    return this.compiled - before;
  }
}

/**
 * Replaces `target[method]` with a wrapper that calls `onCall` before the original (how the
 * suites count a backend's program compilations).
 */
export function onEachCall<K extends string, T extends Record<K, (...args: never[]) => unknown>>(
  target: T,
  method: K,
  onCall: () => void,
): void {
  const original = target[method].bind(target) as (...args: unknown[]) => unknown;
  target[method] = ((...args: unknown[]) => {
    onCall();
    return original(...args);
  }) as unknown as T[K];
}
