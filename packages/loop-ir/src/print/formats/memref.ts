/** Custom-form printers of `memref` and `affine` ops. */
import { operand, operands } from '../../ir/accessors.js';
import type { Operation, Value } from '../../ir/operation.js';
import type { Printer } from '../format-context.js';

/** `%base[%i, ...]`. */
export function subscripted(p: Printer, base: Value, indices: readonly Value[]): string {
  return `${p.value(base)}[${p.values(indices)}]`;
}

/** `memref.load %m[%i...] attr-dict : memref<...>`. */
export function printLoad(op: Operation, p: Printer): string {
  const base = operand(op, 'memref');
  return `${op.name} ${subscripted(p, base, operands(op, 'indices'))}${p.attrDict(op.attributes)} : ${p.type(base.type)}`;
}

/** `memref.store %v, %m[%i...] attr-dict : memref<...>`. */
export function printStore(op: Operation, p: Printer): string {
  const base = operand(op, 'memref');
  return `${op.name} ${p.value(operand(op, 'value'))}, ${subscripted(p, base, operands(op, 'indices'))}${p.attrDict(op.attributes)} : ${p.type(base.type)}`;
}

/** `memref.dim %m, %i attr-dict : memref<...>`. */
export function printDim(op: Operation, p: Printer): string {
  const source = operand(op, 'source');
  return `${op.name} ${p.value(source)}, ${p.value(operand(op, 'index'))}${p.attrDict(op.attributes)} : ${p.type(source.type)}`;
}

/** `affine.apply|min|max #map(%d...)[%s...] attr-dict`. */
export function printAffineMapOp(op: Operation, p: Printer): string {
  const map = op.attributes.map;
  if (map?.kind !== 'affineMap') return `${op.name} <missing map>`;
  const dims = op.operands.slice(0, map.map.numDims);
  const syms = op.operands.slice(map.map.numDims);
  const symText = syms.length > 0 ? `[${p.values(syms)}]` : '';
  return `${op.name} ${p.attr(map)}(${p.values(dims)})${symText}${p.attrDict(op.attributes, ['map'])}`;
}
