/**
 * Resource accounting on the WebGL backend: tensors, backend data ids and textures in use must
 * balance around every op, gradient and error path; shader compilations are counted by wrapping
 * the GPGPU context's `createProgram` (tfjs calls it once per compiled binary).
 */
import { onEachCall } from '@tilekit/bench/gpu-probe';
import { expectCountsKept, expectThrowKeepsCounts } from '../../support/balance.js';
import { tf, webglBackend } from './backends.js';

/** A snapshot of everything a leak would grow. */
export interface ResourceCounts {
  readonly tensors: number;
  readonly dataIds: number;
  readonly usedTextures: number;
}

/** Current counts on the WebGL backend. */
export function resourceCounts(): ResourceCounts {
  const backend = webglBackend();
  return {
    tensors: tf.memory().numTensors,
    dataIds: backend.numDataIds(),
    usedTextures: backend.getTextureManager().getNumUsedTextures(),
  };
}

/**
 * Runs `fn` (which must dispose what it creates, inputs included) and expects every count back
 * where it was; returns `fn`'s result.
 */
export async function expectBalanced<T>(fn: () => T | Promise<T>): Promise<T> {
  return expectCountsKept(resourceCounts, fn);
}

/** Runs `fn`, expects it to throw, and expects no resource to leak on the error path. */
export async function expectThrowsBalanced(fn: () => unknown): Promise<Error> {
  return expectThrowKeepsCounts(resourceCounts, fn);
}

let compiled = 0;
let installed = false;

/** Shader programs compiled on the WebGL backend since the first call. */
export function compiledPrograms(): number {
  if (!installed) {
    onEachCall(webglBackend().gpgpu, 'createProgram', () => {
      compiled += 1;
    });
    installed = true;
  }
  return compiled;
}
