/** The one place where tilekit's typed kernel contracts meet tfjs's untyped `runKernel`. */
import {
  engine,
  getKernel,
  type NamedAttrMap,
  type NamedTensorMap,
  type Tensor,
} from '@tensorflow/tfjs-core';
import { KernelNotRegisteredError } from '../errors.js';
import {
  type KernelSignatures,
  TGather,
  TiledConvertLayout,
  TiledRelayout,
  TiledUnrelayout,
  TScatter,
} from '../kernel-names.js';
import { registerRemedy } from './register-entries.js';

/** The public op each kernel implements, for errors. */
const OP_OF_KERNEL: Readonly<Record<keyof KernelSignatures, string>> = {
  [TiledRelayout]: 'relayout',
  [TiledUnrelayout]: 'unrelayout',
  [TiledConvertLayout]: 'convertLayout',
  [TScatter]: 'tscatter',
  [TGather]: 'tgather',
};

/**
 * Runs a tilekit kernel on the active backend, through the engine (so autodiff, profiling and
 * memory tracking see it), with inputs and attributes checked against the kernel's contract.
 *
 * @throws KernelNotRegisteredError when the active backend has no such kernel (the app did not
 *   import the backend's `register-*` entry), naming the import to add.
 */
export function runTilekitKernel<K extends keyof KernelSignatures>(
  name: K,
  inputs: KernelSignatures[K]['inputs'],
  attrs: KernelSignatures[K]['attrs'],
): Tensor {
  const backend = engine().backendName;
  // tfjs's own message ("Kernel 'X' not registered for backend 'Y'") does not say which import fixes it.
  if (getKernel(name, backend) === undefined) {
    throw new KernelNotRegisteredError(OP_OF_KERNEL[name], name, backend, registerRemedy(backend));
  }
  return engine().runKernel(
    name,
    inputs as unknown as NamedTensorMap,
    attrs as unknown as NamedAttrMap,
  ) as Tensor;
}
