/** Switching the active backend, shared by the WebGL, WebGPU and wasm suites. */
import * as tf from '@tensorflow/tfjs-core';

/** Switches the active backend (each is initialised once, so this is cheap after the first). */
export async function switchBackend(name: string): Promise<void> {
  if (tf.getBackend() === name) return;
  if (!(await tf.setBackend(name))) throw new Error(`backend ${name} failed to initialise`);
}
