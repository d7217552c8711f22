/** The tfjs backends the Kernels and Sparse panels run on, and switching between them. */
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-webgl';
import '@tensorflow/tfjs-backend-webgpu';

/** Backend names, in the order the panels list them. */
export const BACKENDS = ['cpu', 'webgl', 'webgpu'] as const;
export type Backend = (typeof BACKENDS)[number];

/** Makes `backend` tf's current backend (a no-op when it already is). */
export async function useBackend(backend: Backend): Promise<void> {
  if (tf.getBackend() === backend) return;
  if (!(await tf.setBackend(backend))) throw new Error(`the ${backend} backend did not start`);
}
