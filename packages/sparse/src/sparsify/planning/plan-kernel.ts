/**
 * Resolves a parsed kernel against its formats: which tensors are sparse, the index variable
 * of every storage level, the loop order (a topological order of the level orders, like
 * MLIR's sparsifier) and which indices are reductions.
 */
import type { FormatSpec, SparseFormat } from '../../sparse-tensor/format.js';
import { SparsifyError } from '../errors.js';
import { accessVariables } from './affine-subscript.js';
import type { AccessExpr, Notation } from './expression.js';
import type { KernelPlan, PlanOptions } from './kernel-plan.js';
import { accessesOf } from './notation.js';
import { freeIndicesOf, planReductions } from './reductions.js';
import { plainDensePlan, StagePlanner } from './stage-planner.js';

const VALUE_TYPES: ReadonlySet<string> = new Set(['f32', 'f64', 'i32', 'i64']);

/**
 * Plans `notation` with per-tensor `formats` (tensors not named are dense). `sparseOutput` is
 * the output's format when it is sparse (see output-plan.ts, which assembles it): its level
 * order then binds the loop order like an input's, and inputs whose level order conflicts with
 * it are the ones converted; with `reductionsInside`, every reduction loop must also nest inside
 * all of the output's levels (in-order insertion needs no workspace then).
 */
export function planKernel(
  notation: Notation,
  formats: Readonly<Record<string, FormatSpec>>,
  options: PlanOptions = {},
  sparseOutput?: SparseFormat,
  reductionsInside = false,
): KernelPlan {
  const valueType = options.valueType ?? 'f32';
  if (!VALUE_TYPES.has(valueType)) {
    throw new SparsifyError(
      'options.valueType',
      `must be one of f32, f64, i32, i64, got ${String(valueType)}`,
    );
  }
  const accesses = accessesOf(notation.rhs);
  checkTensors(notation, formats, accesses);
  const out = notation.output;
  const stages = planReductions(notation);
  if (sparseOutput !== undefined && stages.reducer !== 'sum') {
    throw new SparsifyError(
      `formats.${out.tensor}`,
      `a ${stages.reducer} reduction needs a dense output (a sparse one would not store the zeros it computes where every term is absent); reduce into a dense ${out.tensor}, then convert it`,
    );
  }
  const planner = new StagePlanner({
    notation,
    formats,
    options,
    accesses,
    temporaryNames: new Set(stages.temporaries.map((t) => t.name)),
    reductionsInside,
    valueType,
  });
  const temporaries = stages.temporaries.map((t) =>
    planner.planStage(t.rhs, plainDensePlan(t.name, t.indices), t.reduced, '=', t.reducer),
  );
  const dense = planner.planAccess(out.tensor, out.indices, out.tensor);
  if (dense.format !== undefined) {
    throw new SparsifyError(`formats.${out.tensor}`, 'the output must be dense (row-major)');
  }
  const output =
    sparseOutput === undefined
      ? dense
      : {
          ...dense,
          format: sparseOutput,
          levelIndices: sparseOutput.order.map((d) => out.indices[d] as string),
        };
  const main = planner.planStage(stages.rhs, output, stages.reduced, notation.op, stages.reducer);
  return {
    ...main,
    notation: { ...notation, rhs: main.notation.rhs },
    inputs: planner.inputs(),
    indexVars: [...new Set([...out.indices, ...accesses.flatMap(accessVariables)])],
    temporaries,
  };
}

/**
 * Checks the tensors of a kernel before planning it: no access repeats an index, the output is
 * not read, every format names a tensor, and every output index and index value has an extent
 * some operand gives it.
 */
function checkTensors(
  notation: Notation,
  formats: Readonly<Record<string, FormatSpec>>,
  accesses: readonly AccessExpr[],
): void {
  const names = new Set(accesses.map((a) => a.tensor));
  for (const a of accesses) checkDistinct(a);
  const out = notation.output;
  checkDistinct(out);
  if (names.has(out.tensor)) {
    throw new SparsifyError(
      'expression',
      `the output ${out.tensor} also appears on the right-hand side; use += or *=`,
    );
  }
  for (const name of Object.keys(formats)) {
    if (!names.has(name) && name !== out.tensor) {
      throw new SparsifyError(`formats.${name}`, `no tensor named ${name} in "${notation.source}"`);
    }
  }
  const missing = out.indices.find((i) => !accesses.some((a) => accessVariables(a).includes(i)));
  if (missing !== undefined && accesses.length > 0) {
    throw new SparsifyError(
      'expression',
      `output index ${missing} does not appear on the right-hand side`,
    );
  }
  const unsized = freeIndicesOf(notation.rhs).find(
    (i) => !out.indices.includes(i) && !accesses.some((a) => accessVariables(a).includes(i)),
  );
  if (unsized !== undefined) {
    throw new SparsifyError(
      'expression',
      `index ${unsized} is used as a value but indexes no tensor, so its extent is unknown`,
    );
  }
}

function checkDistinct(a: AccessExpr): void {
  // A located access reads any element, the same index twice included.
  if (a.subscripts === undefined && new Set(a.indices).size !== a.indices.length) {
    throw new SparsifyError(
      'expression',
      `${a.tensor}(${a.indices.join(',')}) repeats an index (diagonals are not supported)`,
    );
  }
}
