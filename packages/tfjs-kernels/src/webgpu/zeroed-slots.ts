/**
 * Int32 slot buffers for the atomic passes, zeroed by the device's own buffer clear (a copy
 * command, not a compute pass): scatter-add sums start at 0, and last-writer slots store
 * "position + 1" so that 0 means "no writer".
 *
 * Uses tfjs-backend-webgpu 4.22 internals (see the README's WebGPU section): `uploadToGPU` of a
 * tensor without values allocates its buffer, `tensorMap` holds it, and a clear must be
 * recorded on `commandEncoder` with no compute pass open (`endComputePassEncoder`), as tfjs's
 * own buffer copies are.
 */
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import type { TensorInfo } from '@tensorflow/tfjs-core';

/** A new `[size, 1]` int32 tensor on the GPU whose slots are all 0 when the next pass runs. */
export function zeroedSlots(backend: WebGPUBackend, size: number): TensorInfo {
  const info = backend.makeTensorInfo([size, 1], 'int32');
  backend.uploadToGPU(info.dataId);
  const buffer = backend.tensorMap.get(info.dataId).resource as GPUBuffer;
  backend.ensureCommandEncoderReady();
  backend.endComputePassEncoder();
  // Typed private in 4.22's declarations; tfjs records its own copies on it the same way.
  const { commandEncoder } = backend as unknown as { commandEncoder: GPUCommandEncoder };
  commandEncoder.clearBuffer(buffer, 0, size * 4);
  return info;
}
