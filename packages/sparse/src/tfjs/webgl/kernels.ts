/**
 * The sparse kernels on the `webgl` backend: fragment passes generated from the kernel's scalar
 * loop IR by the glsl engine (one output element per fragment, one pass per top-level parallel
 * loop, each reading the previous pass's output), run through tfjs-webgl's program interface on
 * the backend's own textures with sizes as uniforms. WebGL holds every value in float32
 * textures, so indices and extents must stay within 2^24 to be exact; past that, on a WebGL1
 * context, where the loops cannot run in parallel, or where a tensor is empty, the compiled
 * loops run on the host.
 */
import type { GPGPUProgram, MathBackendWebGL } from '@tensorflow/tfjs-backend-webgl';
import { env, type KernelConfig, type TensorInfo } from '@tensorflow/tfjs-core';
import { compileGlsl, type GlslProgram, PREVIOUS_OUTPUT } from '@tilekit/loop-engines';
import {
  disposeWebglIntermediates,
  FLOAT_EXACT_INTEGER_LIMIT,
  flatView,
  runFlatProgram,
  withShape,
} from '@tilekit/tfjs-kernels';
import { type CallArguments, outputSize, passTensors, uniformValue } from '../call-arguments.js';
import type { CompiledSparseKernel } from '../compiled-kernel.js';
import { shaderKernelConfigs, shaderProgramOf } from '../shader-kernel.js';
import type { SparseCall } from '../sparse-call.js';
import { passOutputShape } from './pass-output-shape.js';

/** The glsl engine's passes of a compiled kernel (generated once). */
export const glslProgramOf: (compiled: CompiledSparseKernel) => GlslProgram =
  shaderProgramOf(compileGlsl);

/** Why the call cannot run as exact WebGL passes, or null. */
function hostReason(args: CallArguments): string | null {
  // The passes read their textures with texelFetch and need R32F textures.
  if (env().getNumber('WEBGL_VERSION') < 2) return 'the WebGL context is WebGL1';
  const sizes = args.args.flatMap((a) => (a.kind === 'memref' ? a.shape : [a.value]));
  if ([...sizes, ...args.outputShape].some((s) => s === 0)) return 'a tensor is empty';
  const elements = args.args.map((a) =>
    a.kind === 'memref' ? a.shape.reduce((x, y) => x * y, 1) : 0,
  );
  if ([...sizes, ...elements].some((s) => s > FLOAT_EXACT_INTEGER_LIMIT))
    return 'an index or extent exceeds 2^24, past which float32 textures are not exact';
  return null;
}

/** A generated pass as a tfjs-webgl program (shapes as uniforms: one binary for every size). */
function passProgram(
  code: string,
  inputs: readonly string[],
  uniforms: readonly { name: string; type: 'i32' | 'f32' }[],
  size: number,
): GPGPUProgram {
  return {
    variableNames: [...inputs],
    outputShape: passOutputShape(size),
    userCode: code,
    enableShapeUniforms: true,
    customUniforms: uniforms.map((u) => ({
      name: u.name,
      type: u.type === 'f32' ? 'float' : 'int',
    })),
  };
}

/** Runs the generated passes; returns the output. */
function runPasses(
  backend: MathBackendWebGL,
  call: SparseCall,
  program: Extract<GlslProgram, { parallel: true }>,
  args: CallArguments,
): TensorInfo {
  const size = outputSize(args);
  let output: TensorInfo | undefined;
  for (const pass of program.passes) {
    const views = passTensors(args, pass.inputs).map((t) => flatView(backend, t));
    const previous = output === undefined ? [] : [flatView(backend, output)];
    const names = [
      ...pass.inputs.map((arg) => `m${arg}`),
      ...(output === undefined ? [] : [PREVIOUS_OUTPUT]),
    ];
    const values = pass.uniforms.map((u) => [uniformValue(args, u)]);
    const next = runFlatProgram(
      backend,
      passProgram(pass.code, names, pass.uniforms, size),
      [...views, ...previous],
      call.compiled.dtype,
      values,
    );
    disposeWebglIntermediates(backend, [
      ...views,
      ...previous,
      ...(output === undefined ? [] : [output]),
    ]);
    // The output holds its `size` elements in its texture's first texels.
    backend.texData.get(next.dataId).shape = [size];
    output = next;
  }
  if (output === undefined) throw new Error('a parallel program has at least one pass');
  return withShape(output, args.outputShape);
}

/** Every sparse kernel's config for the webgl backend. */
export const sparseWebglKernelConfigs: readonly KernelConfig[] = shaderKernelConfigs({
  backendName: 'webgl',
  program: glslProgramOf,
  hostReason: (_backend: MathBackendWebGL, _call, _program, args) => hostReason(args),
  runPasses,
});
