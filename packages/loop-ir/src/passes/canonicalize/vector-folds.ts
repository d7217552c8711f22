/**
 * Folds of the vector ops, as MLIR's vector canonicalization patterns and op folders apply
 * them: broadcasts of constants become splat constants (and a broadcast to its own type
 * goes), an insert of a constant into a constant and an extract from a constant are constants,
 * and an all-true mask turns
 * masked loads/stores into plain ones.
 */
import { expectFoldArguments } from '../../argument-checks.js';
import {
  type Attribute,
  type DenseAttr,
  type DenseElement,
  denseAttr,
} from '../../ir/attributes.js';
import { createOperation, type Operation, type Value } from '../../ir/operation.js';
import { DYNAMIC_POSITION } from '../../ir/position.js';
import type { Replacement } from '../../ir/rewriter.js';
import { typeEquals, type VectorType } from '../../ir/types.js';
import { laneCount, MAX_VECTOR_LENGTH } from '../../ir/vector-length.js';
import {
  type ConstantValues,
  constantOp,
  type Fold,
  type FoldTable,
  forward,
  splatOf,
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
export const foldBroadcast: Fold = (op, constants, defs) => {
  expectFoldArguments(op, constants, defs);
  const source = op.operands[0];
  const result = op.results[0];
  if (source === undefined || result === undefined) return undefined;
  if (typeEquals(source.type, result.type)) return forward(source);
  const lane = splatValue(constants.get(source));
  if (lane === undefined || result.type.kind !== 'vector') return undefined;
  return denseConstant(denseAttr(result.type, [lane]));
};

/** The lanes of a constant of `count` lanes: a splat spelled out, or the dense list. */
function lanesOf(attr: Attribute | undefined, count: number): DenseElement[] | undefined {
  if (attr?.kind === 'dense') {
    return attr.splat ? Array(count).fill(attr.values[0]) : [...attr.values];
  }
  const lane = splatValue(attr);
  return lane === undefined ? undefined : Array(count).fill(lane);
}

/**
 * The row-major block of a fixed-shape vector that a `vector.insert`/`vector.extract`
 * position addresses (`start`, `length` lanes), when every position entry is known: static,
 * or a dynamic operand defined by a constant. Out-of-range (poison) positions do not fold.
 */
function constantBlock(
  op: Operation,
  type: VectorType,
  dynamic: readonly Value[],
  constants: ConstantValues,
): { start: number; length: number } | undefined {
  const position = op.attributes.static_position;
  if (position?.kind !== 'denseArray' || type.scalableDims.some(Boolean)) return undefined;
  let next = 0;
  let start = 0;
  for (const [d, entry] of position.values.entries()) {
    const known = entry === DYNAMIC_POSITION ? constants.get(dynamic[next++] as Value) : undefined;
    const index =
      entry === DYNAMIC_POSITION ? (known?.kind === 'integer' ? known.value : -1n) : entry;
    const dim = type.shape[d] as number;
    if (index < 0n || index >= BigInt(dim)) return undefined;
    start = start * dim + Number(index);
  }
  const length = type.shape.slice(position.values.length).reduce((a, b) => a * b, 1);
  return { start: start * length, length };
}

/**
 * `vector.insert` of a constant (scalar or sub-vector) into a constant vector of any rank:
 * the block the position addresses takes the inserted lanes.
 */
export const foldInsert: Fold = (op, constants, defs) => {
  expectFoldArguments(op, constants, defs);
  if (op.operands.length < 2) return undefined;
  const [value, dest, ...dynamic] = op.operands as [Value, Value, ...Value[]];
  const type = dest.type;
  if (type.kind !== 'vector' || constants.get(dest)?.kind !== 'dense') return undefined;
  // Spelling out the lanes of a hand-written vector wider than any vl would allocate per lane.
  if (laneCount(type) > MAX_VECTOR_LENGTH) return undefined;
  const block = constantBlock(op, type, dynamic, constants);
  if (block === undefined) return undefined;
  const inserted = lanesOf(constants.get(value), block.length);
  const lanes = lanesOf(constants.get(dest), laneCount(type));
  if (inserted === undefined || lanes === undefined || inserted.length !== block.length)
    return undefined;
  lanes.splice(block.start, block.length, ...inserted);
  return denseConstant(denseAttr(type, lanes));
};

/** `vector.extract` of a constant vector: a scalar constant or a constant sub-vector. */
export const foldExtract: Fold = (op, constants) => {
  const [source, ...dynamic] = op.operands as [Value, ...Value[]];
  const type = source.type;
  const resultType = (op.results[0] as Value).type;
  if (type.kind !== 'vector' || constants.get(source)?.kind !== 'dense') return undefined;
  const block = constantBlock(op, type, dynamic, constants);
  if (block === undefined) return undefined;
  const lanes = lanesOf(constants.get(source), laneCount(type));
  if (lanes === undefined) return undefined;
  const picked = lanes.slice(block.start, block.start + block.length);
  if (resultType.kind === 'vector') return denseConstant(denseAttr(resultType, picked));
  const attr = splatOf(resultType, picked[0] as DenseElement);
  return attr === undefined ? undefined : constantOp(attr, resultType);
};

/** `vector.maskedload` under an all-true mask is a `vector.load`. */
export const foldMaskedLoad: Fold = (op, constants, defs) => {
  expectFoldArguments(op, constants, defs);
  const operands = op.operands;
  const mask = operands[operands.length - 2] as Value;
  if (!isAllTrue(mask, constants)) return undefined;
  return renamed(op, 'vector.load', operands.slice(0, -2));
};

/** `vector.maskedstore` under an all-true mask is a `vector.store`. */
export const foldMaskedStore: Fold = (op, constants, defs) => {
  expectFoldArguments(op, constants, defs);
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
  ['vector.extract', foldExtract],
  ['vector.maskedload', foldMaskedLoad],
  ['vector.maskedstore', foldMaskedStore],
]);
