/**
 * Folds of the `arith` ops, as their MLIR folders apply them: an op whose operands are all
 * scalar constants is evaluated (by the interpreter's own semantics, so folding and running
 * agree), identities drop (`x + 0`, `x * 1`, `x | 0`, ...), absorbing constants win
 * (`x * 0`, `x & 0`), `x - x` and `x ^ x` are zero, a select on a constant condition or
 * between equal values picks its operand, and a bitcast of a bitcast back to the source
 * type is the source.
 *
 * Not covered: folding on non-splat vector constants, NaN results and constants written as
 * hex bit patterns (they stay as they are), and moving constants to the right-hand side of
 * commutative ops.
 */

import { expectFoldArguments } from '../../argument-checks.js';
import { InterpretError } from '../../interpret/errors.js';
import type { RuntimeValue } from '../../interpret/runtime.js';
import { intWidth, wrapInt } from '../../interpret/scalar/integers.js';
import type { ExecContext } from '../../interpret/semantics/context.js';
import { SEMANTICS } from '../../interpret/semantics/index.js';
import type { Attribute } from '../../ir/attributes.js';
import { floatAttr, integerAttr } from '../../ir/attributes.js';
import { createOperation, type Value } from '../../ir/operation.js';
import { isScalar, type ScalarType, typeEquals } from '../../ir/types.js';
import {
  constantOp,
  type Fold,
  type FoldTable,
  firstOf,
  forward,
  splatOf,
  splatValue,
} from './fold.js';

/** Folding evaluates element-wise ops only: they never need the executor's services. */
const NO_EXECUTOR: ExecContext = {
  vscale: 1,
  maxWhileIterations: 0,
  runRegion: () => {
    throw new InterpretError('fold', 'no regions while folding');
  },
  call: () => {
    throw new InterpretError('fold', 'no calls while folding');
  },
};

/** A scalar constant as the interpreter holds it, or undefined when it is not one. */
function runtimeScalar(attr: Attribute | undefined): RuntimeValue | undefined {
  if (attr?.kind === 'integer') return wrapInt(attr.value, intWidth(attr.type));
  if (attr?.kind === 'float' && attr.bits === undefined) return attr.value;
  return undefined;
}

function scalarAttr(value: RuntimeValue, type: ScalarType): Attribute | undefined {
  if (type.kind === 'float') {
    return typeof value === 'number' && !Number.isNaN(value) ? floatAttr(value, type) : undefined;
  }
  return typeof value === 'bigint' ? integerAttr(value, type) : undefined;
}

/** Evaluates an `arith` op whose operands are all scalar constants. */
const foldConstantOperands: Fold = (op, constants) => {
  const type = op.results[0]?.type;
  const semantics = SEMANTICS.get(op.name);
  if (op.results.length !== 1 || type === undefined || !isScalar(type) || semantics === undefined) {
    return undefined;
  }
  const operands = op.operands.map((v) => runtimeScalar(constants.get(v)));
  if (operands.some((v) => v === undefined)) return undefined;
  let value: RuntimeValue | undefined;
  try {
    value = semantics(op, operands as RuntimeValue[], NO_EXECUTOR)[0];
  } catch (error) {
    // Division by zero and other undefined behaviour stay unfolded, as in MLIR.
    if (error instanceof InterpretError) return undefined;
    throw error;
  }
  const attr = value === undefined ? undefined : scalarAttr(value, type);
  return attr === undefined ? undefined : constantOp(attr, type);
};

/** How a binary op simplifies when one operand is a given (splat) constant. */
interface Identities {
  /** `x op c` is `x` for these `c`. */
  readonly rightIdentity?: readonly (bigint | number)[];
  /** The op is commutative, so `c op x` is `x` too (and absorbing works both ways). */
  readonly commutative?: boolean;
  /** `x op c` is `c` for these `c`. */
  readonly absorbing?: readonly (bigint | number)[];
  /** `x op x` is `x` (`idempotent`) or zero (`zero`). */
  readonly self?: 'idempotent' | 'zero';
}

