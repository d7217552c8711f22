/** Small parsing pieces shared by the custom assembly formats. */
import { type Attribute, opaqueAttr } from '../../ir/attributes.js';
import type { Value } from '../../ir/operation.js';
import { index, type Type } from '../../ir/types.js';
import { parseAttributeDict } from '../attributes.js';
import type { ParsedOp } from '../parsed-op.js';
import type { Parser, ValueRef } from '../parser.js';
import { parseType, parseTypeList } from '../types.js';

/** `{...}` if present, else no attributes. */
export function parseOptionalAttrDict(p: Parser): Record<string, Attribute> {
  return p.at('punct', '{') ? parseAttributeDict(p) : {};
}

/** `attributes {...}` if present (func.func, scf.while), else no attributes. */
export function parseOptionalAttrDictWithKeyword(p: Parser): Record<string, Attribute> {
  return p.consumeKeyword('attributes') ? parseAttributeDict(p) : {};
}

/** `: T`. */
export function parseColonType(p: Parser, context: string): Type {
  p.expect(':', context);
  return parseType(p, context);
}

/** `: T, T, ...`. */
export function parseColonTypeList(p: Parser, context: string): Type[] {
  p.expect(':', context);
  return parseTypeList(p, context);
}

/** `: T, ...` when `present` (operands were written), else no types. */
export function parseTypesIf(p: Parser, present: boolean, context: string): Type[] {
  return present ? parseColonTypeList(p, context) : [];
}

/**
 * `%a, ... [attr-dict] [: T, ...]`: the values a terminator forwards (`return`, `scf.yield`, the
 * tail of `scf.condition`), resolved against their types; `op` and `typesContext` name where a
 * syntax error stopped.
 */
export function parseForwardedValues(
  p: Parser,
  op: string,
  typesContext: string,
): { operands: Value[]; attributes: Record<string, Attribute> } {
  const refs = p.valueRefList(`in ${op}`);
  const attributes = parseOptionalAttrDict(p);
  const types = parseTypesIf(p, refs.length > 0, typesContext);
  return { operands: p.resolveAll(refs, types, `in ${op}`), attributes };
}

/** Arith flag groups written after operands: `overflow<nsw>`, `fastmath<fast>`. */
const FLAG_ATTRS: Readonly<Record<string, string>> = {
  overflow: 'overflowFlags',
  fastmath: 'fastmath',
};

/** Parses optional `overflow<...>` / `fastmath<...>` into their attributes. */
export function parseFlags(p: Parser): Record<string, Attribute> {
  const out: Record<string, Attribute> = {};
  for (;;) {
    const tok = p.peek();
    const attrName = tok.kind === 'bareId' ? FLAG_ATTRS[tok.text] : undefined;
    if (attrName === undefined) return out;
    p.next();
    p.expect('<', `after '${tok.text}'`);
    const flags = p.list(
      '>',
      `to close ${tok.text} flags`,
      () => p.expectKind('bareId', 'flag', `in ${tok.text} flags`).text,
    );
    out[attrName] = opaqueAttr(
      `#arith.${tok.text}<${flags.join(tok.text === 'fastmath' ? ',' : ', ')}>`,
    );
  }
}

/** `%base[%i, %j]`: the base ref and resolved index operands. */
export function parseSubscripted(
  p: Parser,
  context: string,
): { base: ValueRef; indices: ValueRef[] } {
  const base = p.valueRef(context);
  p.expect('[', `to open subscripts ${context}`);
  const indices = p.list(']', `to close subscripts ${context}`, () =>
    p.valueRef(`in subscripts ${context}`),
  );
  return { base, indices };
}

/** Resolves index-typed refs. */
export function resolveIndices(p: Parser, refs: readonly ValueRef[]): Value[] {
  return refs.map((r) => p.resolve(r, index));
}

/**
 * `%a attr-dict : T1 to T2`, an op taking one operand of `T1` to a result of `T2`; `operand`
 * names the operand and `op` the op in syntax errors.
 */
export function parseOneOperandTo(p: Parser, operand: string, op: string): ParsedOp {
  const ref = p.valueRef(`as ${operand}`);
  const attributes = parseOptionalAttrDict(p);
  const from = parseColonType(p, `after ${operand}`);
  p.expectKeyword('to', `in ${op}`);
  const to = parseType(p, "after 'to'");
  return { operands: [p.resolve(ref, from)], resultTypes: [to], attributes };
}
