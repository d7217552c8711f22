/** `sparseConformance`: TACO's and MLIR's sparse kernels over any `SparseImpl`. */

import { requireObject, requireString } from '../../core/arguments.js';
import { CaseMismatch, type ConformanceCase } from '../../core/case.js';
import { expectValues } from '../../core/compare.js';
import { DEFAULT_SEED } from '../../core/property.js';
import {
  type ConformanceSuite,
  checkSuiteOptions,
  createSuite,
  type SuiteOptions,
} from '../../core/suite.js';
import { EXACT, type Tolerance } from '../../core/tolerance.js';
import { referenceIndexNotation } from '../../reference/index-notation.js';
import { SPARSE_CASES, type SparseCase } from './sparse-cases.js';
import type { SparseImpl, SparseResult, SparseValueType } from './sparse-impl.js';
import { generateOperands } from './sparse-operands.js';

/** Operand sets drawn per case unless `numRuns` is given. */
export const SPARSE_DEFAULT_RUNS = 3;

/** Id of a sparse case: `sparse/<kernel family>/<variant>`. */
export type SparseCaseId = `sparse/${string}/${string}`;

/**
 * Allowed difference per value type: the implementation may sum in another order than the
 * reference (vectorized reductions, workspaces), so floats get a few units in the last place
 * of the largest partial sums the generated operands reach; integers are exact.
 */
const TOLERANCES: Readonly<Record<SparseValueType, Tolerance>> = {
  f32: { absolute: 1e-3, relative: 1e-5 },
  f64: { absolute: 1e-9, relative: 1e-12 },
  i32: EXACT,
};

const ROUNDING: Readonly<Record<SparseValueType, (x: number) => number>> = {
  f32: Math.fround,
  f64: (x) => x,
  i32: (x) => x | 0,
};

/** The case's id. */
export function sparseCaseId(c: SparseCase): SparseCaseId {
  requireObject(c as unknown, 'c');
  requireString(c.group, 'c.group');
  requireString(c.name, 'c.name');
  return `sparse/${c.group}/${c.name}`;
}

/** Mixes the suite seed, the case id and the run into the seed of one operand set. */
function operandSeed(seed: number, id: string, run: number): number {
  let hash = 0x811c9dc5 ^ seed;
  for (let n = 0; n < id.length; n++) hash = Math.imul(hash ^ id.charCodeAt(n), 0x01000193);
  return (hash + Math.imul(run, 0x9e3779b9)) >>> 0;
}

/** A sparse result as dense row-major data, checking that every entry is stored once in bounds. */
function densify(result: SparseResult, shape: readonly number[], what: string): ArrayLike<number> {
  if (!('coordinates' in result)) return result;
  const size = shape.reduce((n, d) => n * d, 1);
  const dense = new Array<number>(size).fill(0);
  const seen = new Set<number>();
  if (result.coordinates.length !== result.values.length) {
    throw new CaseMismatch(
      `${what}: ${result.coordinates.length} coordinates but ${result.values.length} values`,
    );
  }
  result.coordinates.forEach((coordinate, n) => {
    const inside =
      coordinate.length === shape.length &&
      coordinate.every((x, d) => Number.isInteger(x) && x >= 0 && x < (shape[d] as number));
    if (!inside) {
      throw new CaseMismatch(`${what}: entry ${n} at (${coordinate}) is outside shape [${shape}]`);
    }
    const at = coordinate.reduce((acc, x, d) => acc * (shape[d] as number) + x, 0);
    if (seen.has(at)) throw new CaseMismatch(`${what}: (${coordinate}) is stored twice`);
    seen.add(at);
    dense[at] = result.values[n] as number;
  });
  return dense;
}

function sparseCase(impl: SparseImpl, c: SparseCase, seed: number, numRuns: number) {
  const id = sparseCaseId(c);
  return {
    id,
    rule: c.rule,
    run: async () => {
      for (let run = 0; run < numRuns; run++) {
        const { operands, output } = generateOperands(c, operandSeed(seed, id, run));
        const what = `${c.expression} with ${JSON.stringify(c.formats)} (${c.valueType}, run ${run}, from ${c.source})`;
        const before = JSON.stringify({ operands, output });
        const result = await impl.run({
          expression: c.expression,
          formats: c.formats,
          valueType: c.valueType,
          operands,
          output,
        });
        if (JSON.stringify({ operands, output }) !== before) {
          throw new CaseMismatch(`${what}: the implementation changed its operands`);
        }
        const expected = referenceIndexNotation(c.expression, operands, output.data, {
          round: ROUNDING[c.valueType],
          integer: c.valueType === 'i32',
          extents: c.extents,
        });
        expectValues(densify(result, output.shape, what), expected, what, {
          tolerance: TOLERANCES[c.valueType],
        });
      }
    },
  } satisfies ConformanceCase<SparseCaseId>;
}

/**
 * The sparse conformance suite: every kernel of `SPARSE_CASES` (SpMV, SpMM, SDDMM, SpGEMM into
 * every output format, element-wise operators, TTV, MTTKRP, transposes, `*=`, TACO's reduction
 * placement, index values, functions, Gram matrices, mixed formats, conversions) run on seeded
 * operands and compared with `referenceIndexNotation` on dense copies.
 *
 * @param impl Runs one kernel with its operands in the given formats.
 * @param options Framework functions (registers the cases when given), exclusions, seed, runs.
 * @throws ConformanceConfigError for exclusions that name no case or give no reason.
 */
export function sparseConformance(
  impl: SparseImpl,
  options: SuiteOptions<SparseCaseId> & { readonly label?: string } = {},
): ConformanceSuite<SparseCaseId> {
  requireObject(impl as unknown, 'impl');
  checkSuiteOptions(options);
  if (options.label !== undefined) requireString(options.label, 'options.label');
  const seed = options.seed ?? DEFAULT_SEED;
  const numRuns = options.numRuns ?? SPARSE_DEFAULT_RUNS;
  return createSuite(
    {
      name: 'sparse',
      label: options.label ?? 'sparse',
      cases: SPARSE_CASES.map((c) => sparseCase(impl, c, seed, numRuns)),
    },
    options,
  );
}
