/**
 * One page, two backends: tfjs-backend-cpu and tfjs-backend-webgl registered side by side with
 * this package's kernels for both, so suites can run the same op on each and compare.
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-webgl';
import type { MathBackendWebGL } from '@tensorflow/tfjs-backend-webgl';
import * as tf from '@tensorflow/tfjs-core';
// Gradients of tfjs's own ops (sum, mul ...), which the full @tensorflow/tfjs bundle registers.
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import '../../../src/register-cpu.js';
import '../../../src/register-webgl.js';
import { switchBackend } from '../../support/cross-backend/backend-switch.js';

export {
  exactValues,
  expectExactResult,
  FLOAT32_SPECIALS,
  float32Bits,
} from '../../support/cross-backend/exact-values.js';
export { tf };

export type BackendName = 'cpu' | 'webgl';

/** Switches the active backend (both are initialised once, so this is cheap after the first). */
export const useBackend: (name: BackendName) => Promise<void> = switchBackend;

/** The WebGL backend instance (initialising it if needed). */
export function webglBackend(): MathBackendWebGL {
  return tf.findBackend('webgl') as MathBackendWebGL;
}

/** Whether a result tensor's data was produced on the GPU (a CPU-routed result has no texture). */
export function isOnGpu(t: tf.Tensor): boolean {
  return webglBackend().texData.get(t.dataId).texture != null;
}

/** Moves a WebGL tensor's data to the GPU only (drops the CPU copy), as a GPU op's output is. */
export function gpuOnly<T extends tf.Tensor>(t: T): T {
  const backend = webglBackend();
  backend.uploadToGPU(t.dataId);
  if (backend.texData.get(t.dataId).values != null) throw new Error('upload kept the CPU copy');
  return t;
}
