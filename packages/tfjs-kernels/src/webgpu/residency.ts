/**
 * Tensor data on the WebGPU backend: where it is and reading it. WebGPU stores float32 as f32
 * and int32/bool as i32, so every value is exact on the GPU; reading back is only done where a
 * check needs the values. (Running passes on 1-D views is `@tilekit/tfjs-backend-support`'s
 * `runFlat`.)
 */
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import type { BackendValues, TensorInfo } from '@tensorflow/tfjs-core';
import { KernelArgumentError } from '../errors.js';
import type { ValueAccess } from '../gpu/tile-data.js';

/** The tensor's values if they are held on the CPU (never uploaded, or cached by a read). */
export function cpuValues(backend: WebGPUBackend, t: TensorInfo): BackendValues | null {
  return backend.tensorMap.get(t.dataId).values ?? null;
}

/**
 * Whether this platform can read WebGPU data synchronously: tfjs-webgpu's `readSync` copies
 * through `OffscreenCanvas`, which browsers have and Node (Dawn) does not.
 */
export function canReadSynchronously(): boolean {
  return typeof OffscreenCanvas !== 'undefined';
}

/**
 * The tensor's values, reading them back from the GPU (synchronously) if not on the CPU. Where
 * the platform cannot read synchronously, a `KernelArgumentError` naming `op`'s `argument` says
 * what to do, before anything runs (tfjs's own read would throw an untyped `ReferenceError`).
 */
export function readValues(
  backend: WebGPUBackend,
  t: TensorInfo,
  op: string,
  argument: string,
): BackendValues {
  const values = cpuValues(backend, t);
  if (values !== null) return values;
  if (!canReadSynchronously()) {
    throw new KernelArgumentError(
      op,
      argument,
      `is only on the GPU, and this call needs its values on the CPU, which WebGPU here cannot read synchronously (no OffscreenCanvas, as in Node): await ${argument}.data() before the call, which keeps a CPU copy`,
    );
  }
  return backend.readSync(t.dataId);
}

/** How `op`'s shared checks reach `backend`'s tensor values. */
export function valueAccess(backend: WebGPUBackend, op: string): ValueAccess {
  return {
    onCpu: (t) => cpuValues(backend, t),
    read: (t, argument) => readValues(backend, t, op, argument),
  };
}

/** Releases a kernel's intermediate tensors. */
export function disposeAll(backend: WebGPUBackend, infos: readonly TensorInfo[]): void {
  for (const info of infos) backend.disposeData(info.dataId);
}
