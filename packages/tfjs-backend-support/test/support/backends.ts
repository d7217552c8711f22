/**
 * The cpu and wasm backends in one Node process on the one tfjs-core the package imports (the
 * bare specifier resolves to the same CommonJS build), so one engine and kernel registry.
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';

// Quiets tfjs's one-time "install tfjs-node" console banner.
tf.env().set('IS_TEST', true);

export { tf };

/** Makes `name` the active backend (the wasm one initialises once, asynchronously). */
export async function useBackend(name: 'cpu' | 'wasm'): Promise<void> {
  if (tf.getBackend() !== name && !(await tf.setBackend(name))) {
    throw new Error(`the ${name} backend failed to initialise`);
  }
}
