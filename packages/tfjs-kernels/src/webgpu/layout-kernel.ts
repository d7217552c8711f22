/**
 * The kernel body shared by TiledRelayout, TiledUnrelayout and TiledConvertLayout on WebGPU: one
 * LayoutGatherProgram pass generated for the kind of the spec's index chain (the specs are the
 * WebGL kernels', ../gpu/layout-specs.ts), or the shared CPU implementation (small CPU-resident
 * inputs, empty tensors, chains beyond the pass's capacity).
 */
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import type { KernelFunc, TensorInfo } from '@tensorflow/tfjs-core';
import {
  webgpuCpuRouteReason as cpuRouteReason,
  runFlat,
  withShape,
} from '@tilekit/tfjs-backend-support/webgpu-passes';
import { fitsGeneratedPass } from '../gpu/index-chain.js';
import {
  type LayoutKernelSpec,
  type LayoutPass,
  layoutKernelCall,
} from '../gpu/layout-kernel-spec.js';
import type { LayoutValues } from '../relayout/relayout-impl.js';
import { LruCache } from '../util/lru.js';
import { sizeFromShape } from '../util/shape-size.js';
import { type LayoutPassCall, layoutPassCall, withPadValue } from './layout-pass-kind.js';
import { LayoutGatherProgram } from './programs/layout-gather-webgpu.js';
import { readValues } from './residency.js';

/** A planned pass and, where a generated pass runs it, its kind and uniforms (pad value 0). */
interface PlannedPass extends LayoutPass {
  readonly call: LayoutPassCall | null;
}

// Plans are pure functions of their key (which fixes the input's shape and dtype), so a call of
// a planned kernel does no host work beyond setting the pad value; keep the recent ones (a few
// hundred bytes each).
const plans = new LruCache<PlannedPass>(
  { maxEntries: 256, maxWeight: Number.POSITIVE_INFINITY },
  () => 1,
);

/** Why this call runs on the CPU, or `null`. */
function routeReason(backend: WebGPUBackend, pass: LayoutPass, input: TensorInfo): string | null {
  if (sizeFromShape(pass.outShape) === 0) return 'a tensor is empty';
  if (!fitsGeneratedPass(pass.chain)) return "the layout's index chain exceeds the pass's capacity";
  return cpuRouteReason(backend, [input]);
}

/** Builds the WebGPU `kernelFunc` of a layout kernel. */
export function layoutKernel<A>(spec: LayoutKernelSpec<A>): KernelFunc {
  return ({ inputs, backend, attrs }) => {
    const webgpu = backend as WebGPUBackend;
    const [input, a, pass, padValue] = layoutKernelCall(
      spec,
      inputs,
      attrs,
      plans,
      (planned, input) => {
        const size = sizeFromShape(planned.outShape);
        const runs = size > 0 && fitsGeneratedPass(planned.chain);
        const inputSize = sizeFromShape(input.shape);
        const call = runs ? layoutPassCall(planned.chain, size, input.dtype, inputSize) : null;
        return { ...planned, call };
      },
    );
    if (routeReason(webgpu, pass, input) !== null) {
      const values = readValues(webgpu, input, spec.op, spec.input) as LayoutValues;
      const out = spec.cpu(values, input.shape, input.dtype, a);
      return webgpu.makeTensorInfo([...pass.outShape], input.dtype, out);
    }
    const call = pass.call!;
    const program = new LayoutGatherProgram(sizeFromShape(pass.outShape), call.kind, call.runs);
    const out = runFlat(webgpu, program, [input], input.dtype, withPadValue(call, padValue));
    return withShape(out, pass.outShape);
  };
}
