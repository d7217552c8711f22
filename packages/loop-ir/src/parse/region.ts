/**
 * Region and block parsing. A region holds operations, and some operations hold regions, so
 * the two parsers recurse into each other; the operation parser is passed in (see
 * {@link OperationParser}) rather than imported, which keeps the custom formats that parse
 * regions (`scf.for`, `func.func`) free of a runtime import back to operations.ts.
 */
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
import type { Token } from './lexer.js';
import { skipLocation } from './location.js';
import type { Parser } from './parser.js';
import { parseType } from './types.js';

/** A region entry argument declared in an op header (`%iv` in `scf.for %iv = ...`). */
export interface RegionArgument {
  readonly token: Token;
  readonly type: Type;
}

/** Options of {@link parseRegion}. */
interface RegionOptions {
  /** Dialect that unprefixed op names belong to (`return` inside a function). */
  readonly dialect?: string;
  /** Start an isolated scope (function bodies cannot see enclosing values). */
  readonly isolated?: boolean;
  /** Terminator to append when the single block does not end with it (`scf.yield`). */
  readonly implicitTerminator?: string;
}

/** Parses one operation of a block (operations.ts's `parseOperation`). */
type OperationParser = (p: Parser, defaultDialect?: string) => Operation;

/**
 * {@link parseRegion} with the parser and operation parser bound: what the custom format of
 * a region-carrying op receives.
 */
export type RegionParser = (
  entryArgs: readonly RegionArgument[] | undefined,
  options?: RegionOptions,
) => Region;

/**
 * Parses `{ [^bb0(args):] ops... [^bbN(...): ops...] }`, each op with `parseOperation`.
 * `entryArgs` are arguments declared in the op header; when given, the entry block must
 * not have its own label.
 */
export function parseRegion(
  p: Parser,
  parseOperation: OperationParser,
  entryArgs: readonly RegionArgument[] | undefined,
  options: RegionOptions = {},
): Region {
  return p.nested('region', () => parseRegionBody(p, parseOperation, entryArgs, options));
}

function parseRegionBody(
  p: Parser,
  parseOperation: OperationParser,
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
