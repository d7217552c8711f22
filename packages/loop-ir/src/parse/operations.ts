/**
 * Operation parsing. Each operation is either in generic form
 * (`"dialect.op"(%a) <{props}> ({regions}) {attrs} : (T) -> T`) or in the custom form of a
 * known op, dispatched by name to the format table (src/parse/formats). Regions are parsed
 * by region.ts, which is handed {@link parseOperation} for the ops inside them.
 */
import type { Attribute } from '../ir/attributes.js';
import { createOperation, type Operation, type Region } from '../ir/operation.js';
import { parseAttributeDict } from './attributes.js';
import { customParserFor, normalizeGenericAttributes } from './formats/index.js';
import type { Token } from './lexer.js';
import { unsafeIntegerDetail } from './literals.js';
import { skipLocation } from './location.js';
import type { ParsedOp } from './parsed-op.js';
import type { Parser } from './parser.js';
import { parseRegion, type RegionParser } from './region.js';
import { parseType } from './types.js';

/** Parses one operation (with its result bindings) and defines its results in scope. */
export function parseOperation(p: Parser, defaultDialect = 'func'): Operation {
  const bindings: { token: Token; count: number }[] = [];
  if (p.at('valueId')) {
    do {
      const token = p.expectKind('valueId', 'SSA result name', 'in result list');
      if (token.text.includes('#'))
        throw p.error('result names cannot have a result number', undefined, token);
      let count = 1;
      if (p.consume(':')) {
        const n = p.expectKind('integer', 'result count', "after ':' in result group");
        const written = BigInt(n.text);
        if (written > BigInt(Number.MAX_SAFE_INTEGER)) {
          const detail = unsafeIntegerDetail('result count', n.text, written);
          throw p.error(detail, undefined, n);
        }
        count = Number(written);
        if (count < 1)
          throw p.error('expected named operation to have at least 1 result', undefined, n);
      }
      bindings.push({ token, count });
    } while (p.consume(','));
    p.expect('=', 'after operation results');
  }
  const nameTok = p.peek();
  const parsed = nameTok.kind === 'string' ? parseGeneric(p) : parseCustom(p, defaultDialect);
  skipLocation(p);
  const op = createOperation({ ...parsed, resultTypes: parsed.resultTypes });
  const bound = bindings.reduce((n, b) => n + b.count, 0);
  if (bound !== op.results.length) {
    throw p.error(
      `operation defines ${op.results.length} results but was provided ${bound} to bind`,
      undefined,
      bindings[0]?.token ?? nameTok,
    );
  }
  let at = 0;
  for (const b of bindings) {
    p.define(b.token, b.token.text, op.results.slice(at, at + b.count));
    at += b.count;
  }
  return op;
}

function parseCustom(p: Parser, defaultDialect: string): ParsedOp & { name: string } {
  const tok = p.expectKind('bareId', 'operation name', 'at start of operation');
  const name = tok.text.includes('.') ? tok.text : `${defaultDialect}.${tok.text}`;
  const parse = customParserFor(name);
  if (parse === undefined) throw p.error(`custom op '${tok.text}' is unknown`, undefined, tok);
  const parsed = parse(p, name, regionParser(p));
  return { ...parsed, name: parsed.name ?? name };
}

function parseGeneric(p: Parser): ParsedOp & { name: string } {
  const nameTok = p.next();
  const name = nameTok.value;
  p.expect('(', 'to open operand list');
  const refs = p.list(')', 'to close operand list', () => p.valueRef('in operand list'));
  // NOTE: no `cf` dialect: regions hold single-entry blocks without successors.
  if (p.at('punct', '[')) throw p.error('block successors are not supported');
  const attributes: Record<string, Attribute> = {};
  if (p.consume('<')) {
    Object.assign(attributes, parseAttributeDict(p));
    p.expect('>', 'to close properties');
  }
  const regions: Region[] = [];
  if (p.consume('(')) {
    regions.push(
      ...p.list(')', 'to close region list', () =>
        parseRegion(p, parseOperation, undefined, { dialect: 'func' }),
      ),
    );
  }
  if (p.at('punct', '{')) Object.assign(attributes, parseAttributeDict(p));
  p.expect(':', 'in generic operation type');
  const typeTok = p.peek();
  const fnType = parseType(p, 'as generic operation type');
  if (fnType.kind !== 'function') throw p.error('expected function type', 'function type', typeTok);
  const operands = p.resolveAll(refs, fnType.inputs, 'by the operation type');
  return {
    name,
    operands,
    resultTypes: fnType.results,
    attributes: normalizeGenericAttributes(name, attributes),
    regions,
  };
}

/** Parses regions of `p` whose operations go through {@link parseOperation}. */
export function regionParser(p: Parser): RegionParser {
  return (entryArgs, options) => parseRegion(p, parseOperation, entryArgs, options);
}
