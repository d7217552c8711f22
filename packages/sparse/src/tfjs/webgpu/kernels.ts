/**
 * The sparse kernels on the `webgpu` backend: compute passes generated from the kernel's scalar
 * loop IR by the wgsl engine (one per top-level parallel loop, invocations = iterations), run
 * through tfjs-webgpu's program interface on the backend's own buffers with no read-back.
 * Where the loops cannot run in parallel (the wgsl engine says why), or tfjs's own rule puts
 * small CPU-resident inputs on the CPU, the compiled loops run on the host instead, and only
 * over inputs still on the CPU: tfjs-webgpu cannot read GPU data synchronously (zeros on some
 * adapters, an exception in Node), so a call that would need to is a typed error before
 * anything runs (see shader-kernel.ts). An empty output is made without running anything; an
 * empty input is bound as a one-element placeholder (a zero-size binding is invalid and breaks
 * the device), which the loops never read: their bounds come from the uniforms and positions.
 */
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import type { TensorInfo } from '@tensorflow/tfjs-core';
import { runFlat, type UniformValue, withShape } from '@tilekit/tfjs-backend-support/webgpu-passes';
import { SparsifyError } from '../../sparsify/errors.js';
import { type CallArguments, outputSize, passTensors, uniformValue } from '../call-arguments.js';
import type { CompiledSparseKernel } from '../compiled-kernel.js';
import type { BackendAdvice, HostRouteDecision } from '../route-reason.js';
import { shaderProgram } from '../shader-compilers.js';
import { type ShaderBackend, type ShaderKernels, shaderKernels } from '../shader-kernel.js';
import { keyTag } from '../sparse-op-key.js';
import { SparseLoopProgram } from './loop-program.js';
import { preparedWgslProgram, type WgslProgramData, type WgslProgramRun } from './prepared-wgsl.js';

/**
 * The prepared kernels' passes as data, by kernel key: those of the ops whose register entries
 * were imported (see {@link sparseWebgpuKernels}).
 */
const PREPARED_PASSES = new Map<string, WgslProgramData>();
/** Those revived, by key. */
const preparedPasses = new Map<string, WgslProgramRun>();

/**
 * The passes prepared for a kernel (revived once), or undefined where none were: kernels with
 * the key of a prepared one generate exactly these passes.
 */
function preparedProgramOf(compiled: CompiledSparseKernel): WgslProgramRun | undefined {
  let program = preparedPasses.get(compiled.key);
  if (program === undefined) {
    const data = PREPARED_PASSES.get(compiled.key);
    if (data === undefined) return undefined;
    program = preparedWgslProgram(data);
    preparedPasses.set(compiled.key, program);
  }
  return program;
}

/** Invocations worth dispatching when the bounds are read from memory: one per stored entry. */
function invocationBound(args: CallArguments): number {
  return Math.max(1, ...args.args.map((a) => (a.kind === 'memref' ? (a.shape[0] ?? 1) : 1)));
}

/** How this backend runs a program's passes. */
type RunPasses = ShaderBackend<WebGPUBackend, WgslProgramRun>['runPasses'];

