/** The one place where tilekit's typed kernel contracts meet tfjs's untyped `runKernel`. */
import type { Tensor } from '@tensorflow/tfjs-core';
import { runRegisteredKernel } from '@tilekit/tfjs-backend-support';
import {
  type KernelSignatures,
  TGather,
  TiledConvertLayout,
  TiledRelayout,
  TiledUnrelayout,
  TScatter,
} from '../kernel-names.js';
import { REGISTER_ENTRIES } from './register-entries.js';

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
  return runRegisteredKernel(OP_OF_KERNEL[name], name, REGISTER_ENTRIES, inputs as never, attrs);
}
