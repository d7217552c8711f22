/** Custom-form printers of `arith` and `math` ops. */
import { operand, result } from '../../ir/accessors.js';
import type { Attribute } from '../../ir/attributes.js';
import type { Operation } from '../../ir/operation.js';
import type { Printer } from '../format-context.js';

const FLAG_KEYS = ['fastmath', 'overflowFlags'];

/** ` overflow<nsw>` / ` fastmath<fast>` written after the operands. */
export function printFlags(op: Operation): string {
  return FLAG_KEYS.map((k) => op.attributes[k])
    .filter((a): a is Attribute => a?.kind === 'opaque')
    .map((a) => ` ${a.kind === 'opaque' ? a.text.replace(/^#arith\./, '') : ''}`)
    .join('');
}

/** `name %a, %b [flags] attr-dict : T`. */
export function printBinary(op: Operation, p: Printer): string {
  return `${op.name} ${p.values(op.operands)}${printFlags(op)}${p.attrDict(op.attributes, FLAG_KEYS)} : ${p.type(result(op).type)}`;
}

/** `name %a [flags] attr-dict : T`. */
export function printUnary(op: Operation, p: Printer): string {
  return printBinary(op, p);
}

/** `name %a attr-dict : T1 to T2`. */
export function printCast(op: Operation, p: Printer): string {
  const src = operand(op, 'in');
  return `${op.name} ${p.value(src)}${p.attrDict(op.attributes)} : ${p.type(src.type)} to ${p.type(result(op).type)}`;
}

/** `name pred, %a, %b [flags] attr-dict : T`. */
export function printCmp(op: Operation, p: Printer): string {
  const pred = op.attributes.predicate;
  const name = pred?.kind === 'predicate' ? pred.value : '<missing predicate>';
  const elided = ['predicate', ...FLAG_KEYS];
  return `${op.name} ${name}, ${p.values(op.operands)}${printFlags(op)}${p.attrDict(op.attributes, elided)} : ${p.type(operand(op, 'lhs').type)}`;
}

/** `arith.select %c, %a, %b attr-dict : [vector<..xi1>,] T` (condition type only when a vector). */
export function printSelect(op: Operation, p: Printer): string {
  const cond = operand(op, 'condition').type;
  const condText = cond.kind === 'vector' ? `${p.type(cond)}, ` : '';
  return `${op.name} ${p.values(op.operands)}${p.attrDict(op.attributes)} : ${condText}${p.type(result(op).type)}`;
}

/** `arith.constant attr-dict value`. */
export function printConstant(op: Operation, p: Printer): string {
  const value = op.attributes.value;
  return `${op.name}${p.attrDict(op.attributes, ['value'])} ${value === undefined ? '<missing value>' : p.attr(value)}`;
}
