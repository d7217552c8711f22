/**
 * Where a tensor's data lives on the WebGL backend, and whether it survives a float texture.
 *
 * WebGL stores every dtype in float32 textures, so an int32 value is exact on the GPU only
 * within ±2^24. Data that is still on the CPU can be inspected for free; data already on the GPU
 * is never read back just to answer these questions.
 */
import type { MathBackendWebGL } from '@tensorflow/tfjs-backend-webgl';
import type { BackendValues, TensorInfo } from '@tensorflow/tfjs-core';
import { FLOAT_EXACT_INTEGER_LIMIT } from '@tilekit/tfjs-backend-support/webgl-passes';
import type { ValueAccess } from '../gpu/tile-data.js';

/** The tensor's values if they are held on the CPU (never uploaded, or cached by a read). */
export function cpuValues(backend: MathBackendWebGL, t: TensorInfo): BackendValues | null {
  return backend.texData.get(t.dataId).values ?? null;
}

/** Whether every value keeps its exact value in a float32 texture (always true for floats). */
export function survivesFloatTexture(values: BackendValues): boolean {
  if (!(values instanceof Int32Array)) return true;
  for (let k = 0; k < values.length; k++) {
    const v = values[k]!;
    if (v > FLOAT_EXACT_INTEGER_LIMIT || v < -FLOAT_EXACT_INTEGER_LIMIT) return false;
  }
  return true;
}

/** Whether a count of elements can be addressed exactly by float-carried indices. */
export function isFloatAddressable(count: number): boolean {
  return count <= FLOAT_EXACT_INTEGER_LIMIT;
}

/** The tensor's values, reading them back from the GPU when they are not on the CPU. */
export function readValues(backend: MathBackendWebGL, t: TensorInfo): BackendValues {
  return cpuValues(backend, t) ?? backend.readSync(t.dataId);
}

/** How the tile kernels' shared checks reach `backend`'s tensor values. */
export function valueAccess(backend: MathBackendWebGL): ValueAccess {
  return { onCpu: (t) => cpuValues(backend, t), read: (t) => readValues(backend, t) };
}
