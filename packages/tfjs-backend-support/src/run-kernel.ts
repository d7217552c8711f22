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
import { describeValue } from './describe-value.js';
import { BackendArgumentError, KernelNotRegisteredError } from './errors.js';
import { expectRegisterEntries, type RegisterEntries, registerRemedy } from './register-remedy.js';

/** What {@link runRegisteredKernel} runs: the op and kernel, and where its kernels register. */
export interface RegisteredKernelCall {
  /** Public op name, for errors. */
  readonly op: string;
  /** The kernel to run. */
  readonly kernel: string;
  /** Backend name -> the import that registers the package's kernels for it. */
  readonly registerEntries: RegisterEntries;
}

/**
 * Runs `call.kernel` on the active backend through the engine, with `inputs` (named, or an array
 * for a kernel with a variable input list, as tfjs passes AddN's) and `attrs` as given.
 *
 * @throws KernelNotRegisteredError when the active backend has no such kernel (the app did not
 *   import the backend's `register-*` entry), naming the import to add.
 */
export function runRegisteredKernel(
  call: RegisteredKernelCall,
  inputs: NamedTensorMap | readonly TensorInfo[],
  attrs: object,
): Tensor {
  expectCall(call);
  const { op, kernel, registerEntries } = call;
  const backend = engine().backendName;
  if (getKernel(kernel, backend) === undefined) {
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

/** `call` names an op and a kernel and maps backends to register entries, or a typed error. */
function expectCall(call: unknown): asserts call is RegisteredKernelCall {
  const { op, kernel, registerEntries } = (
    typeof call === 'object' && call !== null ? call : {}
  ) as Record<string, unknown>;
  if (typeof op !== 'string' || typeof kernel !== 'string')
    throw new BackendArgumentError(
      'runRegisteredKernel',
      'call',
      `must name the op and the kernel ({op, kernel, registerEntries}), got ${describeValue(call)}`,
    );
  expectRegisterEntries(registerEntries, 'runRegisteredKernel');
}
