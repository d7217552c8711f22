/** Checks of `func.func` signatures and returns. */
import type { VerifyContext } from '../context.js';
import { sameTypes, typeList, typesOf } from './util.js';

/** Entry block arguments match the declared inputs; a body ends with `func.return`. */
export function funcSignature(ctx: VerifyContext): void {
  const fnType = ctx.op.attributes.function_type;
  if (fnType?.kind !== 'type' || fnType.type.kind !== 'function') return;
  const region = ctx.op.regions[0];
  const entry = region?.blocks[0];
  if (entry === undefined) return; // a declaration
  if (!sameTypes(typesOf(entry.arguments), fnType.type.inputs)) {
    ctx.fail(
      'funcSignature',
      `entry block arguments ${typeList(typesOf(entry.arguments))} must match the signature ${typeList(fnType.type.inputs)}`,
    );
  }
  for (const block of region?.blocks ?? []) {
    if (block.operations[block.operations.length - 1]?.name !== 'func.return') {
      ctx.fail('terminator', "expects every block of the body to end with 'func.return'");
    }
  }
}

/** `func.return` operands match the enclosing function's result types. */
export function returnMatchesFunction(ctx: VerifyContext): void {
  const parent = ctx.parent;
  const fnType = parent?.attributes.function_type;
  if (parent?.name !== 'func.func' || fnType?.kind !== 'type' || fnType.type.kind !== 'function') {
    ctx.fail('returnMatchesFunction', "expects parent op 'func.func'");
    return;
  }
  const got = typesOf(ctx.op.operands);
  if (!sameTypes(got, fnType.type.results)) {
    ctx.fail(
      'returnMatchesFunction',
      `returns ${typeList(got)} but the function returns ${typeList(fnType.type.results)}`,
    );
  }
}
