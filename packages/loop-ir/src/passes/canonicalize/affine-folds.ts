/**
 * Folds of the `affine` ops: constant symbol operands are substituted into an `affine.min`
 * map (the operands stay, as MLIR's folder leaves them), an `affine.apply`, `affine.min`
 * or `affine.max` whose operands are all constants is evaluated, and every map left is the
 * one its printed text reads back as.
 *
 * Not covered: MLIR's affine canonicalization patterns proper (composing maps, promoting
 * dims that are valid symbols to symbols, dropping unused and constant operands, ordering
 * the results): the ops and their operands stay, only the map text differs from
 * `mlir-opt --canonicalize`.
 */
import { expectFoldArguments } from '../../argument-checks.js';
import type { AffineExpr, AffineMap } from '../../ir/affine.js';
import {
  AffineEvalError,
  affineConstant,
  affineMap,
  affineMapEquals,
  evaluateAffineMap,
} from '../../ir/affine.js';
import { simplifiedAffineBinary } from '../../ir/affine-simplify.js';
import { affineMapAttr, integerAttr } from '../../ir/attributes.js';
import { createOperation, type Value } from '../../ir/operation.js';
import { index } from '../../ir/types.js';
import { parseAffineMapText } from '../../parse/affine.js';
import { printAffineMap } from '../../print/affine.js';
import { constantOp, type Fold, type FoldTable, firstOf } from './fold.js';

/** Rounds of {@link asItReads}; each one only simplifies, and two suffice in practice. */
const MAX_REREADS = 8;

/**
 * `map` as its printed text reads back. Simplifying while building depends on the tree's
 * shape, and a substituted tree has another shape than the one its text parses to (`(d0 + 9)
 * + 3` reads back as `d0 + 12`), so the folded map is re-read until its text is stable: the
 * module then prints, parses and prints to the same text.
 */
function asItReads(map: AffineMap): AffineMap {
  let text = printAffineMap(map);
  let current = map;
  for (let round = 0; round < MAX_REREADS; round++) {
    const reread = parseAffineMapText(text);
    const again = printAffineMap(reread);
    current = reread;
    if (again === text) break;
    text = again;
  }
  return current;
}

/**
 * Substitutes constant symbol operands into the map (the operands themselves stay). Each
 * rebuilt node is simplified as MLIR's expression operators simplify it (`-d0`, never
 * `-d0 + 0`), and the map is then taken as its text reads back.
 */
export const foldAffineMinSymbols: Fold = (op, constants, defs) => {
  expectFoldArguments(op, constants, defs);
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
    return lhs === e.lhs && rhs === e.rhs ? e : simplifiedAffineBinary(e.op, lhs, rhs);
  };
  const results = map.results.map(substitute);
  if (results.every((e, k) => e === map.results[k])) return undefined;
  const next = createOperation({
    name: op.name,
    operands: op.operands,
    resultTypes: [op.results[0]?.type as Value['type']],
    attributes: {
      ...op.attributes,
      map: affineMapAttr(asItReads(affineMap(map.numDims, map.numSymbols, results))),
    },
  });
  return { operations: [next], results: next.results };
};

/**
 * Replaces a map whose printed text reads back as another map by that one, so that what
 * canonicalize leaves prints, parses and prints to the same text (mlir-opt reads
 * `(d0 + d1) ceildiv 2 + -s0 + s1` back as `... - s0 + s1`, another tree).
 */
export const foldAffineMapAsItReads: Fold = (op) => {
  const attr = op.attributes.map;
  if (attr?.kind !== 'affineMap') return undefined;
  const reread = asItReads(attr.map);
  if (affineMapEquals(reread, attr.map)) return undefined;
  const next = createOperation({
    name: op.name,
    operands: op.operands,
    resultTypes: [op.results[0]?.type as Value['type']],
    attributes: { ...op.attributes, map: affineMapAttr(reread) },
  });
  return { operations: [next], results: next.results };
};

/** Evaluates an `affine.apply`/`min`/`max` whose operands are all constants (in 64 bits). */
export const foldAffineConstant: Fold = (op, constants, defs) => {
  expectFoldArguments(op, constants, defs);
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

/**
 * The `affine` folds, keyed by op name. Built in a pure-annotated call so that a bundle using
 * only some of the folds leaves the table out, and with it the parser the read-back fold needs.
 */
export const AFFINE_FOLDS: FoldTable = /* @__PURE__ */ (() =>
  new Map([
    ['affine.apply', firstOf(foldAffineConstant, foldAffineMapAsItReads)],
    ['affine.min', firstOf(foldAffineConstant, foldAffineMinSymbols, foldAffineMapAsItReads)],
    ['affine.max', firstOf(foldAffineConstant, foldAffineMapAsItReads)],
  ]))();
