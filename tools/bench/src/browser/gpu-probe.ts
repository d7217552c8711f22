/**
 * What the browser suites measure around a GPU op, written once for every GPU backend: settling
 * a result (the GPU has written it, then it is disposed), the time to read a whole result back,
 * and how many programs a call compiles. A backend supplies only how to wait for a tensor and how
 * to hook its program compiler; {@link webgpuProbe} and {@link webglProbe} are those two for
 * tfjs's GPU backends (typed by the few members they touch, so this tool needs neither backend).
 */
import * as tf from '@tensorflow/tfjs-core';
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

  private counting = false;

  /**
   * Starts counting compilations (call once the backend is ready). Later calls (each suite of
   * a process that runs several sets the backend up) keep the one count: a second hook would
   * count every compilation twice.
   */
  countCompilations(): void {
    if (this.counting) return;
    this.counting = true;
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

/** A method whose calls can be counted. */
type Countable<K extends string> = Record<K, (...args: never[]) => unknown>;

/**
 * A reader of how many times `target()[method]` has been called; the wrapper is installed on
 * the first read, so `target` may name a backend that exists only once tfjs has set it up.
 */
export function callCounter<K extends string>(target: () => Countable<K>, method: K): () => number {
  let calls = 0;
  let installed = false;
  return () => {
    if (!installed) {
      onEachCall(target(), method, () => {
        calls += 1;
      });
      installed = true;
    }
    return calls;
  };
}

/** The members of tfjs-backend-webgpu's backend that the probe uses. */
interface WebgpuBackendParts {
  ensureCommandEncoderReady(): void;
  endComputePassEncoder(): void;
  submitQueue(): void;
  readonly device: Countable<'createComputePipeline'> & {
    readonly queue: { onSubmittedWorkDone(): Promise<unknown> };
  };
}

/** The `webgpu` backend as the probe sees it. */
function webgpuParts(): WebgpuBackendParts {
  return tf.findBackend('webgpu') as unknown as WebgpuBackendParts;
}

/**
 * A probe of tfjs's `webgpu` backend: a result is settled once the device reports the submitted
 * work done; compilations are the device's pipeline creations.
 */
export function webgpuProbe(): GpuProbe {
  return new GpuProbe({
    waitFor: async () => {
      const backend = webgpuParts();
      // Close the open compute pass first (as tfjs's own reads do): finishing an encoder with a
      // pass still open yields an invalid command buffer, whose work the device drops.
      backend.ensureCommandEncoderReady();
      backend.endComputePassEncoder();
      backend.submitQueue();
      await backend.device.queue.onSubmittedWorkDone();
    },
    hookCompilations: (onCompile) =>
      onEachCall(webgpuParts().device, 'createComputePipeline', onCompile),
  });
}

/** The members of tfjs-backend-webgl's backend that the probe uses. */
interface WebglBackendParts {
  readonly texData: { get(dataId: object): { texture?: { texture: unknown } | null } };
  readonly gpgpu: Countable<'createProgram'> & {
    downloadMatrixFromPackedTexture(texture: never, rows: number, columns: number): unknown;
  };
}

/** The `webgl` backend as the probe sees it. */
function webglParts(): WebglBackendParts {
  return tf.findBackend('webgl') as unknown as WebglBackendParts;
}

/**
 * A probe of tfjs's `webgl` backend: a result is settled by reading one texel of it (the GPU
 * must have finished writing it), synchronously; compilations are its program links.
 */
export function webglProbe(): GpuProbe {
  return new GpuProbe({
    waitFor: (t) => {
      const backend = webglParts();
      const { texture } = backend.texData.get(t.dataId);
      if (texture != null)
        backend.gpgpu.downloadMatrixFromPackedTexture(texture.texture as never, 1, 1);
      return undefined;
    },
    hookCompilations: (onCompile) => onEachCall(webglParts().gpgpu, 'createProgram', onCompile),
  });
}
