/**
 * A sparse kernel prepared ahead of time, as a generated module holds it: what binding the
 * operands needs (the kernel's plan and parameters), what the caches and backends read (key,
 * formats, options, dtype) and the wasm kernel image, its bytes in hex. Reviving one makes
 * the {@link CompiledSparseKernel} the call path uses, without the compiler.
 */

import {
  type EngineCall,
  instantiateWasmKernel,
  instantiateWasmKernelOnMemory,
  isSharedMemory,
  type WasmKernelImage,
} from '@tilekit/loop-engines';
import type { Type } from '@tilekit/loop-ir';
import type { KernelParameter, KernelPlan, SparseKernel } from '../../sparsify/index.js';
import {
  addPreparedKernels,
  type CompiledSparseKernel,
  type PreparedKernel,
} from '../compiled-kernel.js';
import { addPreparedDerivations, type Derivation } from '../gradients/derivation.js';
import type { OperandFormat } from '../sparse-inputs.js';
import type { SparseOpOptions } from '../sparse-op-key.js';

/** A kernel plan as JSON holds it: the reduced indices as a list. */
export type PlanData = Omit<KernelPlan, 'reductions' | 'temporaries'> & {
  readonly reductions: readonly string[];
  readonly temporaries: readonly PlanData[];
};

/** One prepared kernel's data (see the module comment). */
export interface PreparedKernelData {
  readonly spelling: string;
  readonly key: string;
  readonly expr: string;
  readonly functionName: string;
  readonly plan: PlanData;
  readonly parameters: readonly KernelParameter[];
  readonly formats: Readonly<Record<string, OperandFormat>>;
  readonly dtype: 'float32' | 'int32';
  readonly options: Readonly<Required<SparseOpOptions>>;
  readonly wasm: {
    /** The module's bytes in hex (which gzips to less than base64: each byte stays 2 characters). */
    readonly bytes: string;
    readonly inputs: readonly Type[];
    readonly results: readonly Type[];
    readonly written: readonly number[];
    readonly hostImports: readonly string[];
  };
}

/** `plan` as the binding code reads it (reductions a set). */
function planOf(plan: PlanData): KernelPlan {
  return {
    ...plan,
    reductions: new Set(plan.reductions),
    temporaries: plan.temporaries.map(planOf),
  };
}

/** `plan` as JSON can hold it (the inverse of {@link planOf}). */
export function planData(plan: KernelPlan): PlanData {
  return {
    ...plan,
    reductions: [...plan.reductions],
    temporaries: plan.temporaries.map(planData),
  };
}

/** The bytes of hex `text`. */
function bytesOf(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length / 2);
  for (let k = 0; k < bytes.length; k++)
    bytes[k] = Number.parseInt(text.slice(2 * k, 2 * k + 2), 16);
  return bytes;
}

/**
 * Stands in for a prepared kernel's loops, which were compiled ahead of time and do not ship:
 * the host route binds arguments from the plan and runs the wasm image, and never reads it.
 */
const NO_LOOPS = Object.freeze({ operations: Object.freeze([]) });

/** The {@link CompiledSparseKernel} of prepared kernel `data`. */
export function revivedKernel(data: PreparedKernelData): CompiledSparseKernel {
  const image: WasmKernelImage = {
    functionName: data.functionName,
    bytes: bytesOf(data.wasm.bytes),
    sharedMemory: false,
    inputs: data.wasm.inputs,
    results: data.wasm.results,
    written: data.wasm.written,
    hostImports: data.wasm.hostImports,
  };
  const kernel: SparseKernel = {
    module: NO_LOOPS,
    functionName: data.functionName,
    plan: planOf(data.plan),
    parameters: data.parameters,
  };
  let run: EngineCall | undefined;
  return Object.freeze({
    key: data.key,
    expr: data.expr,
    kernel,
    get run(): EngineCall {
      run ??= instantiateWasmKernel(image);
      return run;
    },
    // A shared heap (the threaded backend) needs a shared import: the copying call serves it.
    runOnMemory: (memory: WebAssembly.Memory) =>
      isSharedMemory(memory) ? undefined : instantiateWasmKernelOnMemory(image, memory),
    options: data.options,
    dtype: data.dtype,
    formats: data.formats,
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
