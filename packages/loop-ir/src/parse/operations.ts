/**
 * Operation, region and block parsing. Each operation is either in generic form
 * (`"dialect.op"(%a) <{props}> ({regions}) {attrs} : (T) -> T`) or in the custom form of a
 * known op, dispatched by name to the format table (src/parse/formats).
 */
import type { Attribute } from '../ir/attributes.js';
import {
  type Block,
  createBlock,
  createOperation,
  createRegion,
  type Operation,
  type Region,
  type Value,
} from '../ir/operation.js';
import type { Type } from '../ir/types.js';
import { parseAttributeDict } from './attributes.js';
import { customParserFor, normalizeGenericAttributes } from './formats/index.js';
import type { Token } from './lexer.js';
import type { Parser } from './parser.js';
import { parseType } from './types.js';

/** What a custom-format parser produces (results are created from `resultTypes`). */
export interface ParsedOp {
  /** Canonical op name when the syntax is an alias (`vector.insertelement` -> `vector.insert`). */
  readonly name?: string;
  readonly operands: readonly Value[];
  readonly resultTypes: readonly Type[];
  readonly attributes?: Readonly<Record<string, Attribute>>;
  readonly regions?: readonly Region[];
}

/** A region entry argument declared in an op header (`%iv` in `scf.for %iv = ...`). */
export interface RegionArgument {
  readonly token: Token;
  readonly type: Type;
}

/** Skips a trailing `loc(...)` location, which the IR does not keep. */
export function skipLocation(p: Parser): void {
  if (!p.at('bareId', 'loc')) return;
  p.next();
  p.expect('(', "after 'loc'");
  for (let depth = 1; depth > 0; ) {
    const t = p.next();
    if (t.kind === 'eof') throw p.error("unterminated 'loc(...)'", "')'");
    if (t.text === '(') depth++;
    else if (t.text === ')') depth--;
  }
}

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
        count = Number(n.text);
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
  const parsed = parse(p, name);
  return { ...parsed, name: parsed.name ?? name };
}

function parseGeneric(p: Parser): ParsedOp & { name: string } {
  const nameTok = p.next();
  const name = nameTok.value;
  p.expect('(', 'to open operand list');
  const refs = p.list(')', 'to close operand list', () => p.valueRef('in operand list'));
  if (p.at('punct', '[')) throw p.error('block successors are not supported');
  const attributes: Record<string, Attribute> = {};
  if (p.consume('<')) {
    Object.assign(attributes, parseAttributeDict(p));
    p.expect('>', 'to close properties');
  }
  const regions: Region[] = [];
  if (p.consume('(')) {
    regions.push(
      ...p.list(')', 'to close region list', () => parseRegion(p, undefined, { dialect: 'func' })),
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

/** Options of {@link parseRegion}. */
export interface RegionOptions {
  /** Dialect that unprefixed op names belong to (`return` inside a function). */
  readonly dialect?: string;
  /** Start an isolated scope (function bodies cannot see enclosing values). */
  readonly isolated?: boolean;
  /** Terminator to append when the single block does not end with it (`scf.yield`). */
  readonly implicitTerminator?: string;
}

/**
 * Parses `{ [^bb0(args):] ops... [^bbN(...): ops...] }`. `entryArgs` are arguments declared
 * in the op header; when given, the entry block must not have its own label.
 */
export function parseRegion(
  p: Parser,
  entryArgs: readonly RegionArgument[] | undefined,
  options: RegionOptions = {},
): Region {
  return p.nested('region', () => parseRegionBody(p, entryArgs, options));
}

function parseRegionBody(
  p: Parser,
  entryArgs: readonly RegionArgument[] | undefined,
  options: RegionOptions,
): Region {
  p.expect('{', 'to begin a region');
  p.scope.push(options.isolated ?? false);
  const blocks: Block[] = [];
  try {
    if (p.consume('}')) {
      if (entryArgs !== undefined) blocks.push(finishBlock([], [], entryArgs, p, options));
      return createRegion(blocks);
    }
    let args = entryArgs?.map((a) => p.defineArgument(a.token, a.type));
    if (args !== undefined && p.at('blockId')) {
      throw p.error('invalid block name in region with named arguments');
    }
    for (;;) {
      if (args === undefined) args = p.at('blockId') ? parseBlockLabel(p) : [];
      const ops: Operation[] = [];
      while (!p.at('punct', '}') && !p.at('blockId')) {
        if (p.at('eof')) throw p.unexpected("'}'", 'to end region');
        ops.push(parseOperation(p, options.dialect));
      }
      blocks.push(finishBlock(args, ops, undefined, p, options));
      args = undefined;
      if (p.consume('}')) break;
    }
    return createRegion(blocks);
  } finally {
    p.scope.pop();
  }
}

function finishBlock(
  args: readonly Value[],
  ops: Operation[],
  entryArgs: readonly RegionArgument[] | undefined,
  p: Parser,
  options: RegionOptions,
): Block {
  const blockArgs =
    entryArgs === undefined ? args : entryArgs.map((a) => p.defineArgument(a.token, a.type));
  const last = ops[ops.length - 1];
  if (options.implicitTerminator !== undefined && last?.name !== options.implicitTerminator) {
    ops.push(createOperation({ name: options.implicitTerminator }));
  }
  return createBlock(blockArgs, ops);
}

function parseBlockLabel(p: Parser): Value[] {
  p.expectKind('blockId', 'block label', 'at start of block');
  const args: Value[] = [];
  if (p.consume('(')) {
    p.list(')', 'to close block argument list', () => {
      const tok = p.expectKind('valueId', 'block argument name', 'in block argument list');
      p.expect(':', 'after block argument name');
      args.push(p.defineArgument(tok, parseType(p, 'of block argument')));
      skipLocation(p);
    });
  }
  p.expect(':', 'after block label');
  return args;
}
