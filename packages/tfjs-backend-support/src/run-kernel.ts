/**
 * The one place where an op meets tfjs's untyped `runKernel`: the kernel must be registered for
 * the active backend (tfjs's own message, "Kernel 'X' not registered for backend 'Y'", does not
 * say which import fixes it), and it runs through the engine, so autodiff, `tf.tidy`, profiling
 * and memory tracking see it.
 */
import {
  engine,
  getKernel,
  type NamedAttrMap,
  type NamedTensorMap,
  type Tensor,
  type TensorInfo,
} from '@tensorflow/tfjs-core';
import { KernelNotRegisteredError } from './errors.js';
import { type RegisterEntries, registerRemedy } from './register-remedy.js';

/**
 * Runs kernel `kernel` of op `op` on the active backend through the engine, with `inputs`
 * (named, or an array for a kernel with a variable input list, as tfjs passes AddN's) and
 * `attrs` as given.
 *
 * @param registerEntries Backend name -> the import that registers the package's kernels for
 *   it, for the error when the kernel is missing.
 * @throws KernelNotRegisteredError when the active backend has no such kernel (the app did not
 *   import the backend's `register-*` entry), naming the import to add.
 */
export function runRegisteredKernel(
  op: string,
  kernel: string,
  registerEntries: RegisterEntries,
  inputs: NamedTensorMap | readonly TensorInfo[],
  attrs: object,
): Tensor {
  const backend = engine().backendName;
  // A kernel name that is no string names no registered kernel.
  if (typeof kernel !== 'string' || getKernel(kernel, backend) === undefined) {
    throw new KernelNotRegisteredError(
      op,
      kernel,
      backend,
      registerRemedy(registerEntries, backend),
    );
  }
  return engine().runKernel(
    kernel,
    inputs as unknown as NamedTensorMap,
    attrs as unknown as NamedAttrMap,
  ) as Tensor;
}
