/** Custom formats of `func` ops. */
import { type Attribute, stringAttr, symbolRefAttr, typeAttr } from '../../ir/attributes.js';
import { createRegion } from '../../ir/operation.js';
import { functionType, type Type } from '../../ir/types.js';
import { skipLocation } from '../location.js';
import type { ParsedOp } from '../parsed-op.js';
import type { Parser } from '../parser.js';
import type { RegionArgument, RegionParser } from '../region.js';
import { parseFunctionResults, parseType } from '../types.js';
import {
  parseColonType,
  parseForwardedValues,
  parseOptionalAttrDict,
  parseOptionalAttrDictWithKeyword,
} from './common.js';

/** `func.func [visibility] @name(%a: T, ...) [-> results] [attributes {...}] [{ body }]`. */
export function parseFunc(p: Parser, _name: string, parseRegion: RegionParser): ParsedOp {
  const attributes: Record<string, Attribute> = {};
  const vis = p.peek();
  if (vis.kind === 'bareId' && ['private', 'public', 'nested'].includes(vis.text)) {
    p.next();
    attributes.sym_visibility = stringAttr(vis.text);
  }
  const sym = p.expectKind('symbol', 'function name (@name)', 'in func.func');
  p.expect('(', 'to open function argument list');
  const args: RegionArgument[] = [];
  const inputs = p.list(')', 'to close function argument list', () => {
    if (p.at('valueId')) {
      const token = p.next();
      p.expect(':', 'after function argument name');
      const type = parseType(p, 'of function argument');
      // NOTE: argument attributes are refused rather than kept (nothing here reads them).
      if (p.at('punct', '{')) throw p.error('function argument attributes are not supported');
      skipLocation(p);
      args.push({ token, type });
      return type;
    }
    return parseType(p, 'in function argument list');
  });
  if (args.length > 0 && args.length !== inputs.length) {
    throw p.error('expected all function arguments to be named or none');
  }
  const results: Type[] = p.consume('->') ? parseFunctionResults(p) : [];
  Object.assign(attributes, parseOptionalAttrDictWithKeyword(p));
  attributes.sym_name = stringAttr(sym.value);
  attributes.function_type = typeAttr(functionType(inputs, results));
  const body = p.at('punct', '{')
    ? parseRegion(args, { dialect: 'func', isolated: true })
    : createRegion([]);
  if (body.blocks.length === 0 && args.length > 0) {
    throw p.error('expected a function body after named arguments', "'{'");
  }
  return { operands: [], resultTypes: [], attributes, regions: [body] };
}

/** `return [%a, ... : T, ...]`. */
export function parseReturn(p: Parser): ParsedOp {
  return { ...parseForwardedValues(p, 'return', 'after return operands'), resultTypes: [] };
}

/** `call @f(%a, ...) attr-dict : (T...) -> (R...)`. */
export function parseCall(p: Parser): ParsedOp {
  const callee = p.expectKind('symbol', 'callee (@name)', 'in call');
  p.expect('(', 'to open call operands');
  const refs = p.list(')', 'to close call operands', () => p.valueRef('in call operands'));
  const attributes = { ...parseOptionalAttrDict(p), callee: symbolRefAttr(callee.value) };
  const typeTok = p.peek();
  const type = parseColonType(p, 'after call operands');
  if (type.kind !== 'function') throw p.error('expected function type', 'function type', typeTok);
  return {
    operands: p.resolveAll(refs, type.inputs, 'in call'),
    resultTypes: type.results,
    attributes,
  };
}
