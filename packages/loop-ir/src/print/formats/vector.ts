/** Custom-form printers of `vector` ops. */

import { operand, operands, result } from '../../ir/accessors.js';
import type { Operation, Value } from '../../ir/operation.js';
import { DYNAMIC_POSITION } from '../../ir/position.js';
import type { Printer } from '../format-context.js';
import { printFlags } from './arith.js';
import { subscripted } from './memref.js';

/** `[2, %i]` from `static_position` with dynamic entries taken from `dynamic` in order. */
function position(op: Operation, p: Printer, dynamic: readonly Value[]): string {
  const pos = op.attributes.static_position;
  if (pos?.kind !== 'denseArray') return '[<missing position>]';
  let next = 0;
  const parts = pos.values.map((v) =>
    v === DYNAMIC_POSITION ? p.value(dynamic[next++] as Value) : String(v),
  );
  return `[${parts.join(', ')}]`;
}

/** `vector.broadcast %s : T to vector<...>`. */
export function printBroadcast(op: Operation, p: Printer): string {
  const src = operand(op, 'source');
  return `${op.name} ${p.value(src)}${p.attrDict(op.attributes)} : ${p.type(src.type)} to ${p.type(result(op).type)}`;
}

/** `vector.insert %v, %dest [pos] : T into vector<...>`. */
export function printInsert(op: Operation, p: Printer): string {
  const value = operand(op, 'valueToStore');
  const dest = operand(op, 'dest');
  const dynamic = operands(op, 'dynamicPosition');
  const attrs = p.attrDict(op.attributes, ['static_position']);
  return `${op.name} ${p.value(value)}, ${p.value(dest)} ${position(op, p, dynamic)}${attrs} : ${p.type(value.type)} into ${p.type(dest.type)}`;
}

/** `vector.extract %src[pos] : T from vector<...>`. */
export function printExtract(op: Operation, p: Printer): string {
  const src = operand(op, 'source');
  const dynamic = operands(op, 'dynamicPosition');
  const attrs = p.attrDict(op.attributes, ['static_position']);
  return `${op.name} ${p.value(src)}${position(op, p, dynamic)}${attrs} : ${p.type(result(op).type)} from ${p.type(src.type)}`;
}

/** `vector.load %base[%i...] : memref<..>, vector<..>`. */
export function printVectorLoad(op: Operation, p: Printer): string {
  const base = operand(op, 'base');
  return `${op.name} ${subscripted(p, base, operands(op, 'indices'))}${p.attrDict(op.attributes)} : ${p.type(base.type)}, ${p.type(result(op).type)}`;
}

/** `vector.store %v, %base[%i...] : memref<..>, vector<..>`. */
export function printVectorStore(op: Operation, p: Printer): string {
  const value = operand(op, 'valueToStore');
  const base = operand(op, 'base');
  return `${op.name} ${p.value(value)}, ${subscripted(p, base, operands(op, 'indices'))}${p.attrDict(op.attributes)} : ${p.type(base.type)}, ${p.type(value.type)}`;
}

/** maskedload/maskedstore/gather/scatter: `%base[%i...] [[%idx]], %mask, %v : types [into R]`. */
function printMaskedAccess(op: Operation, p: Printer, gathered: boolean): string {
  const base = operand(op, 'base');
  const indices = operands(op, 'indices');
  const indexVec = gathered ? operand(op, 'indexVec') : undefined;
  const mask = operand(op, 'mask');
  const value = operand(op, op.results.length > 0 ? 'passThru' : 'valueToStore');
  const idx = indexVec === undefined ? '' : ` [${p.value(indexVec)}]`;
  const types = [base, ...(indexVec === undefined ? [] : [indexVec]), mask, value].map((v) =>
    p.type(v.type),
  );
  const into = op.results.length > 0 ? ` into ${p.type(result(op).type)}` : '';
  return `${op.name} ${subscripted(p, base, indices)}${idx}, ${p.value(mask)}, ${p.value(value)}${p.attrDict(op.attributes)} : ${types.join(', ')}${into}`;
}

export const printMasked = (op: Operation, p: Printer): string => printMaskedAccess(op, p, false);
export const printGathered = (op: Operation, p: Printer): string => printMaskedAccess(op, p, true);

/** `vector.create_mask %a, ... : vector<..xi1>`. */
export function printCreateMask(op: Operation, p: Printer): string {
  return `${op.name} ${p.values(op.operands)}${p.attrDict(op.attributes)} : ${p.type(result(op).type)}`;
}

/** `vector.constant_mask [n, ...] : vector<..xi1>`. */
export function printConstantMask(op: Operation, p: Printer): string {
  const sizes = op.attributes.mask_dim_sizes;
  const list = sizes?.kind === 'denseArray' ? sizes.values.join(', ') : '<missing sizes>';
  return `${op.name} [${list}]${p.attrDict(op.attributes, ['mask_dim_sizes'])} : ${p.type(result(op).type)}`;
}

/** `vector.reduction <kind>, %v [, %acc] [fastmath<..>] : vector<..> into T`. */
export function printReduction(op: Operation, p: Printer): string {
  const kind = op.attributes.kind;
  const kindText = kind?.kind === 'combiningKind' ? kind.value : '<missing kind>';
  const vec = operand(op, 'vector');
  const attrs = p.attrDict(op.attributes, ['kind', 'fastmath']);
  return `${op.name} <${kindText}>, ${p.values(op.operands)}${printFlags(op)}${attrs} : ${p.type(vec.type)} into ${p.type(result(op).type)}`;
}

/** `vector.step : vector<..xindex>`. */
export function printStep(op: Operation, p: Printer): string {
  return `${op.name}${p.attrDict(op.attributes)} : ${p.type(result(op).type)}`;
}

/** `vector.vscale`. */
export function printVscale(op: Operation, p: Printer): string {
  return `${op.name}${p.attrDict(op.attributes)}`;
}