const IDENTITIES: ReadonlyMap<string, Identities> = new Map<string, Identities>([
  ['arith.addi', { rightIdentity: [0n], commutative: true }],
  ['arith.subi', { rightIdentity: [0n], self: 'zero' }],
  ['arith.muli', { rightIdentity: [1n], commutative: true, absorbing: [0n] }],
  ['arith.andi', { commutative: true, absorbing: [0n], self: 'idempotent' }],
  ['arith.ori', { rightIdentity: [0n], commutative: true, self: 'idempotent' }],
  ['arith.xori', { rightIdentity: [0n], commutative: true, self: 'zero' }],
  ['arith.divsi', { rightIdentity: [1n] }],
  ['arith.divui', { rightIdentity: [1n] }],
  // `x + -0.0` is `x` for every x (`x + +0.0` is not: -0.0 + +0.0 is +0.0).
  ['arith.addf', { rightIdentity: [-0], commutative: true }],
  ['arith.subf', { rightIdentity: [0] }],
  ['arith.mulf', { rightIdentity: [1], commutative: true }],
  ['arith.divf', { rightIdentity: [1] }],
]);

/** Whether `lane` is one of `values`; floats by `Object.is`, so -0.0 and +0.0 differ. */
function among(lane: bigint | number | undefined, values: readonly (bigint | number)[] = []) {
  return lane !== undefined && values.some((v) => Object.is(v, lane));
}

const foldIdentity: Fold = (op, constants) => {
  const rules = IDENTITIES.get(op.name);
  const [lhs, rhs] = op.operands as [Value, Value];
  if (rules === undefined) return undefined;
  if (lhs === rhs && rules.self === 'idempotent') return forward(lhs);
  if (lhs === rhs && rules.self === 'zero') {
    const zero = splatOf(lhs.type, 0n);
    return zero === undefined ? undefined : constantOp(zero, lhs.type);
  }
  const [left, right] = [splatValue(constants.get(lhs)), splatValue(constants.get(rhs))];
  if (among(right, rules.rightIdentity)) return forward(lhs);
  if (among(right, rules.absorbing)) return forward(rhs);
  if (rules.commutative && among(left, rules.rightIdentity)) return forward(rhs);
  if (rules.commutative && among(left, rules.absorbing)) return forward(lhs);
  return undefined;
};

/** `arith.select`: on a constant condition, or between one value twice. */
export const foldSelect: Fold = (op, constants, defs) => {
  expectFoldArguments(op, constants, defs);
  if (op.operands.length !== 3) return undefined;
  const [condition, whenTrue, whenFalse] = op.operands as [Value, Value, Value];
  if (whenTrue === whenFalse) return forward(whenTrue);
  const lane = splatValue(constants.get(condition));
  if (lane === undefined) return undefined;
  return forward(lane === 0n ? whenFalse : whenTrue);
};

/** `arith.bitcast` of a bitcast: the source when the types round-trip, else one bitcast. */
const foldBitcastChain: Fold = (op, _constants, defs) => {
  const source = op.operands[0] as Value;
  const inner = defs.get(source);
  if (inner?.name !== 'arith.bitcast') return undefined;
  const original = inner.operands[0] as Value;
  const type = (op.results[0] as Value).type;
  if (typeEquals(original.type, type)) return forward(original);
  const direct = createOperation({
    name: 'arith.bitcast',
    operands: [original],
    resultTypes: [type],
    attributes: op.attributes,
  });
  return { operations: [direct], results: direct.results };
};

/**
 * The `arith` folds, keyed by op name: every op the interpreter evaluates (all but `constant`
 * and `select`) folds when its operands are constants. Built in a pure-annotated call so that a
 * bundle using only some of the folds leaves the table out.
 */
export const ARITH_FOLDS: FoldTable = /* @__PURE__ */ (() =>
  new Map<string, Fold>([
    ...[...SEMANTICS.keys()]
      .filter(
        (name) => name.startsWith('arith.') && name !== 'arith.constant' && name !== 'arith.select',
      )
      .map((name): [string, Fold] => {
        const rules: Fold[] = [foldConstantOperands];
        if (IDENTITIES.has(name)) rules.push(foldIdentity);
        if (name === 'arith.bitcast') rules.push(foldBitcastChain);
        // Evaluation first (it covers every operand constant), then the algebraic rules.
        return [name, firstOf(...rules)];
      }),
    ['arith.select', foldSelect],
  ]))();
