/** Custom-form printers of `scf` ops. */
import { operand, operands } from '../../ir/accessors.js';
import type { Operation, Region, Value } from '../../ir/operation.js';
import { createRegion } from '../../ir/operation.js';
import type { Printer } from '../format-context.js';
import { printTerminator } from './func.js';

function regionAt(op: Operation, i: number): Region {
  return op.regions[i] ?? createRegion([]);
}

function assignments(p: Printer, args: readonly Value[], inits: readonly Value[]): string {
  return inits.map((v, i) => `${p.value(args[i] as Value)} = ${p.value(v)}`).join(', ');
}

/** `scf.for %iv = %lb to %ub step %s [iter_args(...) -> (T...)] [: iN] {…} [attr-dict]`. */
export function printFor(op: Operation, p: Printer, indent: string): string {
  const body = regionAt(op, 0);
  const args = body.blocks[0]?.arguments ?? [];
  const lb = operand(op, 'lowerBound');
  const ub = operand(op, 'upperBound');
  const step = operand(op, 'step');
  const inits = operands(op, 'initArgs');
  const iv = args[0];
  let text = `scf.for ${iv === undefined ? '%<missing iv>' : p.value(iv)} = ${p.value(lb)} to ${p.value(ub)} step ${p.value(step)}`;
  if (inits.length > 0) {
    text += ` iter_args(${assignments(p, args.slice(1), inits)}) -> (${p.types(op.results.map((r) => r.type))})`;
  }
  // mlir-opt prints two spaces before the bound type after an iter_args list; so do we.
  if (lb.type.kind !== 'index') text += `${inits.length > 0 ? ' ' : ''} : ${p.type(lb.type)}`;
  const region = p.region(body, indent, { entryArgs: false, terminators: inits.length > 0 });
  return `${text} ${region}${p.attrDict(op.attributes)}`;
}

/** `scf.if %c [-> (T...)] {…} [else {…}] [attr-dict]`. */
export function printIf(op: Operation, p: Printer, indent: string): string {
  const style = { entryArgs: false, terminators: op.results.length > 0 };
  const results = op.results.length > 0 ? ` -> (${p.types(op.results.map((r) => r.type))})` : '';
  const elseRegion = regionAt(op, 1);
  const elseText =
    elseRegion.blocks.length > 0 ? ` else ${p.region(elseRegion, indent, style)}` : '';
  return `scf.if ${p.values(op.operands)}${results} ${p.region(regionAt(op, 0), indent, style)}${elseText}${p.attrDict(op.attributes)}`;
}

/** `scf.while [(%a = %init, ...)] : (T...) -> R {…} do {…} [attributes {...}]`. */
export function printWhile(op: Operation, p: Printer, indent: string): string {
  const before = regionAt(op, 0);
  const args = before.blocks[0]?.arguments ?? [];
  const init = op.operands.length > 0 ? ` (${assignments(p, args, op.operands)})` : '';
  const results = op.results.map((r) => r.type);
  const only = results[0];
  const resultText =
    results.length === 1 && only !== undefined && only.kind !== 'function'
      ? p.type(only)
      : `(${p.types(results)})`;
  const fnType = `(${p.types(op.operands.map((v) => v.type))}) -> ${resultText}`;
  const beforeText = p.region(before, indent, { entryArgs: false, terminators: true });
  const afterText = p.region(regionAt(op, 1), indent, { entryArgs: true, terminators: true });
  return `scf.while${init} : ${fnType} ${beforeText} do ${afterText}${p.attrDictWithKeyword(op.attributes)}`;
}

/** `scf.yield [%a, ... : T, ...]`. */
export function printYield(op: Operation, p: Printer): string {
  return printTerminator('scf.yield', op, p);
}

/** `scf.condition(%c) [%a, ... : T, ...]`. */
export function printCondition(op: Operation, p: Printer): string {
  const cond = operand(op, 'condition');
  const rest = operands(op, 'args');
  const forwarded =
    rest.length > 0 ? ` ${p.values(rest)} : ${p.types(rest.map((v) => v.type))}` : '';
  return `scf.condition(${p.value(cond)})${p.attrDict(op.attributes)}${forwarded}`;
}
