/**
 * Folds of the vector ops, as MLIR's vector canonicalization patterns and op folders apply
 * them: broadcasts of constants become splat constants (and a broadcast to its own type
 * goes), an insert of a constant into a constant is a constant, and an all-true mask turns
 * masked loads/stores into plain ones.
 */
import { type DenseAttr, denseAttr } from '../../ir/attributes.js';
import { createOperation, type Operation, type Value } from '../../ir/operation.js';
import type { Replacement } from '../../ir/rewriter.js';
import { typeEquals } from '../../ir/types.js';
import { MAX_VECTOR_LENGTH } from '../../ir/vector-length.js';
import {
  type ConstantValues,
  constantOp,
  type Fold,
  type FoldTable,
  forward,
  splatValue,
} from './fold.js';

/** Whether `mask` is the constant all-true mask. */
function isAllTrue(mask: Value, constants: ConstantValues): boolean {
  const lane = splatValue(constants.get(mask));
  return lane === 1n || lane === -1n;
}

function denseConstant(attr: DenseAttr): Replacement {
  return constantOp(attr, attr.type);
}

/** Rebuilds `op` under a new name and operand list, keeping its result values. */
function renamed(op: Operation, name: string, operands: readonly Value[]): Replacement {
  const next = createOperation({
    name,
    operands,
    resultTypes: op.results.map((r) => r.type),
    attributes:
      op.name === 'vector.maskedload' || op.name === 'vector.maskedstore' ? {} : op.attributes,
  });
  return { operations: [next], results: next.results };
}

/** `vector.broadcast`: of its own type, or of a (splat) constant. */
export const foldBroadcast: Fold = (op, constants) => {
  const source = op.operands[0] as Value;
  const result = op.results[0] as Value;
  if (typeEquals(source.type, result.type)) return forward(source);
  const lane = splatValue(constants.get(source));
  if (lane === undefined || result.type.kind !== 'vector') return undefined;
  return denseConstant(denseAttr(result.type, [lane]));
};

/** `vector.insert` of a scalar constant into a constant vector. */
export const foldInsert: Fold = (op, constants) => {
  const [value, dest] = op.operands as [Value, Value];
  const position = op.attributes.static_position;
  const scalar = splatValue(constants.get(value));
  const vector = constants.get(dest);
  const type = dest.type;
  if (scalar === undefined || vector?.kind !== 'dense' || type.kind !== 'vector') return undefined;
  // A scalable vector has no fixed lane list to write a non-splat constant into.
  if (type.scalableDims.some(Boolean) || position?.kind !== 'denseArray') return undefined;
  if (op.operands.length !== 2 || position.values.length !== 1) return undefined;
  // Spelling out the lanes of a hand-written vector wider than any vl would allocate per lane.
  if ((type.shape[0] as number) > MAX_VECTOR_LENGTH) return undefined;
  const lane = Number(position.values[0]);
  const lanes = vector.splat ? Array(type.shape[0]).fill(vector.values[0]) : [...vector.values];
  lanes[lane] = scalar;
  const uniform = lanes.every((x) => Object.is(x, lanes[0]));
  return denseConstant(denseAttr(type, uniform ? [lanes[0]] : lanes));
};

/** `vector.maskedload` under an all-true mask is a `vector.load`. */
export const foldMaskedLoad: Fold = (op, constants) => {
  const operands = op.operands;
  const mask = operands[operands.length - 2] as Value;
  if (!isAllTrue(mask, constants)) return undefined;
  return renamed(op, 'vector.load', operands.slice(0, -2));
};

/** `vector.maskedstore` under an all-true mask is a `vector.store`. */
export const foldMaskedStore: Fold = (op, constants) => {
  const operands = op.operands;
  const mask = operands[operands.length - 2] as Value;
  if (!isAllTrue(mask, constants)) return undefined;
  const [base, ...indices] = operands.slice(0, -2) as [Value, ...Value[]];
  return renamed(op, 'vector.store', [operands[operands.length - 1] as Value, base, ...indices]);
};

/** The vector folds, keyed by op name. */
export const VECTOR_FOLDS: FoldTable = new Map([
  ['vector.broadcast', foldBroadcast],
  ['vector.insert', foldInsert],
  ['vector.maskedload', foldMaskedLoad],
  ['vector.maskedstore', foldMaskedStore],
]);
