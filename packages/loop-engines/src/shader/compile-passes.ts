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
import { checkEngineArguments } from '../signature.js';
import { absorbFill } from './absorbed-fill.js';
import { expectPassLaunchArguments } from './launch-argument-checks.js';
import { planParallelLoops } from './parallel-loops.js';
import { SHADER_HANDLERS, type ShaderPassCodegen, type ShaderUniform } from './pass-codegen.js';
import {
  type PassPlan,
  planPassSchedule,
  SCHEDULE_UNIFORMS,
  type ScheduleLaunch,
  scheduleLaunchFor,
} from './pass-schedule.js';

/** Options of the shader engines. */
export interface ShaderOptions {
  /**
   * Function arguments (memrefs) whose entries are pairwise distinct, e.g. the coordinates of
   * a unique root level: a loop storing at a coordinate read from one at its induction
   * variable writes disjoint outputs.
   */
  readonly distinctArrays?: ReadonlySet<number>;
  /**
   * Function arguments (memrefs) whose entries are distinct within each segment an inner loop
   * runs over (the coordinates of a unique compressed level below the root): a loop over a
   * segment storing at a coordinate read from one at its induction variable writes distinct
   * elements, so a group of invocations may share its iterations.
   */
  readonly segmentDistinctArrays?: ReadonlySet<number>;
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
  /** The loop and how invocations share its iterations (see pass-schedule.ts). */
  readonly plan: PassPlan;
  /**
   * The launch for the given sizes: invocations to dispatch (`undefined` where the trip count
   * is read from memory: the caller bounds it) and the value of every uniform, in order.
   */
  launch(sizes: LaunchSizes): PassLaunch;
}

/** What a launch reads of the call's arguments. */
export interface LaunchSizes {
  /** Value of scalar argument `arg`. */
  scalar(arg: number): number;
  /** Extent `dim` of memref argument `arg`. */
  extent(arg: number, dim: number): number;
}

/** A pass's launch (see {@link ShaderPass.launch}). */
export interface PassLaunch {
  readonly invocations: number | undefined;
  /** Values of {@link ShaderPass.uniforms}, in order. */
  readonly uniforms: readonly number[];
  /** The schedule's own numbers (group size, rounds, columns, workgroups). */
  readonly schedule: ScheduleLaunch | undefined;
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
  plan: PassPlan,
) => ShaderPassCodegen & { code(): string; quadInputs?(): number[] };

/**
 * The host value of a value of the function whose arguments are `args`, if it is an integer
 * constant or a scalar argument (read with `scalarArg`).
 */
function hostValues(args: readonly Value[], defining: ReadonlyMap<Value, Operation>) {
  return (v: Value, scalarArg: (index: number) => number): number | undefined => {
    const k = args.indexOf(v);
    if (k >= 0) return scalarArg(k);
    const attr = defining.get(v)?.attributes.value;
    return attr?.kind === 'integer' && defining.get(v)?.name === 'arith.constant'
      ? Number(attr.value)
      : undefined;
  };
}

/** The trip count of scf.for `op` whose bounds have host values, else undefined. */
function tripCount(op: Operation, hostValue: (v: Value) => number | undefined): number | undefined {
  const [lower, upper, step] = ['lowerBound', 'upperBound', 'step'].map((name) =>
    hostValue(operand(op, name)),
  );
  if (lower === undefined || upper === undefined || step === undefined || step <= 0)
    return undefined;
  return Math.max(0, Math.ceil((upper - lower) / step));
}

/** The schedule's launch over `trips` outer iterations. */
function launchOf(
  plan: PassPlan,
  trips: number,
  sizes: LaunchSizes,
  tripsOf: (op: Operation, scalarArg: (index: number) => number) => number | undefined,
): ScheduleLaunch {
  const scalar = (k: number) => sizes.scalar(k);
  const s = plan.schedule;
  return scheduleLaunchFor(
    s,
    trips,
    (arg, dim) => sizes.extent(arg, dim),
    () => (s.kind === 'row-group' ? tripsOf(s.strided, scalar) : undefined),
    () => (s.kind === 'column-grid' ? tripsOf(s.columns, scalar) : undefined),
  );
}

