/** Custom formats of `arith` and `math` ops (families shared by both dialects). */
import {
  type Attribute,
  CMPF_PREDICATES,
  CMPI_PREDICATES,
  i1Attr,
  integerAttr,
  predicateAttr,
} from '../../ir/attributes.js';
import { boolLike, i1 } from '../../ir/types.js';
import { parseAttribute } from '../attributes.js';
import type { ParsedOp } from '../parsed-op.js';
import type { Parser } from '../parser.js';
import { parseType } from '../types.js';
import { parseColonType, parseFlags, parseOneOperandTo, parseOptionalAttrDict } from './common.js';

/** `%a, %b [flags] attr-dict : T`. */
export function parseBinary(p: Parser): ParsedOp {
  const lhs = p.valueRef('as left operand');
  p.expect(',', 'between operands');
  const rhs = p.valueRef('as right operand');
  const attributes = { ...parseFlags(p), ...parseOptionalAttrDict(p) };
  const type = parseColonType(p, 'after operands');
  return {
    operands: [p.resolve(lhs, type), p.resolve(rhs, type)],
    resultTypes: [type],
    attributes,
  };
}

/** `%a [flags] attr-dict : T`. */
export function parseUnary(p: Parser): ParsedOp {
  const operand = p.valueRef('as operand');
  const attributes = { ...parseFlags(p), ...parseOptionalAttrDict(p) };
  const type = parseColonType(p, 'after operand');
  return { operands: [p.resolve(operand, type)], resultTypes: [type], attributes };
}

/** `%a attr-dict : T1 to T2`. */
export function parseCast(p: Parser): ParsedOp {
  return parseOneOperandTo(p, 'cast operand', 'cast');
}

/** `pred, %a, %b [flags] attr-dict : T`. */
export function parseCmp(p: Parser, name: string): ParsedOp {
  const family = name === 'arith.cmpi' ? 'cmpi' : 'cmpf';
  const predicates = family === 'cmpi' ? CMPI_PREDICATES : CMPF_PREDICATES;
  const predTok = p.peek();
  const pred = predTok.kind === 'string' ? predTok.value : predTok.text;
  if ((predTok.kind !== 'bareId' && predTok.kind !== 'string') || !predicates.includes(pred)) {
    throw p.error(
      `invalid predicate '${predTok.text}' for ${name}, expected one of ${predicates.join(', ')}`,
      'predicate',
    );
  }
  p.next();
  p.expect(',', 'after predicate');
  const lhs = p.valueRef('as left operand');
  p.expect(',', 'between operands');
  const rhs = p.valueRef('as right operand');
  const attributes = {
    predicate: predicateAttr(family, pred),
    ...parseFlags(p),
    ...parseOptionalAttrDict(p),
  };
  const type = parseColonType(p, 'after operands');
  return {
    operands: [p.resolve(lhs, type), p.resolve(rhs, type)],
    resultTypes: [boolLike(type)],
    attributes,
  };
}

/** `%c, %a, %b attr-dict : [Tcond,] T`. */
export function parseSelect(p: Parser): ParsedOp {
  const refs = [p.valueRef('as condition')];
  for (let i = 0; i < 2; i++) {
    p.expect(',', 'between select operands');
    refs.push(p.valueRef('as select operand'));
  }
  const attributes = parseOptionalAttrDict(p);
  const first = parseColonType(p, 'after select operands');
  const [condType, type] = p.consume(',') ? [first, parseType(p, 'of select result')] : [i1, first];
  const [c, a, b] = refs as [(typeof refs)[0], (typeof refs)[0], (typeof refs)[0]];
  return {
    operands: [p.resolve(c, condType), p.resolve(a, type), p.resolve(b, type)],
    resultTypes: [type],
    attributes,
  };
}

/** `attr-dict value` where value is typed (`4 : index`, `dense<...> : T`) or `true`/`false`. */
export function parseConstant(p: Parser): ParsedOp {
  const attributes = parseOptionalAttrDict(p);
  const at = p.peek();
  let value: Attribute = parseAttribute(p, 'as constant value');
  if (value.kind === 'bool') value = i1Attr(value.value);
  if (value.kind !== 'integer' && value.kind !== 'float' && value.kind !== 'dense') {
    throw p.error(
      'arith.constant value must be a typed integer, float or dense attribute',
      undefined,
      at,
    );
  }
  return { operands: [], resultTypes: [value.type], attributes: { ...attributes, value } };
}

/**
 * Generic-form attributes to IR conventions: integer cmp predicates become named
 * predicates; default-valued flags are dropped (the custom form elides them).
 */
export function normalizeArithAttributes(
  name: string,
  attrs: Readonly<Record<string, Attribute>>,
): Record<string, Attribute> {
  const out: Record<string, Attribute> = { ...attrs };
  const pred = out.predicate;
  if ((name === 'arith.cmpi' || name === 'arith.cmpf') && pred?.kind === 'integer') {
    const family = name === 'arith.cmpi' ? 'cmpi' : 'cmpf';
    const names = family === 'cmpi' ? CMPI_PREDICATES : CMPF_PREDICATES;
    const n = names[Number(pred.value)];
    if (n !== undefined) out.predicate = predicateAttr(family, n);
  }
  if (out.value?.kind === 'bool') out.value = integerAttr(out.value.value ? 1n : 0n, i1);
  for (const key of ['fastmath', 'overflowFlags']) {
    const flag = out[key];
    if (flag?.kind === 'opaque' && flag.text.endsWith('<none>')) delete out[key];
  }
  return out;
}
