/**
 * The fold vocabulary shared by every fold table: a {@link Fold} maps one op (with the
 * constant values known so far) to its replacement, and helpers build the usual replacements.
 */
import {
  type Attribute,
  type DenseElement,
  denseAttr,
  floatAttr,
  integerAttr,
} from '../../ir/attributes.js';
import { createOperation, type Operation, type Value } from '../../ir/operation.js';
import type { Replacement } from '../../ir/rewriter.js';
import type { Type } from '../../ir/types.js';

/** Constant values known so far (filled in program order, so defs precede uses). */
export type ConstantValues = ReadonlyMap<Value, Attribute>;

/** The op defining each value seen so far (in program order, so defs precede uses). */
export type DefiningOps = ReadonlyMap<Value, Operation>;

/**
 * A fold: the replacement of `op`, or `undefined` when it does not apply. `constants` and
 * `defs` describe the operands (both filled in program order by the driver).
 */
export type Fold = (
  op: Operation,
  constants: ConstantValues,
  defs: DefiningOps,
) => Replacement | undefined;

/** Folds keyed by the name of the op they apply to. */
export type FoldTable = ReadonlyMap<string, Fold>;

/** The single lane value of a splat constant, or of a scalar constant. */
export function splatValue(attr: Attribute | undefined): DenseElement | undefined {
  if (attr === undefined) return undefined;
  if (attr.kind === 'dense') return attr.splat ? attr.values[0] : undefined;
  if (attr.kind === 'integer' || attr.kind === 'float') return attr.value;
  return undefined;
}

/** A replacement by a new `arith.constant` holding `attr`. */
export function constantOp(attr: Attribute, type: Type): Replacement {
  const op = createOperation({
    name: 'arith.constant',
    resultTypes: [type],
    attributes: { value: attr },
  });
  return { operations: [op], results: op.results };
}

/**
 * The constant attribute of `type` whose every lane is `lane`: a scalar integer or float,
 * or a splat for a vector of them; undefined for other types.
 */
export function splatOf(type: Type, lane: DenseElement): Attribute | undefined {
  if (type.kind === 'vector') return denseAttr(type, [lane]);
  if (type.kind === 'float') return floatAttr(Number(lane), type);
  if (type.kind === 'integer' || type.kind === 'index') return integerAttr(BigInt(lane), type);
  return undefined;
}

/** A replacement that forwards an existing value (no new ops). */
export function forward(value: Value): Replacement {
  return { operations: [], results: [value] };
}

/** A fold that tries `folds` in order and returns the first replacement. */
export function firstOf(...folds: readonly Fold[]): Fold {
  return (op, constants, defs) => {
    for (const fold of folds) {
      const folded = fold(op, constants, defs);
      if (folded !== undefined) return folded;
    }
    return undefined;
  };
}
