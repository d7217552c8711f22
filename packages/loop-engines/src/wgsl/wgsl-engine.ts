/**
 * `compileWgsl`: scalar loop IR -> WebGPU compute passes, one per top-level parallel loop (see
 * parallel-loops.ts), each a `main(index)` function in the shape tfjs-backend-webgpu's
 * programs take: input memrefs as read-only storage buffers named `m<arg>`, the written memref
 * as the program's output `result`, scalar arguments and memref extents as uniforms. Sizes never
 * enter the code, so one compiled pipeline serves every shape. A function that cannot run this
 * way gets `{parallel: false, reason}` and its caller runs the host loops.
 */
import type { Module, Operation, Value } from '@tilekit/loop-ir';
import {
  findFunction,
  operand,
  printOperation,
  verifyModule,
  walkOperations,
} from '@tilekit/loop-ir';
import { EngineArgumentError, EngineUnsupportedError } from '../engines/errors.js';
import { lowerFunction } from '../engines/lowering.js';
import { planParallelLoops } from './parallel-loops.js';
import { WGSL_HANDLERS, WgslPassCodegen, type WgslUniform } from './wgsl-codegen.js';

export { OUTPUT_BUFFER, WGSL_WORKGROUP_SIZE, type WgslUniform } from './wgsl-codegen.js';

/** Options of {@link compileWgsl}. */
export interface WgslOptions {
  /**
   * Function arguments (memrefs) whose entries are pairwise distinct, e.g. the coordinates of
   * a unique root level: a loop storing at a coordinate read from one at its induction
   * variable writes disjoint outputs.
   */
  readonly distinctArrays?: ReadonlySet<number>;
}

/** One GPU pass: a top-level loop whose iterations are the invocations. */
export interface WgslPass {
  /** WGSL of `fn main(index : i32)` (tfjs declares the buffers, uniforms and `numWorkgroups`). */
  readonly code: string;
  /** Memref arguments read, in binding order (buffer `m<arg>`). */
  readonly inputs: readonly number[];
  /** The memref argument written (the program's output `result`). */
  readonly output: number;
  /** Uniforms in declaration order. */
  readonly uniforms: readonly WgslUniform[];
  /**
   * The loop's trip count for the given scalar arguments, or `undefined` when its bounds are
   * read from memory (any dispatch size is then correct: invocations stride over the range).
   */
  trips(scalarArg: (index: number) => number): number | undefined;
}

/** The outcome of {@link compileWgsl}. */
export type WgslProgram =
  | { readonly parallel: true; readonly passes: readonly WgslPass[] }
  | { readonly parallel: false; readonly reason: string };

/** The host value of `v` if it is a constant or a scalar argument. */
function hostValue(
  v: Value,
  args: readonly Value[],
  defining: ReadonlyMap<Value, Operation>,
  scalarArg: (index: number) => number,
): number | undefined {
  const k = args.indexOf(v);
  if (k >= 0) return scalarArg(k);
  const def = defining.get(v);
  const attr = def?.name === 'arith.constant' ? def.attributes.value : undefined;
  return attr?.kind === 'integer' ? Number(attr.value) : undefined;
}

/**
 * Compiles `func.func @fnName` of a verified module into WebGPU passes, or says why its loops
 * cannot run in parallel.
 *
 * @throws IRVerifyError for malformed IR; EngineArgumentError for a missing function.
 */
export function compileWgsl(
  module: Module,
  fnName: string,
  options: WgslOptions = {},
): WgslProgram {
  verifyModule(module);
  const func = findFunction(module, fnName);
  if (func === undefined)
    throw new EngineArgumentError('fnName', `no function @${fnName} in the module`);
  const plan = planParallelLoops(func, options.distinctArrays ?? new Set());
  if (!plan.parallel) return plan;
  const args = func.regions[0]?.blocks[0]?.arguments ?? [];
  const defining = new Map<Value, Operation>();
  walkOperations(func, (op) => {
    for (const r of op.results) defining.set(r, op);
  });
  const stored = new Set<Value>();
  walkOperations(func, (op) => {
    if (op.name === 'memref.store') stored.add(operand(op, 'memref'));
  });
  const prelude = (op: Operation) =>
    op.regions.length === 0 &&
    op.name !== 'memref.store' &&
    (op.name !== 'memref.load' || !stored.has(operand(op, 'memref')));
  const passes: WgslPass[] = [];
  try {
    for (const { loop, output } of plan.loops) {
      const cg = new WgslPassCodegen(func, loop, output, prelude);
      lowerFunction(func, cg, WGSL_HANDLERS);
      const bounds = ['lowerBound', 'upperBound', 'step'].map((name) => operand(loop, name));
      passes.push({
        code: cg.code(),
        inputs: cg.inputs(),
        output,
        uniforms: cg.uniforms(),
        trips(scalarArg) {
          const [lower, upper, step] = bounds.map((v) => hostValue(v, args, defining, scalarArg));
          if (lower === undefined || upper === undefined || step === undefined || step <= 0)
            return undefined;
          return Math.max(0, Math.ceil((upper - lower) / step));
        },
      });
    }
  } catch (e) {
    if (e instanceof EngineUnsupportedError) return { parallel: false, reason: e.message };
    throw e;
  }
  return { parallel: true, passes };
}

/** A stable text of a function, for caching generated passes (sizes never appear in it). */
export function wgslCacheKey(module: Module, fnName: string): string {
  const func = findFunction(module, fnName);
  return func === undefined ? '' : printOperation(func);
}
