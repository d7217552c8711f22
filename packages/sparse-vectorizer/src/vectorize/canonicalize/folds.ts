/**
 * The folds MLIR's vector canonicalization patterns (and op folders) apply to the pass's
 * output, as a table keyed by op name: broadcasts of constants become splat constants, an
 * all-true mask turns masked loads/stores into plain ones and selects on it into their
 * true operand, and `affine.min` absorbs a constant step.
 */
import type {
  AffineExpr,
  Attribute,
  DenseAttr,
  DenseElement,
  Operation,
  Replacement,
  Value,
} from '@tilekit/loop-ir';
import {
  affineBinary,
  affineConstant,
  affineMap,
  affineMapAttr,
  createOperation,
  denseAttr,
  IRMapping,
  MAX_VECTOR_LENGTH,
  remapOperation,
  typeEquals,
} from '@tilekit/loop-ir';

/** Constant values known so far (filled in program order, so defs precede uses). */
type Constants = ReadonlyMap<Value, Attribute>;

/** A fold: the replacement of `op`, or `undefined` when it does not apply. */
type Fold = (op: Operation, constants: Constants) => Replacement | undefined;

/** The single lane value of a splat constant, or of a scalar constant. */
function splatValue(attr: Attribute | undefined): DenseElement | undefined {
  if (attr === undefined) return undefined;
  if (attr.kind === 'dense') return attr.splat ? attr.values[0] : undefined;
  if (attr.kind === 'integer' || attr.kind === 'float') return attr.value;
  return undefined;
}

/** Whether `mask` is the constant all-true mask. */
function isAllTrue(mask: Value, constants: Constants): boolean {
  const lane = splatValue(constants.get(mask));
  return lane === 1n || lane === -1n;
}

function constantOp(attr: DenseAttr): Replacement {
  const op = createOperation({
    name: 'arith.constant',
    resultTypes: [attr.type],
    attributes: { value: attr },
    resultNames: ['cst'],
  });
  return { operations: [op], results: op.results };
}

function forward(value: Value): Replacement {
  return { operations: [], results: [value] };
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

const foldBroadcast: Fold = (op, constants) => {
  const source = op.operands[0] as Value;
  const result = op.results[0] as Value;
  if (typeEquals(source.type, result.type)) return forward(source);
  const lane = splatValue(constants.get(source));
  if (lane === undefined || result.type.kind !== 'vector') return undefined;
  return constantOp(denseAttr(result.type, [lane]));
};

const foldInsert: Fold = (op, constants) => {
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
  return constantOp(denseAttr(type, uniform ? [lanes[0]] : lanes));
};

const foldMaskedLoad: Fold = (op, constants) => {
  const operands = op.operands;
  const mask = operands[operands.length - 2] as Value;
  if (!isAllTrue(mask, constants)) return undefined;
  return renamed(op, 'vector.load', operands.slice(0, -2));
};

const foldMaskedStore: Fold = (op, constants) => {
  const operands = op.operands;
  const mask = operands[operands.length - 2] as Value;
  if (!isAllTrue(mask, constants)) return undefined;
  const [base, ...indices] = operands.slice(0, -2) as [Value, ...Value[]];
  return renamed(op, 'vector.store', [operands[operands.length - 1] as Value, base, ...indices]);
};

const foldSelect: Fold = (op, constants) => {
  const [condition, whenTrue, whenFalse] = op.operands as [Value, Value, Value];
  if (whenTrue === whenFalse) return forward(whenTrue);
  const lane = splatValue(constants.get(condition));
  if (lane === undefined) return undefined;
  return forward(lane === 0n ? whenFalse : whenTrue);
};

/** Substitutes constant symbol operands into the map (the operands themselves stay). */
const foldAffineMin: Fold = (op, constants) => {
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

/** The fold rules, keyed by op name. */
export const FOLDS: ReadonlyMap<string, Fold> = new Map([
  ['vector.broadcast', foldBroadcast],
  ['vector.insert', foldInsert],
  ['vector.maskedload', foldMaskedLoad],
  ['vector.maskedstore', foldMaskedStore],
  ['arith.select', foldSelect],
  ['affine.min', foldAffineMin],
]);

/** Applies {@link FOLDS} once over `func`; `changed` when any fold fired. */
export function applyFolds(func: Operation): { func: Operation; changed: boolean } {
  const constants = new Map<Value, Attribute>();
  let changed = false;
  const next = remapOperation(func, new IRMapping(), (op) => {
    if (op.name === 'arith.constant') {
      constants.set(op.results[0] as Value, op.attributes.value as Attribute);
      return undefined;
    }
    const replacement = FOLDS.get(op.name)?.(op, constants);
    if (replacement === undefined) return undefined;
    changed = true;
    for (const made of replacement.operations) {
      if (made.name === 'arith.constant') {
        constants.set(made.results[0] as Value, made.attributes.value as Attribute);
      }
    }
    return replacement;
  });
  return { func: next, changed };
}
