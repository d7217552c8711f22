/**
 * When a WebGL kernel runs the shared backend-free CPU implementation instead of a shader,
 * written as data: each rule names its reason so tests and users can see why.
 */
import type { MathBackendWebGL } from '@tensorflow/tfjs-backend-webgl';
import { env, type TensorInfo } from '@tensorflow/tfjs-core';
import { cpuValues, survivesFloatTexture } from './residency.js';

/** The tensors of one call: all inputs, and those a shader would read from a texture. */
export interface RoutedInputs {
  readonly all: readonly TensorInfo[];
  /** Inputs uploaded to the GPU (index tiles consumed on the CPU are not). */
  readonly gpuRead: readonly TensorInfo[];
}

/** One reason to run on the CPU. */
export interface CpuRouteRule {
  readonly reason: string;
  readonly applies: (backend: MathBackendWebGL, inputs: RoutedInputs) => boolean;
}

/** The rules every kernel of this package shares, checked in order. */
export const CPU_ROUTE_RULES: readonly CpuRouteRule[] = [
  {
    // Bit-level shader code (floatBitsToUint) and R32F textures need WebGL2.
    reason: 'the WebGL context is WebGL1',
    applies: () => env().getNumber('WEBGL_VERSION') < 2,
  },
  {
    // Without float32 render targets tfjs falls back to half floats: nothing would be exact.
    reason: 'float32 textures are not renderable (WEBGL_RENDER_FLOAT32_ENABLED is false)',
    applies: () => !env().getBool('WEBGL_RENDER_FLOAT32_ENABLED'),
  },
  {
    // tfjs's own heuristic: small inputs that never reached the GPU are cheaper on the CPU.
    reason: 'every input is small and still on the CPU (shouldExecuteOnCPU)',
    applies: (backend, inputs) => backend.shouldExecuteOnCPU([...inputs.all]),
  },
  {
    reason: 'an int32 input holds values beyond ±2^24, which float textures would round',
    applies: (backend, inputs) =>
      inputs.gpuRead.some((t) => {
        const values = cpuValues(backend, t);
        return values !== null && !survivesFloatTexture(values);
      }),
  },
];

/** The first shared rule that sends this call to the CPU, or `null` to run shaders. */
export function cpuRouteReason(backend: MathBackendWebGL, inputs: RoutedInputs): string | null {
  return CPU_ROUTE_RULES.find((rule) => rule.applies(backend, inputs))?.reason ?? null;
}
