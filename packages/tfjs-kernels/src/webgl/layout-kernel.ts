/**
 * The kernel body shared by TiledRelayout, TiledUnrelayout and TiledConvertLayout on WebGL: one
 * LayoutGatherProgram pass driven by the spec's index chain (../gpu/layout-specs.ts), or the
 * shared CPU implementation where a shader cannot be exact (see cpu_route.ts) or the chain
 * exceeds the shader's capacity.
 */
import type { MathBackendWebGL } from '@tensorflow/tfjs-backend-webgl';
import type { DataType, KernelFunc } from '@tensorflow/tfjs-core';
import {
  disposeWebglIntermediates as disposeAll,
  FLOAT_EXACT_INTEGER_LIMIT,
  flatView,
  packedRunValues,
  runFlatProgram,
  withShape,
} from '@tilekit/tfjs-backend-support/webgl-passes';
import {
  type LayoutKernelSpec,
  type LayoutPass,
  layoutKernelCall,
} from '../gpu/layout-kernel-spec.js';
import type { LayoutValues } from '../relayout/relayout-impl.js';
import { LruCache } from '../util/lru.js';
import { sizeFromShape } from '../util/shape-size.js';
import { shaderChain } from './chain-kind.js';
import { cpuRouteReason } from './cpu-route.js';
import { LayoutGatherProgram } from './programs/layout-gather-gpu.js';
import { isFloatAddressable, readValues } from './residency.js';

/** A planned pass, and whether a shader can run its chain at all. */
interface PlannedPass extends LayoutPass {
  readonly fitsShader: boolean;
}

// Plans are pure functions of their key; keep the recent ones (a few hundred bytes each).
const plans = new LruCache<PlannedPass>(
  { maxEntries: 256, maxWeight: Number.POSITIVE_INFINITY },
  () => 1,
);

/** Why this pass must run on the CPU, beyond the shared rules; `null` if the shader can. */
function passCpuReason(
  pass: PlannedPass,
  inputSize: number,
  padValue: number,
  dtype: DataType,
): string | null {
  const outSize = sizeFromShape(pass.outShape);
  if (outSize === 0 || inputSize === 0) return 'a tensor is empty';
  if (!isFloatAddressable(outSize) || !isFloatAddressable(inputSize)) {
    return 'a tensor has more than 2^24 elements';
  }
  if (!pass.fitsShader) return "the layout's index chain exceeds the shader's capacity";
  if (dtype === 'int32' && Math.abs(padValue) > FLOAT_EXACT_INTEGER_LIMIT) {
    return 'the int32 pad value is beyond ±2^24';
  }
  return null;
}

/** Values per texel of a packed source `flatView` kept packed (it keeps only runs of 2 or 4). */
function packedRunValuesOrThrow(texData: Parameters<typeof packedRunValues>[0]): 2 | 4 {
  const values = packedRunValues(texData);
  if (values === 0) throw new Error('internal: a packed layout source without runs');
  return values;
}

/** Builds the WebGL `kernelFunc` of a layout kernel. */
export function layoutKernel<A>(spec: LayoutKernelSpec<A>): KernelFunc {
  return ({ inputs, backend, attrs }) => {
    const webgl = backend as MathBackendWebGL;
    const anySource = { texelValues: 1, columns: 0 } as const;
    const [input, a, pass, padValue] = layoutKernelCall(spec, inputs, attrs, plans, (planned) => ({
      ...planned,
      fitsShader: shaderChain(planned.chain, anySource) !== null,
    }));
    const inputSize = sizeFromShape(input.shape);
    const reason =
      passCpuReason(pass, inputSize, padValue, input.dtype) ??
      cpuRouteReason(webgl, { all: [input], gpuRead: [input] });
    if (reason !== null) {
      const values = spec.cpu(
        readValues(webgl, input) as LayoutValues,
        input.shape,
        input.dtype,
        a,
      );
      return webgl.makeTensorInfo([...pass.outShape], input.dtype, values);
    }
    const source = flatView(webgl, input, true);
    webgl.uploadToGPU(source.dataId);
    // Texel addressing needs the whole texture row by row (a slice view starts mid-texture).
    const sourceData = webgl.texData.get(source.dataId);
    const { texShape, slice, isPacked } = sourceData;
    const texture = {
      texelValues: isPacked === true ? packedRunValuesOrThrow(sourceData) : 1,
      columns: slice == null ? texShape![1] : 0,
    } as const;
    const outSize = sizeFromShape(pass.outShape);
    const shader = shaderChain(pass.chain, texture, outSize)!;
    const program = new LayoutGatherProgram(outSize, shader.kind);
    const out = runFlatProgram(webgl, program, [source], input.dtype, [
      [...shader.terms],
      [...shader.increments],
      [...shader.delta],
      [padValue],
    ]);
    disposeAll(webgl, [source]);
    return withShape(out, pass.outShape);
  };
}
