/**
 * One kernel function for the GPU backends: build the call, take the backend's generated
 * passes when they apply, and otherwise the host route (recording which path ran and why).
 * Each backend supplies only how it compiles, when it must fall back, and how it runs passes.
 */
import type { KernelConfig, KernelFunc, TensorInfo } from '@tensorflow/tfjs-core';
import { type CallArguments, callArguments, HOST_MADE_ARGUMENTS } from './call-arguments.js';
import type { CompiledSparseKernel } from './compiled-kernel.js';
import { type ReadableBackend, runHostRoute } from './host-route.js';
import { SPARSE_KERNEL_NAMES } from './kernel-names.js';
import { recordSparseKernelRun } from './kernel-path.js';
import { installDeviceForms } from './ops/device-form-hook.js';
import {
  type BackendAdvice,
  type HostRouteDecision,
  hostRouteExplanation,
} from './route-reason.js';
import { ROW_MAJOR_FORMS } from './row-major-forms.js';
import { type SparseCall, sparseCall } from './sparse-call.js';

/** Why a call takes the host route: its kernel, the engine's words, the refusal users read. */
export interface HostRouteWhy {
  readonly kernelName: string;
  readonly detail: string;
  /** What to tell users where the host route cannot run either: why, and what to change. */
  refusal(): string;
}

/** A generated program: passes to run, or the reason there are none. */
type ShaderProgram =
  | { readonly parallel: true }
  | { readonly parallel: false; readonly reason: string };

/** What a GPU backend contributes to its sparse kernels. */
export interface ShaderBackend<B, P extends ShaderProgram> {
  readonly backendName: 'webgl' | 'webgpu';
  /** The (cached) program of a compiled kernel, generated from its loops. */
  program(compiled: CompiledSparseKernel): P;
  /**
   * The (cached) program prepared ahead of time with a kernel, or undefined where it has none;
   * omitted where the backend's programs are never prepared (kernels then come with their
   * loops, from the compiler).
   */
  prepared?(compiled: CompiledSparseKernel): P | undefined;
  /**
   * Why this call must take the host route although the program is parallel and its arguments
   * are known from shapes, or null when the passes apply.
   */
  hostReason(
    backend: B,
    call: SparseCall,
    program: Extract<P, { parallel: true }>,
    args: CallArguments,
  ): HostRouteDecision | null;
  /** What to tell the user about the causes {@link hostReason} gives. */
  readonly advice: BackendAdvice;
  /** Runs the passes; returns the output. */
  runPasses(
    backend: B,
    call: SparseCall,
    program: Extract<P, { parallel: true }>,
    args: CallArguments,
  ): TensorInfo;
  /**
   * Throws a typed error unless the host route can read every input of `call` synchronously
   * (`why`: why the call takes the host route); omitted where every tensor can be read (WebGL
   * reads textures back).
   */
  checkHostReadable?(backend: B, call: SparseCall, why: HostRouteWhy): void;
}

/** A call with an empty output computes nothing: its (empty) result, made without reading. */
function emptyOutput(backend: unknown, call: SparseCall): TensorInfo | undefined {
  const shape = call.outputShape();
  if (!shape.includes(0)) return undefined;
  const values = call.compiled.dtype === 'int32' ? new Int32Array(0) : new Float32Array(0);
  return (backend as ReadableBackend).makeTensorInfo(shape, call.compiled.dtype, values);
}

function shaderKernel<B, P extends ShaderProgram>(
  kernelName: string,
  gpu: ShaderBackend<B, P>,
): KernelFunc {
  return (config) => {
    const backend = config.backend as unknown as B;
    let call = sparseCall(kernelName, config, gpu.prepared === undefined);
    let program = gpu.prepared?.(call.compiled);
    // A kernel prepared without this backend's program: the compiler's, with its loops.
    if (program === undefined && call.compiled.module === undefined)
      call = sparseCall(kernelName, config, true);
    call.checkLengths();
    const empty = emptyOutput(backend, call);
    if (empty !== undefined) {
      recordSparseKernelRun({ kernelName, backend: gpu.backendName, path: 'gpu' });
      return empty;
    }
    program ??= gpu.program(call.compiled);
    const args = callArguments(call);
    const parallel = program.parallel ? (program as Extract<P, { parallel: true }>) : undefined;
    const decision: HostRouteDecision | null =
      parallel === undefined
        ? {
            cause: 'sequential-loops',
            detail: (program as Extract<P, { parallel: false }>).reason,
          }
        : args === undefined
          ? { cause: 'host-made-arguments', detail: HOST_MADE_ARGUMENTS }
          : gpu.hostReason(backend, call, parallel, args);
    if (decision !== null || parallel === undefined || args === undefined) {
      const context = {
        kernelName,
        backend: gpu.backendName,
        expr: call.compiled.expr,
        formats: call.compiled.formats,
      };
      const explain = (refused: boolean) =>
        decision === null ? '' : hostRouteExplanation(decision, context, gpu.advice, refused);
      gpu.checkHostReadable?.(backend, call, {
        kernelName,
        detail: decision?.detail ?? '',
        refusal: () => explain(true),
      });
      const explanation = explain(false);
      return runHostRoute(
        call,
        backend as unknown as ReadableBackend,
        gpu.backendName,
        kernelName,
        {
          cause: decision?.cause ?? 'host-made-arguments',
          reason: explanation,
          detail: decision?.detail ?? '',
        },
      );
    }
    const out = gpu.runPasses(backend, call, parallel, args);
    recordSparseKernelRun({ kernelName, backend: gpu.backendName, path: 'gpu' });
    return out;
  };
}

/** A GPU backend's sparse kernels, and the prepared passes they run (`D`: one kernel's). */
export interface ShaderKernels<D> {
  /**
   * Adds ready-made ops' prepared passes (each a generated module's data: kernel keys and
   * passes), then returns the configs of `kernelNames`. The configs are made once and shared
   * by every register entry, so an app may import several.
   */
  configs(
    kernelNames: readonly string[],
    passes: readonly (readonly (readonly [string, D])[])[],
  ): readonly KernelConfig[];
}

/**
 * The sparse kernels of one GPU backend, looking up prepared passes in `prepared` (which
 * {@link ShaderKernels.configs} fills); the ready-made ops' row-major forms (see
 * row-major-forms.ts) come with them.
 */
export function shaderKernels<B, P extends ShaderProgram, D>(
  gpu: ShaderBackend<B, P>,
  prepared: Map<string, D>,
): ShaderKernels<D> {
  // The ready-made ops then run their operands in the forms these kernels run in parallel.
  installDeviceForms(ROW_MAJOR_FORMS);
  const all = SPARSE_KERNEL_NAMES.map((kernelName) => ({
    kernelName,
    backendName: gpu.backendName,
    kernelFunc: shaderKernel(kernelName, gpu),
  }));
  return {
    configs(kernelNames, passes) {
      for (const list of passes) for (const [key, data] of list) prepared.set(key, data);
      return all.filter((config) => kernelNames.includes(config.kernelName));
    },
  };
}
