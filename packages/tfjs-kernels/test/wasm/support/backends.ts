/**
 * Both backends in one Node process: the cpu kernels and the wasm ones registered side by side
 * on one tfjs-core, so a test can run the same call on each and compare bits.
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';
import '../../../src/register-cpu.js';
import '../../../src/register-wasm.js';

tf.env().set('IS_TEST', true);

export { tf };

export type BackendName = 'cpu' | 'wasm';

/** Makes `name` the active backend (the wasm one initialises once, asynchronously). */
export async function useBackend(name: BackendName): Promise<void> {
  if (tf.getBackend() !== name && !(await tf.setBackend(name))) {
    throw new Error(`the ${name} backend failed to initialise`);
  }
}

/**
 * A tensor's values as comparable numbers: float32 bit patterns read from the storage itself
 * (copying through numbers would quiet a signalling NaN), else the values.
 */
export function exactValues(t: tf.Tensor): number[] {
  const values = t.dataSync();
  return t.dtype === 'float32'
    ? Array.from(new Uint32Array(values.buffer, values.byteOffset, values.length))
    : Array.from(values as Int32Array | Uint8Array);
}
