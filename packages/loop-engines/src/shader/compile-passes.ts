/**
 * From a function to shader passes, shared by the wgsl and glsl engines: the parallel-loop
 * decision (parallel-loops.ts), then one pass per parallel top-level loop emitted by the
 * engine's codegen. A construct the codegen cannot express turns into `{parallel: false,
 * reason}`, like a loop that is not parallel.
 */
import type { Module, Operation, Value } from '@tilekit/loop-ir';
import { findFunction, operand, verifyModule, walkOperations } from '@tilekit/loop-ir';
import { EngineArgumentError, EngineUnsupportedError } from '../errors.js';
import { lowerFunction } from '../lowering.js';
import { planParallelLoops } from './parallel-loops.js';
import { SHADER_HANDLERS, type ShaderPassCodegen, type ShaderUniform } from './pass-codegen.js';

/** Options of the shader engines. */
export interface ShaderOptions {
  /**
   * Function arguments (memrefs) whose entries are pairwise distinct, e.g. the coordinates of
   * a unique root level: a loop storing at a coordinate read from one at its induction
   * variable writes disjoint outputs.
   */
  readonly distinctArrays?: ReadonlySet<number>;
}

/** One pass: a top-level loop whose iterations run in parallel. */
export interface ShaderPass {
  /** The pass's `main` function. */
  readonly code: string;
  /** Memref arguments read, in binding order (named `m<arg>`). */
  readonly inputs: readonly number[];
  /**
   * Inputs (among `inputs`) the pass reads as RGBA texels of four consecutive elements (the
   * glsl engine's `quads` form; the caller binds such a texture, whose last extent must be a
   * multiple of 4); empty elsewhere.
   */
  readonly quadInputs: readonly number[];
  /** The memref argument written (the program's output). */
  readonly output: number;
  /** Uniforms in declaration order. */
  readonly uniforms: readonly ShaderUniform[];
  /**
   * The loop's trip count for the given scalar arguments, or `undefined` when its bounds are
   * read from memory.
   */
  trips(scalarArg: (index: number) => number): number | undefined;
}

/** The passes of a function, or why it cannot run as passes. */
export type ShaderProgram =
  | { readonly parallel: true; readonly passes: readonly ShaderPass[] }
  | { readonly parallel: false; readonly reason: string };

/** Makes the codegen of one pass. */
export type PassCodegenFactory = (
  func: Operation,
  loop: Operation,
  output: number,
  prelude: (op: Operation) => boolean,
) => ShaderPassCodegen & { code(): string; quadInputs?(): number[] };

/** The host value of `v` if it is a constant or a scalar argument. */
function hostValue(
  v: Value,
  args: readonly Value[],
  defining: ReadonlyMap<Value, Operation>,
  scalarArg: (index: number) => number,
): number | undefined {
  const k = args.indexOf(v);
  if (k >= 0) return scalarArg(k);
  const attr = defining.get(v)?.attributes.value;
  return attr?.kind === 'integer' && defining.get(v)?.name === 'arith.constant'
    ? Number(attr.value)
    : undefined;
}

/** Compiles `func.func @fnName` into passes with `codegen`, or says why it cannot. */
export function compilePasses(
  module: Module,
  fnName: string,
  options: ShaderOptions,
  codegen: PassCodegenFactory,
): ShaderProgram {
  verifyModule(module);
  const func = findFunction(module, fnName);
  if (func === undefined)
    throw new EngineArgumentError('fnName', `no function @${fnName} in the module`);
  const plan = planParallelLoops(func, options.distinctArrays ?? new Set());
  if (!plan.parallel) return plan;
  const args = func.regions[0]?.blocks[0]?.arguments ?? [];
  const defining = new Map<Value, Operation>();
  const stored = new Set<Value>();
  walkOperations(func, (op) => {
    for (const r of op.results) defining.set(r, op);
    if (op.name === 'memref.store') stored.add(operand(op, 'memref'));
  });
  const prelude = (op: Operation) =>
    op.regions.length === 0 &&
    op.name !== 'memref.store' &&
    (op.name !== 'memref.load' || !stored.has(operand(op, 'memref')));
  const passes: ShaderPass[] = [];
  try {
    for (const { loop, output } of plan.loops) {
      const cg = codegen(func, loop, output, prelude);
      lowerFunction(func, cg, SHADER_HANDLERS);
      const bounds = ['lowerBound', 'upperBound', 'step'].map((name) => operand(loop, name));
      const code = cg.code();
      passes.push({
        code,
        inputs: cg.inputs(),
        quadInputs: cg.quadInputs?.() ?? [],
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
