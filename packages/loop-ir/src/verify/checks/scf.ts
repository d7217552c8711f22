/** Structural checks of `scf` loops and conditionals. */
import type { Block } from '../../ir/operation.js';
import type { Type } from '../../ir/types.js';
import type { VerifyContext } from '../context.js';
import { sameTypes, singleBlock, terminatorNamed, typeList, typesOf } from './util.js';

/** Checks that `block` ends with `name` whose operand types are `expected`. */
function checkTerminator(
  ctx: VerifyContext,
  block: Block,
  name: string,
  expected: readonly Type[],
  where: string,
  skip = 0,
): void {
  const term = terminatorNamed(block, name);
  if (term === undefined) {
    ctx.fail('terminator', `expects ${where} to end with '${name}'`);
    return;
  }
  const got = typesOf(term.operands.slice(skip));
  if (!sameTypes(got, expected)) {
    ctx.fail(
      'yieldTypes',
      `'${name}' in ${where} yields ${typeList(got)} but ${typeList(expected)} is required`,
    );
  }
}

/** scf.for: block args are (iv, iter args...), results and yields match the iter args. */
export function forLoop(ctx: VerifyContext): void {
  const { op } = ctx;
  const block = singleBlock(op, 0);
  if (typeof block === 'string') {
    ctx.fail('forLoop', block);
    return;
  }
  const [lb, , , ...inits] = op.operands;
  const initTypes = typesOf(inits);
  if (!sameTypes(typesOf(op.results), initTypes)) {
    ctx.fail(
      'forLoop',
      `result types ${typeList(typesOf(op.results))} must match iter_args ${typeList(initTypes)}`,
    );
  }
  const expectedArgs = lb === undefined ? [] : [lb.type, ...initTypes];
  if (!sameTypes(typesOf(block.arguments), expectedArgs)) {
    ctx.fail(
      'forLoop',
      `body arguments ${typeList(typesOf(block.arguments))} must be ${typeList(expectedArgs)}`,
    );
  }
  checkTerminator(ctx, block, 'scf.yield', initTypes, 'the loop body');
}

/** scf.if: then/else regions yield the result types; results need an else region. */
export function ifBranches(ctx: VerifyContext): void {
  const { op } = ctx;
  const resultTypes = typesOf(op.results);
  const thenBlock = singleBlock(op, 0);
  if (typeof thenBlock === 'string') {
    ctx.fail('ifBranches', thenBlock);
    return;
  }
  checkTerminator(ctx, thenBlock, 'scf.yield', resultTypes, 'the then region');
  const elseRegion = op.regions[1];
  if (elseRegion === undefined || elseRegion.blocks.length === 0) {
    if (resultTypes.length > 0)
      ctx.fail('ifBranches', 'must have an else region when it defines results');
    return;
  }
  const elseBlock = singleBlock(op, 1);
  if (typeof elseBlock === 'string') {
    ctx.fail('ifBranches', elseBlock);
    return;
  }
  checkTerminator(ctx, elseBlock, 'scf.yield', resultTypes, 'the else region');
}

/** scf.while: before(inits) -> condition(results), after(results) -> yield(inits). */
export function whileLoop(ctx: VerifyContext): void {
  const { op } = ctx;
  const initTypes = typesOf(op.operands);
  const resultTypes = typesOf(op.results);
  const before = singleBlock(op, 0);
  const after = singleBlock(op, 1);
  if (typeof before === 'string') {
    ctx.fail('whileLoop', before);
    return;
  }
  if (typeof after === 'string') {
    ctx.fail('whileLoop', after);
    return;
  }
  if (!sameTypes(typesOf(before.arguments), initTypes)) {
    ctx.fail(
      'whileLoop',
      `'before' arguments ${typeList(typesOf(before.arguments))} must match inits ${typeList(initTypes)}`,
    );
  }
  checkTerminator(ctx, before, 'scf.condition', resultTypes, "the 'before' region", 1);
  if (!sameTypes(typesOf(after.arguments), resultTypes)) {
    ctx.fail(
      'whileLoop',
      `'after' arguments ${typeList(typesOf(after.arguments))} must match results ${typeList(resultTypes)}`,
    );
  }
  checkTerminator(ctx, after, 'scf.yield', initTypes, "the 'after' region");
}
