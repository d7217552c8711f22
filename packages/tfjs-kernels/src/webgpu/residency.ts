/**
 * Tensor data on the WebGPU backend: where it is and reading it. WebGPU stores float32 as f32
 * and int32/bool as i32, so every value is exact on the GPU; reading back is only done where a
 * check needs the values. (Running passes on 1-D views is `@tilekit/tfjs-backend-support`'s
 * `runFlat`.)
 */
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import type { BackendValues, TensorInfo } from '@tensorflow/tfjs-core';
import type { ValueAccess } from '../gpu/tile-data.js';

/** The tensor's values if they are held on the CPU (never uploaded, or cached by a read). */
export function cpuValues(backend: WebGPUBackend, t: TensorInfo): BackendValues | null {
  return backend.tensorMap.get(t.dataId).values ?? null;
}

/** The tensor's values, reading them back from the GPU (synchronously) if not on the CPU. */
export function readValues(backend: WebGPUBackend, t: TensorInfo): BackendValues {
  return cpuValues(backend, t) ?? backend.readSync(t.dataId);
}

/** How the tile kernels' shared checks reach `backend`'s tensor values. */
export function valueAccess(backend: WebGPUBackend): ValueAccess {
  return { onCpu: (t) => cpuValues(backend, t), read: (t) => readValues(backend, t) };
}

/** Releases a kernel's intermediate tensors. */
export function disposeAll(backend: WebGPUBackend, infos: readonly TensorInfo[]): void {
  for (const info of infos) backend.disposeData(info.dataId);
}