/**
 * A pass's launch: `schedule`'s invocations (else one per trip) and the values of `uniforms`,
 * the schedule's own (group, rounds, columns), the call's sizes, or 0 for a placeholder.
 */
export function passLaunch(
  uniforms: readonly Pick<ShaderUniform, 'name' | 'arg' | 'dim' | 'schedule'>[],
  trips: number | undefined,
  schedule: ScheduleLaunch | undefined,
  sizes: LaunchSizes,
): PassLaunch {
  expectPassLaunchArguments(uniforms, trips, schedule, sizes);
  const scheduleValue: Record<string, number> = {
    [SCHEDULE_UNIFORMS.group]: schedule?.group ?? 1,
    [SCHEDULE_UNIFORMS.rounds]: schedule?.rounds ?? 0,
    [SCHEDULE_UNIFORMS.columns]: schedule?.columns ?? 0,
  };
  return {
    invocations: schedule?.invocations ?? trips,
    schedule,
    uniforms: uniforms.map((u) => {
      if (u.schedule !== undefined) return scheduleValue[u.name] ?? 0;
      if (u.arg < 0) return 0;
      return u.dim === undefined ? sizes.scalar(u.arg) : sizes.extent(u.arg, u.dim);
    }),
  };
}

/** Rewrites an engine's codegen supports beyond the plain passes. */
export interface PassRewrites {
  /** A constant fill followed by a column grid over the same output is one pass (absorbed-fill.ts). */
  readonly absorbFills?: boolean;
}

/** Compiles `func.func @fnName` into passes with `codegen`, or says why it cannot. */
export function compilePasses(
  module: Module,
  fnName: string,
  options: ShaderOptions,
  codegen: PassCodegenFactory,
  rewrites: PassRewrites = {},
): ShaderProgram {
  checkEngineArguments(module, fnName, options);
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
  const hostValue = hostValues(args, defining);
  const prelude = (op: Operation) =>
    op.regions.length === 0 &&
    op.name !== 'memref.store' &&
    (op.name !== 'memref.load' || !stored.has(operand(op, 'memref')));
  const passes: ShaderPass[] = [];
  const plans = plan.loops.map(({ loop, output }) =>
    planPassSchedule(func, loop, output, options.segmentDistinctArrays),
  );
  try {
    for (let k = 0; k < plans.length; k++) {
      const next = rewrites.absorbFills ? plans[k + 1] : undefined;
      const absorbed = next === undefined ? undefined : absorbFill(plans[k] as PassPlan, next);
      if (absorbed !== undefined) {
        plans[k + 1] = absorbed;
        continue;
      }
      const passPlan = plans[k] as PassPlan;
      const { loop, output } = passPlan;
      const cg = codegen(func, loop, output, prelude, passPlan);
      lowerFunction(func, cg, SHADER_HANDLERS);
      const code = cg.code();
      const uniforms = cg.uniforms();
      const tripsOf = (op: Operation, scalarArg: (index: number) => number) =>
        tripCount(op, (v) => hostValue(v, scalarArg));
      passes.push({
        code,
        inputs: cg.inputs(),
        quadInputs: cg.quadInputs?.() ?? [],
        output,
        uniforms,
        plan: passPlan,
        trips: (scalarArg) => tripsOf(loop, scalarArg),
        launch(sizes) {
          const trips = tripsOf(loop, (k) => sizes.scalar(k));
          const schedule =
            trips === undefined ? undefined : launchOf(passPlan, trips, sizes, tripsOf);
          return passLaunch(uniforms, trips, schedule, sizes);
        },
      });
    }
  } catch (e) {
    if (e instanceof EngineUnsupportedError) return { parallel: false, reason: e.message };
    throw e;
  }
  return { parallel: true, passes };
}
