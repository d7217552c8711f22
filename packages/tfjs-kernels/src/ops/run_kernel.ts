/** The one place where tilekit's typed kernel contracts meet tfjs's untyped `runKernel`. */
import { engine, type NamedAttrMap, type NamedTensorMap, type Tensor } from '@tensorflow/tfjs-core';
import type { KernelSignatures } from '../kernel_names.js';

/**
 * Runs a tilekit kernel on the active backend, through the engine (so autodiff, profiling and
 * memory tracking see it), with inputs and attributes checked against the kernel's contract.
 */
export function runTilekitKernel<K extends keyof KernelSignatures>(
  name: K,
  inputs: KernelSignatures[K]['inputs'],
  attrs: KernelSignatures[K]['attrs'],
): Tensor {
  return engine().runKernel(
    name,
    inputs as unknown as NamedTensorMap,
    attrs as unknown as NamedAttrMap,
  ) as Tensor;
}
