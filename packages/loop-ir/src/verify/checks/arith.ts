/** Checks of `arith` ops and `affine` map operands. */
import { boolLike, elementTypeOf, i1, typeEquals } from '../../ir/types.js';
import { printType } from '../../print/types.js';
import type { VerifyContext } from '../context.js';

/** arith.select: an i1 condition, or an i1 vector shaped like the values. */
export function selectCondition(ctx: VerifyContext): void {
  const [cond, value] = ctx.op.operands;
  if (cond === undefined || value === undefined) return;
  if (!typeEquals(cond.type, i1) && !typeEquals(cond.type, boolLike(value.type))) {
    ctx.fail(
      'selectCondition',
      `condition '${printType(cond.type)}' must be i1 or '${printType(boolLike(value.type))}'`,
    );
  }
}

/** arith.constant: the value attribute has the result type. */
export function constantValue(ctx: VerifyContext): void {
  const value = ctx.op.attributes.value;
  const result = ctx.op.results[0];
  if (result === undefined) return;
  if (value?.kind !== 'integer' && value?.kind !== 'float' && value?.kind !== 'dense') {
    ctx.fail('constantValue', "requires a typed 'value' attribute");
    return;
  }
  if (!typeEquals(value.type, result.type)) {
    ctx.fail(
      'constantValue',
      `value type '${printType(value.type)}' does not match result type '${printType(result.type)}'`,
    );
  }
}

/** index_cast / index_castui: exactly one side is `index`. */
export function indexCast(ctx: VerifyContext): void {
  const [src] = ctx.op.operands;
  const [dst] = ctx.op.results;
  if (src === undefined || dst === undefined) return;
  const a = elementTypeOf(src.type).kind === 'index';
  const b = elementTypeOf(dst.type).kind === 'index';
  if (a === b)
    ctx.fail('indexCast', 'requires exactly one of source and result to have index elements');
}

/** affine.apply/min/max: operands = dims + symbols; apply has exactly one result expression. */
export function affineMapOperands(ctx: VerifyContext): void {
  const map = ctx.op.attributes.map;
  if (map?.kind !== 'affineMap') return;
  const { numDims, numSymbols, results } = map.map;
  if (ctx.op.operands.length !== numDims + numSymbols) {
    ctx.fail(
      'affineMapOperands',
      `expects ${numDims + numSymbols} operands for the map, got ${ctx.op.operands.length}`,
    );
  }
  if (ctx.op.name === 'affine.apply' ? results.length !== 1 : results.length === 0) {
    ctx.fail('affineMapOperands', `map has ${results.length} results`);
  }
}
