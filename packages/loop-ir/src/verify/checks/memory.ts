/** Memory-access checks: subscripts match the memref rank, element types agree. */
import type { Value } from '../../ir/operation.js';
import { type Type, typeEquals } from '../../ir/types.js';
import { printType } from '../../print/types.js';
import { type VerifyContext, valuesOf } from '../context.js';

function rankOf(ctx: VerifyContext, base: Value | undefined): number | undefined {
  if (base?.type.kind !== 'memref') return undefined;
  const rank = base.type.shape.length;
  const indices = valuesOf(ctx, 'indices').length;
  if (indices !== rank)
    ctx.fail(
      'subscripts',
      `expects ${rank} subscripts for '${printType(base.type)}', got ${indices}`,
    );
  return rank;
}

/** memref.load / memref.store. */
export function memrefAccess(ctx: VerifyContext): void {
  const [base] = valuesOf(ctx, 'memref');
  if (rankOf(ctx, base) === undefined || base?.type.kind !== 'memref') return;
  const [value] = ctx.op.name === 'memref.load' ? ctx.op.results : ctx.op.operands;
  if (value !== undefined && !typeEquals(value.type, base.type.element)) {
    ctx.fail(
      'elementType',
      `value type '${printType(value.type)}' does not match the memref element type '${printType(base.type.element)}'`,
    );
  }
}

/** vector.load/store, maskedload/maskedstore, gather/scatter: base, subscripts, element type. */
export function vectorMemoryAccess(ctx: VerifyContext): void {
  const [base] = valuesOf(ctx, 'base');
  if (base?.type.kind !== 'memref') {
    ctx.fail(
      'typeKind',
      `requires base to be a memref, got '${base === undefined ? 'nothing' : printType(base.type)}'`,
    );
    return;
  }
  rankOf(ctx, base);
  const vec: Value | undefined = ctx.op.results[0] ?? valuesOf(ctx, 'valueToStore')[0];
  const t: Type | undefined = vec?.type;
  if (t?.kind !== 'vector') {
    ctx.fail(
      'typeKind',
      `requires a vector value, got '${t === undefined ? 'nothing' : printType(t)}'`,
    );
    return;
  }
  const memElement = base.type.element;
  const matches = typeEquals(t.element, memElement) || typeEquals(t, memElement);
  if (!matches) {
    ctx.fail(
      'elementType',
      `vector '${printType(t)}' does not match the memref element type '${printType(memElement)}'`,
    );
  }
}
