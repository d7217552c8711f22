/** What every verifier rule sees: the op, its definition, its parent, and a failure sink. */
import type { OpDef } from '../ir/op-def.js';
import { segmentValues } from '../ir/op-def.js';
import type { Operation, Value } from '../ir/operation.js';

/** The verification context of one operation. */
export interface VerifyContext {
  readonly op: Operation;
  readonly def: OpDef;
  /** The operation whose region holds `op` (undefined at module level). */
  readonly parent: Operation | undefined;
  /** Records a failure of `rule`. */
  fail(rule: string, detail: string): void;
}

/**
 * Values named by `ref`: an operand or result segment name of the op's definition
 * (variadic segments give all their values; a missing optional segment gives none).
 */
export function valuesOf(ctx: VerifyContext, ref: string): readonly Value[] {
  const operands = segmentValues(ctx.def.operands, ctx.op.operands, ref);
  if (operands !== undefined) return operands;
  const results = segmentValues(ctx.def.results, ctx.op.results, ref);
  if (results !== undefined) return results;
  throw new RangeError(`op definition ${ctx.def.name} has no segment '${ref}'`);
}
