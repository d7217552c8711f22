/** Semantics of structured control flow (`scf`) and calls. */
import { InterpretError } from '../errors.js';
import { asInt, type RuntimeValue } from '../runtime.js';
import type { OpSemantics } from './context.js';

const forLoop: OpSemantics = (op, [lb, ub, step, ...inits], ctx) => {
  const lo = asInt(lb, op.name);
  const hi = asInt(ub, op.name);
  const s = asInt(step, op.name);
  if (s <= 0n) throw new InterpretError(op.name, `step must be positive, got ${s}`);
  const body = op.regions[0];
  if (body === undefined) throw new InterpretError(op.name, 'missing body');
  let carried: RuntimeValue[] = inits;
  // Signed comparison, as scf.for specifies for signless bounds.
  for (let iv = lo; iv < hi; iv += s) carried = ctx.runRegion(body, [iv, ...carried]);
  return carried;
};

const ifOp: OpSemantics = (op, [cond], ctx) => {
  const region = op.regions[asInt(cond, op.name) === 1n ? 0 : 1];
  if (region === undefined || region.blocks.length === 0) return [];
  return ctx.runRegion(region, []);
};

const whileLoop: OpSemantics = (op, inits, ctx) => {
  const [before, after] = op.regions;
  if (before === undefined || after === undefined)
    throw new InterpretError(op.name, 'missing regions');
  let args: RuntimeValue[] = inits;
  for (let n = 0; n <= ctx.maxWhileIterations; n++) {
    const [cond, ...forwarded] = ctx.runRegion(before, args);
    if (asInt(cond, op.name) !== 1n) return forwarded;
    args = ctx.runRegion(after, forwarded);
  }
  throw new InterpretError(op.name, `exceeded ${ctx.maxWhileIterations} iterations`);
};

const call: OpSemantics = (op, args, ctx) => {
  const callee = op.attributes.callee;
  if (callee?.kind !== 'symbolRef') throw new InterpretError(op.name, 'missing callee');
  return ctx.call(callee.name, args);
};

/** Control-flow semantics, keyed by op name (terminators are handled by the executor). */
export const CONTROL_SEMANTICS: ReadonlyMap<string, OpSemantics> = new Map<string, OpSemantics>([
  ['scf.for', forLoop],
  ['scf.if', ifOp],
  ['scf.while', whileLoop],
  ['func.call', call],
]);
