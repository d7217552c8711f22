/**
 * The CPU kernel body shared by the relayout family: read the one input's values, compute the
 * output with a backend-free loop (over cached run tables), wrap it as a new tensor.
 */
import type { MathBackendCPU } from '@tensorflow/tfjs-backend-cpu';
import type { KernelFunc, NamedAttrMap, TensorInfo } from '@tensorflow/tfjs-core';
import type { LayoutValues } from '../relayout/relayout-impl.js';

/** Builds a one-input CPU kernel: `compute` maps the input's values to the output's. */
export function cpuLayoutKernel<A>(
  inputName: string,
  compute: (
    input: TensorInfo,
    values: LayoutValues,
    attrs: A,
  ) => { shape: number[]; values: LayoutValues },
): KernelFunc {
  return ({ inputs, backend, attrs }) => {
    const cpu = backend as MathBackendCPU;
    const input = inputs[inputName] as TensorInfo;
    const values = cpu.data.get(input.dataId).values as LayoutValues;
    const out = compute(input, values, attrs as NamedAttrMap as unknown as A);
    return cpu.makeTensorInfo(out.shape, input.dtype, out.values);
  };
}
