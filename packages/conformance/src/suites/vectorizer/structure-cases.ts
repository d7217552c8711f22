/**
 * Structural vectorizer cases: for each input loop and option set, the implementation's output
 * must make the same per-loop decisions and use the same vector operations as mlir-opt.
 */
import type { ConformanceCase } from '../../core/case.js';
import { expectEqual } from '../../core/compare.js';
import type {
  ExpectedVectorization,
  VectorizationCase,
  VectorizationConfig,
} from '../../data/mlir-vectorization.js';
import type { RuleId } from '../../rules.js';
import { summariseModule } from './mlir-text.js';
import type { VectorizerCaseId, VectorizerContext } from './vectorizer-context.js';

const hasOp = (expected: ExpectedVectorization, prefix: string) =>
  Object.keys(expected.vectorOps).some((k) => k.startsWith(prefix));

/** The most specific rule the vector-op multiset of `expected` pins down. */
export function vectorOpsRule(
  expected: ExpectedVectorization,
  config: VectorizationConfig,
): RuleId {
  if (hasOp(expected, 'vector.gather') || hasOp(expected, 'vector.scatter'))
    return 'vectorize.gather-index-width';
  if (hasOp(expected, 'vector.reduction')) return 'vectorize.reduction-init';
  if (config.options.enableVLAVectorization) return 'vectorize.vla-step';
  return 'vectorize.vector-ops';
}

async function summaryOf(
  ctx: VectorizerContext,
  c: VectorizationCase,
  config: VectorizationConfig,
) {
  const output = await ctx.vectorized(c, config);
  const summary = summariseModule(output).find((f) => f.name === c.function);
  if (!summary) throw new Error(`the output has no function @${c.function}:\n${output}`);
  return summary;
}

/** Decision and vector-op cases of one input loop under one option set. */
export function structureCases(
  ctx: VectorizerContext,
  c: VectorizationCase,
  config: VectorizationConfig,
): ConformanceCase<VectorizerCaseId>[] {
  const expected = c.expected[config.name];
  if (!expected) return [];
  const base: VectorizerCaseId = `vectorizer/${config.name}/${c.name}`;
  const pass = `mlir-opt --sparse-vectorization="${config.pass}"`;
  const cases: ConformanceCase<VectorizerCaseId>[] = [
    {
      id: `${base}/decisions`,
      rule: 'vectorize.loop-selection',
      run: async () => {
        const { loops } = await summaryOf(ctx, c, config);
        expectEqual(loops, expected.loops, `per-loop decisions (textual order) against ${pass}`);
      },
    },
  ];
  if (Object.keys(expected.vectorOps).length > 0) {
    cases.push({
      id: `${base}/vector-ops`,
      rule: vectorOpsRule(expected, config),
      run: async () => {
        const { vectorOps } = await summaryOf(ctx, c, config);
        expectEqual(vectorOps, expected.vectorOps, `vector-op multiset against ${pass}`);
      },
    });
  }
  return cases;
}
