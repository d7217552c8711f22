/** Custom-form printers of `func` ops (unprefixed inside function bodies, as MLIR does). */
import type { Operation } from '../../ir/operation.js';
import type { Type } from '../../ir/types.js';
import type { Printer } from '../format-context.js';
import { printSymbolName } from '../quoting.js';

const FUNC_ATTRS = ['sym_name', 'function_type', 'sym_visibility', 'arg_attrs', 'res_attrs'];

function resultList(p: Printer, results: readonly Type[]): string {
  if (results.length === 0) return '';
  const only = results[0] as Type;
  return results.length === 1 && only.kind !== 'function'
    ? ` -> ${p.type(only)}`
    : ` -> (${p.types(results)})`;
}

/** `func.func [vis] @name(%arg0: T, ...) [-> R] [attributes {...}] { body }`. */
export function printFunc(op: Operation, p: Printer, indent: string): string {
  const sym = op.attributes.sym_name;
  const fnType = op.attributes.function_type;
  const vis = op.attributes.sym_visibility;
  const name = sym?.kind === 'string' ? printSymbolName(sym.value) : '@<missing sym_name>';
  const type = fnType?.kind === 'type' && fnType.type.kind === 'function' ? fnType.type : undefined;
  const body = op.regions[0];
  const entry = body?.blocks[0];
  const args = entry === undefined ? p.types(type?.inputs ?? []) : p.typedValues(entry.arguments);
  const head = `func.func ${vis?.kind === 'string' ? `${vis.value} ` : ''}${name}(${args})${resultList(p, type?.results ?? [])}`;
  const attrs = p.attrDictWithKeyword(op.attributes, FUNC_ATTRS);
  if (body === undefined || entry === undefined) return head + attrs;
  return `${head}${attrs} ${p.region(body, indent, { entryArgs: false, terminators: true })}`;
}

/** `return [%a, ... : T, ...]`. */
export function printReturn(op: Operation, p: Printer): string {
  return printTerminator('return', op, p);
}

/** `name[ %a, ... : T, ...]` (shared by `return` and `scf.yield`). */
export function printTerminator(name: string, op: Operation, p: Printer): string {
  const attrs = p.attrDict(op.attributes);
  if (op.operands.length === 0) return name + attrs;
  return `${name} ${p.values(op.operands)}${attrs} : ${p.types(op.operands.map((v) => v.type))}`;
}

/** `call @f(%a, ...) : (T...) -> R`. */
export function printCall(op: Operation, p: Printer): string {
  const callee = op.attributes.callee;
  const name = callee === undefined ? '@<missing callee>' : p.attr(callee);
  const fn = `(${p.types(op.operands.map((v) => v.type))})${
    resultList(
      p,
      op.results.map((v) => v.type),
    ) || ' -> ()'
  }`;
  return `call ${name}(${p.values(op.operands)})${p.attrDict(op.attributes, ['callee'])} : ${fn}`;
}
