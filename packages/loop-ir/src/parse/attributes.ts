/** Attribute parsing (the attribute subset of the IR, see src/ir/attributes.ts). */
import {
  type Attribute,
  affineMapAttr,
  arrayAttr,
  boolAttr,
  COMBINING_KINDS,
  type CombiningKind,
  combiningKindAttr,
  type DenseElement,
  denseArrayAttr,
  denseAttr,
  dictionaryAttr,
  floatAttr,
  integerAttr,
  opaqueAttr,
  stringAttr,
  symbolRefAttr,
  typeAttr,
  unitAttr,
} from '../ir/attributes.js';
import { type FloatType, f64, type IntegerType, i64 } from '../ir/types.js';
import { parseAffineMapBody } from './affine.js';
import {
  floatFromLiteral,
  integerFromLiteral,
  type NumberLiteral,
  parseNumberLiteral,
} from './literals.js';
import type { Parser } from './parser.js';
import { parseType } from './types.js';

/** Parses one attribute value. */
export function parseAttribute(p: Parser, context = 'as attribute value'): Attribute {
  const tok = p.peek();
  if (tok.kind === 'integer' || tok.kind === 'float' || p.at('punct', '-'))
    return parseNumberAttr(p, context);
  if (tok.kind === 'string') {
    p.next();
    return stringAttr(tok.value);
  }
  if (tok.kind === 'symbol') {
    p.next();
    return symbolRefAttr(tok.value);
  }
  if (tok.kind === 'hashId') return parseHashAttr(p);
  if (p.at('punct', '['))
    return p.nested('attribute', () => {
      p.next();
      return arrayAttr(p.list(']', 'to close array attribute', () => parseAttribute(p)));
    });
  if (p.at('punct', '{')) return p.nested('attribute', () => dictionaryAttr(parseAttributeDict(p)));
  if (tok.kind === 'bareId') {
    switch (tok.text) {
      case 'true':
      case 'false':
        p.next();
        return boolAttr(tok.text === 'true');
      case 'unit':
        p.next();
        return unitAttr;
      case 'dense':
        p.next();
        return parseDense(p);
      case 'array':
        p.next();
        return parseDenseArray(p);
      case 'affine_map':
        p.next();
        return affineMapAttr(parseAffineMapBody(p));
    }
  }
  return typeAttr(parseType(p, context));
}

/** Parses `{name = value, unitName, "quoted name" = value}` (the braces included). */
export function parseAttributeDict(p: Parser): Record<string, Attribute> {
  p.expect('{', 'to open attribute dictionary');
  const entries: Record<string, Attribute> = {};
  p.list('}', 'to close attribute dictionary', () => {
    const key = p.peek();
    if (key.kind !== 'bareId' && key.kind !== 'string')
      throw p.unexpected('attribute name', 'in attribute dictionary');
    p.next();
    if (Object.hasOwn(entries, key.value))
      throw p.error(`duplicate key '${key.value}' in dictionary attribute`, undefined, key);
    entries[key.value] = p.consume('=') ? parseAttribute(p) : unitAttr;
  });
  return entries;
}

function parseNumberAttr(p: Parser, context: string): Attribute {
  const lit = parseNumberLiteral(p, context);
  const typed = p.consume(':');
  const type = typed
    ? parseType(p, 'after numeric attribute')
    : lit.token.kind === 'float'
      ? f64
      : i64;
  if (type.kind === 'float') {
    const { value, bits } = floatFromLiteral(p, lit, type);
    return floatAttr(value, type, bits);
  }
  if (type.kind === 'integer' || type.kind === 'index')
    return integerAttr(integerFromLiteral(p, lit, type), type);
  throw p.error('numeric attribute requires an integer, index or float type', undefined, lit.token);
}

function parseHashAttr(p: Parser): Attribute {
  const tok = p.next();
  if (tok.text === '#vector.kind') {
    p.expect('<', "after '#vector.kind'");
    const kind = p.expectKind('bareId', 'combining kind', 'in #vector.kind');
    if (!COMBINING_KINDS.includes(kind.text as CombiningKind)) {
      throw p.error(`unknown combining kind '${kind.text}'`, 'combining kind', kind);
    }
    p.expect('>', 'to close #vector.kind');
    return combiningKindAttr(kind.text as CombiningKind);
  }
  if (tok.text.includes('.')) return opaqueAttr(tok.text + balancedAngleText(p));
  const alias = p.attributeAliases.get(tok.text);
  if (alias === undefined)
    throw p.error(`undefined symbol alias id '${tok.text.slice(1)}'`, undefined, tok);
  return alias;
}

/** The `<...>` body following a dialect attribute name (scanned as MLIR does), or ''. */
function balancedAngleText(p: Parser): string {
  if (!p.at('punct', '<')) return '';
  p.rewind();
  return p.lexer.scanDialectBody();
}

type DenseLiteral = NumberLiteral | readonly DenseLiteral[];

function parseDenseLiteral(p: Parser): DenseLiteral {
  if (!p.at('punct', '[')) return parseNumberLiteral(p, 'in dense elements');
  return p.nested('attribute', () => {
    p.next();
    return p.list(']', 'in dense literal', () => parseDenseLiteral(p));
  });
}

function flatten(lit: DenseLiteral, out: NumberLiteral[]): NumberLiteral[] {
  if (Array.isArray(lit)) for (const l of lit as readonly DenseLiteral[]) flatten(l, out);
  else out.push(lit as NumberLiteral);
  return out;
}

function parseDense(p: Parser): Attribute {
  const open = p.expect('<', "after 'dense'");
  const literal = parseDenseLiteral(p);
  p.expect('>', 'to close dense literal');
  p.expect(':', 'after dense literal');
  const typeTok = p.peek();
  const type = parseType(p, 'of dense elements');
  if (type.kind !== 'vector')
    throw p.error('dense elements need a vector type', 'vector type', typeTok);
  const elements = flatten(literal, []);
  const count = type.shape.reduce((a, b) => a * b, 1);
  const splat = !Array.isArray(literal);
  if (!splat && elements.length !== count) {
    throw p.error(`dense literal has ${elements.length} elements, type ${count}`, undefined, open);
  }
  const el = type.element;
  const values: DenseElement[] = elements.map((lit) =>
    el.kind === 'float'
      ? floatFromLiteral(p, lit, el as FloatType).value
      : integerFromLiteral(p, lit, el),
  );
  return denseAttr(type, values);
}

function parseDenseArray(p: Parser): Attribute {
  p.expect('<', "after 'array'");
  const typeTok = p.peek();
  const type = parseType(p, 'of array attribute');
  if (type.kind !== 'integer')
    throw p.error('only integer dense arrays are supported', 'integer type', typeTok);
  const values = p.consume(':')
    ? (() => {
        const out: bigint[] = [];
        do
          out.push(
            integerFromLiteral(p, parseNumberLiteral(p, 'in dense array'), type as IntegerType),
          );
        while (p.consume(','));
        return out;
      })()
    : [];
  p.expect('>', 'to close array attribute');
  return denseArrayAttr(values, type);
}
