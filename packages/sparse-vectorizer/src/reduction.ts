/** Recognising loop reductions and building their initial vectors. */
import type { Builder, CombiningKind, Value, VectorType } from '@tilekit/loop-ir';
import { denseAttr } from '@tilekit/loop-ir';
import type { LoopView } from './loop-view.js';
import { type Outcome, reject } from './outcome.js';
import { REDUCTION_INITS, REDUCTION_RULES } from './rules.js';

/**
 * MLIR's `isVectorizableReduction`: the yielded value must be `op(acc, x)` (or `op(x, acc)`
 * where the op is commutative) for an op of {@link REDUCTION_RULES}.
 */
export function classifyReduction(view: LoopView, red: Value, acc: Value): Outcome<CombiningKind> {
  const def = view.defs.get(red);
  const rule = def === undefined ? undefined : REDUCTION_RULES.get(def.name);
  if (def === undefined || rule === undefined) {
    const what = def === undefined ? 'a block argument' : `\`${def.name}\``;
    return reject(
      'not-a-reduction',
      `the yielded value is ${what}, not an add/sub/mul/and/or/xor of the accumulator`,
    );
  }
  if (!rule.accumulatorAt.some((position) => def.operands[position] === acc)) {
    const where = rule.accumulatorAt.length === 1 ? 'the left operand' : 'an operand';
    return reject(
      'not-a-reduction',
      `\`${def.name}\` must have the accumulator as ${where} to be a ${rule.kind} reduction`,
    );
  }
  return { ok: true, value: rule.kind };
}

/**
 * The initial vector of a reduction starting from scalar `r` (see {@link REDUCTION_INITS}):
 * `vector.insert r, [0, ..] [0]`, `vector.insert r, [1, ..] [0]`, or `vector.broadcast r`,
 * so a horizontal reduction after the loop completes the operation.
 */
export function genVectorReducInit(
  b: Builder,
  kind: CombiningKind,
  r: Value,
  vtp: VectorType,
): Value {
  const init = REDUCTION_INITS.get(kind);
  if (init === undefined) throw new Error(`internal: no init vector for ${kind}`);
  if (init.form === 'broadcast') return b.broadcast(r, vtp);
  const identity = vtp.element.kind === 'float' ? init.identity : BigInt(init.identity);
  const filled = b.constant(denseAttr(vtp, [identity]));
  return b.vectorInsert(r, filled, [0]);
}