/** Runs the generated passes; returns the output. */
const runPasses: RunPasses = (backend, call, program, args) => {
  const size = outputSize(args);
  const scalar = (k: number) => {
    const a = args.args[k];
    return a?.kind === 'scalar' ? a.value : 0;
  };
  let output: TensorInfo | undefined;
  const placeholders: TensorInfo[] = [];
  const placeholder = (dtype: TensorInfo['dtype']) => {
    const p = backend.makeTensorInfo(
      [1],
      dtype,
      dtype === 'int32' ? new Int32Array(1) : new Float32Array(1),
    );
    placeholders.push(p);
    return p;
  };
  const tag = keyTag(call.compiled.key);
  const extent = (arg: number, dim: number) => uniformValue(args, { arg, dim });
  program.passes.forEach((pass, k) => {
    const launch = pass.launch({ scalar, extent });
    const invocations = launch.invocations ?? invocationBound(args);
    const gpuProgram = new SparseLoopProgram(`${tag}_${k}`, pass, size, invocations);
    const uniforms: UniformValue[] = pass.uniforms.map((u, n) => ({
      type: u.type === 'f32' ? 'float32' : 'int32',
      data: [launch.uniforms[n] ?? 0],
    }));
    const inputs = passTensors(args, pass.inputs).map((t) =>
      t.shape.includes(0) ? placeholder(t.dtype) : t,
    );
    output = runFlat(backend, gpuProgram, inputs, call.compiled.dtype, uniforms, output);
  });
  for (const p of placeholders) backend.disposeData(p.dataId);
  if (output === undefined) {
    // No loop at all: the output is all zeros.
    const zeros = call.compiled.dtype === 'int32' ? new Int32Array(size) : new Float32Array(size);
    return backend.makeTensorInfo(args.outputShape, call.compiled.dtype, zeros);
  }
  return withShape(output, args.outputShape);
};

/** What to do about the causes the webgpu kernels give (see route-reason.ts). */
export const WEBGPU_ADVICE: BackendAdvice = {
  'binding-limit': (detail) =>
    `the kernel reads more arrays at once than this GPU can bind (${detail}): split the expression into two ops, or use a device with a higher maxStorageBuffersPerShaderStage.`,
  'small-cpu-inputs': () =>
    "every input was small and still in CPU memory, where tfjs-webgpu runs small ops itself; nothing to change (tf.env().set('WEBGPU_CPU_FORWARD', false) forces the GPU).",
};

/**
 * Why the device cannot bind a pass of `program`, or null: each pass binds its inputs and the
 * output as storage buffers, and a pipeline over the device's per-stage limit is invalid (its
 * dispatch would silently do nothing).
 */
function bindingLimitReason(
  backend: WebGPUBackend,
  program: Extract<WgslProgramRun, { parallel: true }>,
): HostRouteDecision | null {
  const limit = backend.device.limits.maxStorageBuffersPerShaderStage;
  const needed = Math.max(0, ...program.passes.map((pass) => pass.inputs.length + 1));
  return needed > limit
    ? {
        cause: 'binding-limit',
        detail: `a pass binds ${needed} storage buffers and the device allows ${limit} per shader stage`,
      }
    : null;
}

/**
 * The sparse kernels for the webgpu backend, and where the ready-made ops' prepared passes are
 * added (the register entries add those of the ops they are for).
 */
export const sparseWebgpuKernels: ShaderKernels<WgslProgramData> = shaderKernels(
  {
    backendName: 'webgpu',
    prepared: preparedProgramOf,
    program: (compiled) => shaderProgram('wgsl', compiled),
    hostReason: (backend: WebGPUBackend, call, program) =>
      bindingLimitReason(backend, program) ??
      // tfjs's preference for the CPU is not worth compiling host code for.
      (call.compiled.passesOnly !== true && backend.shouldExecuteOnCPU(Object.values(call.inputs))
        ? {
            cause: 'small-cpu-inputs',
            detail: 'every input is small and still on the CPU (shouldExecuteOnCPU)',
          }
        : null),
    advice: WEBGPU_ADVICE,
    runPasses,
    checkHostReadable: (backend: WebGPUBackend, call, why) => {
      const unreadable = Object.entries(call.inputs).find(
        ([, t]) => backend.tensorMap.get(t.dataId).values == null,
      );
      if (unreadable !== undefined)
        throw new SparsifyError(
          'operands',
          `${why.refusal()} ${why.kernelName} would have to read ${unreadable[0]} back from the GPU to run on the CPU, which webgpu cannot do synchronously (in the engine's words: ${why.detail}); store the sparse operand row-major (CSR, DCSR) or pass a host SparseTensor`,
        );
    },
  },
  PREPARED_PASSES,
);
