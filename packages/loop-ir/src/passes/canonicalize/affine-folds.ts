/**
 * Folds of the `affine` ops: constant symbol operands are substituted into an `affine.min`
 * map (the operands stay, as MLIR's folder leaves them), and an `affine.apply`, `affine.min`
 * or `affine.max` whose operands are all constants is evaluated.
 *
 * Not covered: MLIR's affine canonicalization patterns proper (composing maps, promoting
 * dims that are valid symbols to symbols, dropping unused and constant operands, ordering
 * the results): the ops and their operands stay, only the map text differs from
 * `mlir-opt --canonicalize`.
 */
import type { AffineExpr } from '../../ir/affine.js';
import {
  AffineEvalError,
  affineBinary,
  affineConstant,
  affineMap,
  evaluateAffineMap,
} from '../../ir/affine.js';
import { affineMapAttr, integerAttr } from '../../ir/attributes.js';
import { createOperation, type Value } from '../../ir/operation.js';
import { index } from '../../ir/types.js';
import { constantOp, type Fold, type FoldTable, firstOf } from './fold.js';

/** Substitutes constant symbol operands into the map (the operands themselves stay). */
export const foldAffineMinSymbols: Fold = (op, constants) => {
  const attr = op.attributes.map;
  if (attr?.kind !== 'affineMap') return undefined;
  const map = attr.map;
  const symbols = op.operands.slice(map.numDims).map((s) => constants.get(s));
  const substitute = (e: AffineExpr): AffineExpr => {
    if (e.kind === 'symbol') {
      const c = symbols[e.position];
      return c?.kind === 'integer' ? affineConstant(c.value) : e;
    }
    if (e.kind !== 'binary') return e;
    const [lhs, rhs] = [substitute(e.lhs), substitute(e.rhs)];
    return lhs === e.lhs && rhs === e.rhs ? e : affineBinary(e.op, lhs, rhs);
  };
  const results = map.results.map(substitute);
  if (results.every((e, k) => e === map.results[k])) return undefined;
  const next = createOperation({
    name: op.name,
    operands: op.operands,
    resultTypes: [op.results[0]?.type as Value['type']],
    attributes: {
      ...op.attributes,
      map: affineMapAttr(affineMap(map.numDims, map.numSymbols, results)),
    },
  });
  return { operations: [next], results: next.results };
};

/** Evaluates an `affine.apply`/`min`/`max` whose operands are all constants (in 64 bits). */
export const foldAffineConstant: Fold = (op, constants) => {
  const attr = op.attributes.map;
  if (attr?.kind !== 'affineMap') return undefined;
  const operands = op.operands.map((v) => constants.get(v));
  if (!operands.every((c) => c?.kind === 'integer')) return undefined;
  let values: bigint[];
  try {
    values = evaluateAffineMap(
      attr.map,
      operands.map((c) => (c?.kind === 'integer' ? c.value : 0n)),
      64,
    );
  } catch (error) {
    // A division by zero stays unfolded, as in MLIR.
    if (error instanceof AffineEvalError) return undefined;
    throw error;
  }
  const pick = op.name === 'affine.max' ? (a: bigint, b: bigint) => (a > b ? a : b) : min;
  const value = op.name === 'affine.apply' ? values[0] : values.reduce(pick);
  return value === undefined ? undefined : constantOp(integerAttr(value, index), index);
};

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

/** The `affine` folds, keyed by op name. */
export const AFFINE_FOLDS: FoldTable = new Map([
  ['affine.apply', foldAffineConstant],
  ['affine.min', firstOf(foldAffineConstant, foldAffineMinSymbols)],
  ['affine.max', foldAffineConstant],
]);
