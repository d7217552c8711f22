/**
 * A sparse kernel prepared ahead of time, as a generated module holds it: the attribute spelling
 * it serves (which also spells its expression, formats, options and dtype, and is its key), what
 * binding the operands needs (the kernel's plan and parameters) and the wasm kernel image, its
 * bytes in hex. Reviving one makes the {@link CompiledSparseKernel} the call path uses, without
 * the compiler. What the data leaves out is what follows from the rest (the generator checks
 * the revived kernel against the compiler's).
 *
 * A kernel that only ever runs as webgpu passes (a webgpu form whose passes bind few enough
 * buffers for every device and take their arguments from shapes) ships without its image: the
 * revived kernel is marked {@link CompiledSparseKernel.passesOnly} and runs on the host only
 * through the compiler, where one is installed.
 */

import {
  type EngineCall,
  instantiateWasmKernel,
  instantiateWasmKernelOnMemory,
  isSharedMemory,
  type WasmKernelImage,
} from '@tilekit/loop-engines';
import { bytesOfHex } from '../../sparse-tensor/hex-bytes.js';
import type { KernelParameter, KernelPlan } from '../../sparsify/index.js';
import {
  addPreparedKernels,
  type CompiledSparseKernel,
  compiledSparseKernel,
  type PreparedKernel,
  spelledKernel,
} from '../compiled-kernel.js';
import { addPreparedDerivations, type Derivation } from '../gradients/derivation.js';
import type { OperandFormat } from '../sparse-inputs.js';

/**
 * A kernel plan as JSON holds it: the reduced indices as a list; of the notation only the
 * assignment (binding reads it; the expression tree is the compiler's); `operands` only where
 * they differ from `inputs`.
 */
export type PlanData = Omit<KernelPlan, 'reductions' | 'temporaries' | 'notation' | 'operands'> & {
  readonly notation: Pick<KernelPlan['notation'], 'op'>;
  readonly operands?: KernelPlan['operands'];
  readonly reductions: readonly string[];
  readonly temporaries: readonly PlanData[];
};

/** One prepared kernel's data (see the module comment). */
export interface PreparedKernelData {
  /** The attribute spelling it serves (see `kernelSpelling`), and its key. */
  readonly spelling: string;
  readonly functionName: string;
  readonly plan: PlanData;
  /** The kernel's parameters; the wasm function takes their types, in this order. */
  readonly parameters: readonly KernelParameter[];
  /** The host image; absent for a kernel that runs as webgpu passes only (see the module comment). */
  readonly wasm?: {
    /** The module's bytes in hex (which gzips to less than base64: each byte stays 2 characters). */
    readonly bytes: string;
    /** The arguments the function writes. */
    readonly written: readonly number[];
  };
}

/** `plan` as the binding code reads it (reductions a set). */
function planOf(plan: PlanData, source: string): KernelPlan {
  return {
    ...plan,
    // Binding reads the assignment; the rest of the notation is the compiler's.
    notation: { ...plan.notation, source } as KernelPlan['notation'],
    operands: plan.operands ?? plan.inputs,
    reductions: new Set(plan.reductions),
    temporaries: plan.temporaries.map((t) => planOf(t, source)),
  };
}

/** `plan` as JSON holds it (what {@link planOf} revives). */
export function planData(plan: KernelPlan): PlanData {
  const { notation, operands, reductions, temporaries, ...rest } = plan;
  return {
    ...rest,
    notation: { op: notation.op },
    ...(JSON.stringify(operands) === JSON.stringify(plan.inputs) ? {} : { operands }),
    reductions: [...reductions],
    temporaries: temporaries.map(planData),
  };
}

/**
 * Stands in for a prepared kernel's loops, which were compiled ahead of time and do not ship:
 * the host route binds arguments from the plan and runs the wasm image, and never reads it.
 */
const NO_LOOPS = Object.freeze({ operations: Object.freeze([]) });

/** The {@link CompiledSparseKernel} of prepared kernel `data`. */
export function revivedKernel(data: PreparedKernelData): CompiledSparseKernel {
  const { expr, attrs, dtype } = spelledKernel(data.spelling);
  const plan = planOf(data.plan, expr);
  const { vectorLength, enableVLAVectorization, enableSIMDIndex32, vscale, engine } = attrs;
  const options = {
    vectorLength,
    enableVLAVectorization,
    enableSIMDIndex32,
    halfWidthShortReductions: attrs.halfWidthShortReductions,
    vscale,
    engine,
    valueType: plan.valueType,
  } as CompiledSparseKernel['options'];
  const wasm = data.wasm;
  const image: WasmKernelImage | undefined = wasm && {
    functionName: data.functionName,
    bytes: bytesOfHex(wasm.bytes),
    sharedMemory: false,
    inputs: data.parameters.map((p) => p.type),
    results: [],
    written: wasm.written,
    // Prepared kernels import no host function (the generator refuses one that does).
    hostImports: [],
  };
  // Without an image: the compiler's kernel of the same spelling (a typed error naming its
  // entry where none is installed).
  const compilers = () => compiledSparseKernel(expr, attrs, dtype, true);
  let run: EngineCall | undefined;
  return Object.freeze({
    key: data.spelling,
    expr,
    kernel: {
      module: NO_LOOPS,
      functionName: data.functionName,
      plan,
      parameters: data.parameters,
    },
    get run(): EngineCall {
      if (image === undefined) return compilers().run;
      run ??= instantiateWasmKernel(image);
      return run;
    },
    // A shared heap (the threaded backend) needs a shared import: the copying call serves it.
    runOnMemory: (memory: WebAssembly.Memory) =>
      image === undefined
        ? compilers().runOnMemory(memory)
        : isSharedMemory(memory)
          ? undefined
          : instantiateWasmKernelOnMemory(image, memory),
    options,
    dtype,
    formats: JSON.parse(attrs.formats) as Record<string, OperandFormat>,
    passesOnly: image === undefined,
  });
}

/** An op's generated module: its kernels and its gradients' derivations. */
export interface PreparedOpData {
  readonly kernels: readonly PreparedKernelData[];
  /** Derivations by key (see gradients/derivation.ts). */
  readonly derivations: readonly (readonly [string, Derivation])[];
}

/** The generated modules already added. */
const ADDED = new WeakSet<PreparedOpData>();

/**
 * Adds an op's generated kernels (each revived on first use) and derivations to those calls
 * look up; adding one again does nothing. Ops call this when called, so that a bundle holds the
 * prepared kernels of the ops it uses only.
 */
export function usePreparedKernels(op: PreparedOpData): void {
  if (ADDED.has(op)) return;
  ADDED.add(op);
  addPreparedDerivations(op.derivations);
  addPreparedKernels(
    op.kernels.map(
      (data): PreparedKernel => ({ spelling: data.spelling, revive: () => revivedKernel(data) }),
    ),
  );
}
