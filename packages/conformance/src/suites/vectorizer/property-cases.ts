/**
 * Property cases: CSR SpMV (`spmv_csr_f32` of the case data) vectorized under each option set
 * and executed on generated sparse matrices, against a plain SpMV loop.
 */
import * as fc from 'fast-check';
import type { ConformanceCase } from '../../core/case.js';
import { expectValues } from '../../core/compare.js';
import { checkProperty } from '../../core/property.js';
import type { VectorizationCase, VectorizationConfig } from '../../data/mlir-vectorization.js';
import { type CsrMatrix, csrMatrices } from '../../generators/sparse.js';
import type { VectorizerCaseId, VectorizerContext } from './vectorizer-context.js';
import type { ExecArgument } from './vectorizer-impl.js';

/** The case the SpMV property runs, by name in the case data. */
export const SPMV_CASE = 'spmv_csr_f32';

/** vscale of the scalable option sets here: odd, so lanes per vector are not a power of two. */
const PROPERTY_VSCALE = 3;

/** y + A x, with integer data so float32 sums are exact in any order. */
function referenceSpmv(a: CsrMatrix, x: readonly number[], y: readonly number[]): number[] {
  return y.map((yi, i) => {
    let sum = yi;
    for (let p = a.pos[i]!; p < a.pos[i + 1]!; p++) sum += a.vals[p]! * x[a.crd[p]!]!;
    return sum;
  });
}

const spmvInputs = csrMatrices({ maxRows: 6, maxCols: 40 }).chain((a) =>
  fc.record({
    a: fc.constant(a),
    x: fc.array(fc.integer({ min: -8, max: 8 }), { minLength: a.cols, maxLength: a.cols }),
    y: fc.array(fc.integer({ min: -8, max: 8 }), { minLength: a.rows, maxLength: a.rows }),
  }),
);

/** One SpMV property per option set, if the case data has the SpMV kernel. */
export function spmvProperties(
  ctx: VectorizerContext,
  cases: readonly VectorizationCase[],
  configs: readonly VectorizationConfig[],
): ConformanceCase<VectorizerCaseId>[] {
  const spmv = cases.find((c) => c.name === SPMV_CASE);
  if (!spmv) return [];
  return configs.map((config) => ({
    id: `vectorizer/${config.name}/property/${SPMV_CASE}`,
    rule: 'vectorize.semantics',
    run: async () => {
      const output = await ctx.vectorized(spmv, config);
      const vscale = config.options.enableVLAVectorization ? PROPERTY_VSCALE : 1;
      await checkProperty(
        fc.asyncProperty(spmvInputs, async ({ a, x, y }) => {
          const memref = (elementType: string, data: readonly number[]): ExecArgument => ({
            kind: 'memref',
            elementType,
            shape: [data.length],
            data,
          });
          const args: ExecArgument[] = [
            memref('index', a.pos),
            memref('index', a.crd),
            memref('f32', a.vals),
            memref('f32', x),
            memref('f32', y),
            { kind: 'scalar', type: 'index', value: a.rows },
          ];
          const outcome = await ctx.impl.execute(output, spmv.function, args, { vscale });
          expectValues(
            Array.from(outcome.memrefs[4] ?? []),
            referenceSpmv(a, x, y),
            `y += A x with ${config.pass} (vscale ${vscale})`,
          );
        }),
        ctx.settings,
      );
    },
  }));
}
