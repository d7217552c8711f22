/**
 * Execution cases: the implementation's engine runs the input function (baseline) and its own
 * vectorized output (per option set) on the stored arguments; memory and results must equal what
 * mlir-runner computed for the input function.
 */
import type { ConformanceCase } from '../../core/case.js';
import { CaseMismatch } from '../../core/case.js';
import { expectValues } from '../../core/compare.js';
import { EXACT, type Tolerance } from '../../core/tolerance.js';
import {
  fromJson,
  type StoredArgument,
  type StoredExecution,
  type VectorizationCase,
  type VectorizationConfig,
} from '../../data/mlir-vectorization.js';
import type { RuleId } from '../../rules.js';
import type { VectorizerCaseId, VectorizerContext } from './vectorizer-context.js';
import type { ExecArgument, ExecOutcome } from './vectorizer-impl.js';

/** vscale for scalable vectors: 2, so `vector<[4]xT>` holds 8 lanes and a bug in `vscale * vl` shows. */
export const VLA_VSCALE = 2;

/**
 * Transcendental math (sin, tanh, expm1, log1p ...) may differ from mlir-runner's float libm
 * (sinf, tanhf ...) by a few ulp per call, and the corpus subtracts nearly equal such terms, so
 * those functions get 1e-5; everything else must match exactly.
 */
const LIBM_TOLERANCE: Tolerance = { absolute: 1e-5, relative: 1e-5 };
const usesLibm = (input: string) =>
  /\bmath\.(?!abs|floor|ceil|sqrt|round|trunc|copysign|fma|ctlz|cttz|ctpop)\w+/.test(input);

/** Stored arguments as the implementation receives them. */
export function toArguments(args: readonly StoredArgument[]): ExecArgument[] {
  return args.map((a) =>
    a.kind === 'memref'
      ? { kind: 'memref', elementType: a.elementType, shape: a.shape, data: a.data.map(fromJson) }
      : { kind: 'scalar', type: a.type, value: fromJson(a.value) },
  );
}

/** Throws unless `actual` left the memory and results `e` records. */
export function expectOutcome(
  actual: ExecOutcome,
  e: StoredExecution,
  args: readonly StoredArgument[],
  tolerance: Tolerance,
  what: string,
): void {
  expectValues(actual.results, e.results.map(fromJson), `${what}: results`, { tolerance });
  const memrefArgs = args.flatMap((a, k) => (a.kind === 'memref' ? [k] : []));
  if (actual.memrefs.length !== e.memrefs.length) {
    throw new CaseMismatch(
      `${what}: expected ${e.memrefs.length} memref arguments back, got ${actual.memrefs.length}`,
    );
  }
  e.memrefs.forEach((expected, n) => {
    expectValues(
      Array.from(actual.memrefs[n]!),
      expected.map(fromJson),
      `${what}: memref argument #${memrefArgs[n]}`,
      { tolerance },
    );
  });
}

/**
 * The rule an execution pins down. `n37`, and fixed bounds MLIR could not prove divisible (its
 * output keeps `affine.min`), run a partial last vector: the remainder mask. `n32` fills every
 * vector, so it isolates the reduction's init and combine, the scalable step, or plain semantics.
 */
function executionRule(
  c: VectorizationCase,
  config: VectorizationConfig,
  e: StoredExecution,
): RuleId {
  const expected = c.expected[config.name];
  if (!expected?.loops.some((l) => l.vectorized)) return 'vectorize.semantics';
  const ops = Object.keys(expected.vectorOps);
  if (e.name !== 'n32' && ops.some((k) => k.startsWith('affine.min')))
    return 'vectorize.remainder-mask';
  if (ops.some((k) => k.startsWith('vector.reduction'))) return 'vectorize.reduction-init';
  if (config.options.enableVLAVectorization) return 'vectorize.vla-step';
  return 'vectorize.semantics';
}

/** The baseline case and one case per option set for each stored execution of `c`. */
export function executionCases(
  ctx: VectorizerContext,
  c: VectorizationCase,
  configs: readonly VectorizationConfig[],
): ConformanceCase<VectorizerCaseId>[] {
  const tolerance = usesLibm(c.input) ? LIBM_TOLERANCE : EXACT;
  return c.executions.flatMap((e) => {
    const args = toArguments(e.args);
    const baseline: ConformanceCase<VectorizerCaseId> = {
      id: `vectorizer/scalar/${c.name}/exec-${e.name}`,
      rule: 'vectorize.scalar-execution',
      run: async () => {
        const outcome = await ctx.impl.execute(c.input, c.function, args, { vscale: 1 });
        expectOutcome(outcome, e, e.args, tolerance, `@${c.function} (input) against mlir-runner`);
      },
    };
    const vectorized = configs.map(
      (config): ConformanceCase<VectorizerCaseId> => ({
        id: `vectorizer/${config.name}/${c.name}/exec-${e.name}`,
        rule: executionRule(c, config, e),
        run: async () => {
          const vscale = config.options.enableVLAVectorization ? VLA_VSCALE : 1;
          const output = await ctx.vectorized(c, config);
          const outcome = await ctx.impl.execute(output, c.function, args, { vscale });
          expectOutcome(
            outcome,
            e,
            e.args,
            tolerance,
            `@${c.function} vectorized with ${config.pass} (vscale ${vscale}) against mlir-runner on the input`,
          );
        },
      }),
    );
    return [baseline, ...vectorized];
  });
}
