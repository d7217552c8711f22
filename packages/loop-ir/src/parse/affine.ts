/** Parses `affine_map<(d0, d1)[s0] -> (expr, ...)>` bodies (after `affine_map`). */
import {
  AFFINE_CONSTANT_MAX,
  type AffineBinaryOp,
  type AffineExpr,
  type AffineMap,
  affineConstant,
  affineDim,
  affineMap,
  affineSymbol,
} from '../ir/affine.js';
import { simplifiedAffineBinary } from '../ir/affine-simplify.js';
import { MAX_NESTING_DEPTH } from './nesting.js';
import { Parser } from './parser.js';

const MULTIPLICATIVE = new Set(['floordiv', 'ceildiv', 'mod']);

/**
 * Tree heights of the binary nodes built so far: a long sum is parsed by a loop, but its
 * left-deep tree is walked recursively later (printing, evaluation), so its height is bounded.
 */
const heights = new WeakMap<AffineExpr, number>();

function heightOf(e: AffineExpr): number {
  return heights.get(e) ?? 0;
}

/**
 * `lhs op rhs` simplified as MLIR's parser builds it, or an error at `p`'s token when the
 * written tree gets deeper than the limit (the height of the text, which a fold changes by at
 * most a level or two).
 */
function binary(p: Parser, op: AffineBinaryOp, lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  const height = 1 + Math.max(heightOf(lhs), heightOf(rhs));
  if (height > MAX_NESTING_DEPTH) throw p.nestingError('affine expression');
  const e = simplifiedAffineBinary(op, lhs, rhs);
  if (e.kind === 'binary') heights.set(e, height);
  return e;
}

/** Parses `<(dims)[symbols] -> (results)>` (the `affine_map` keyword already consumed). */
export function parseAffineMapBody(p: Parser): AffineMap {
  p.expect('<', "after 'affine_map'");
  const names = new Map<string, AffineExpr>();
  p.expect('(', 'to open affine map dimension list');
  const dims = p.list(')', 'to close affine map dimension list', () =>
    p.expectKind('bareId', 'dimension identifier', 'in affine map'),
  );
  for (const [i, t] of dims.entries()) names.set(t.text, affineDim(i));
  let symbols: unknown[] = [];
  if (p.consume('[')) {
    const syms = p.list(']', 'to close affine map symbol list', () =>
      p.expectKind('bareId', 'symbol identifier', 'in affine map'),
    );
    for (const [i, t] of syms.entries()) names.set(t.text, affineSymbol(i));
    symbols = syms;
  }
  p.expect('->', 'in affine map');
  p.expect('(', 'to open affine map results');
  const results = p.list(')', 'to close affine map results', () => parseSum(p, names));
  p.expect('>', 'to close affine_map');
  return affineMap(dims.length, symbols.length, results);
}

function parseSum(p: Parser, names: ReadonlyMap<string, AffineExpr>): AffineExpr {
  let lhs = parseProduct(p, names);
  for (;;) {
    if (p.consume('+')) lhs = binary(p, '+', lhs, parseProduct(p, names));
    else if (p.consume('-')) lhs = binary(p, '-', lhs, parseProduct(p, names));
    else return lhs;
  }
}

function parseProduct(p: Parser, names: ReadonlyMap<string, AffineExpr>): AffineExpr {
  let lhs = parseUnary(p, names);
  for (;;) {
    let op: AffineBinaryOp | undefined;
    if (p.consume('*')) op = '*';
    else if (p.at('bareId') && MULTIPLICATIVE.has(p.peek().text))
      op = p.next().text as AffineBinaryOp;
    if (op === undefined) return lhs;
    lhs = binary(p, op, lhs, parseUnary(p, names));
  }
}

function parseUnary(p: Parser, names: ReadonlyMap<string, AffineExpr>): AffineExpr {
  if (p.consume('-')) {
    const operand = p.nested('affine expression', () => parseUnary(p, names));
    return operand.kind === 'constant'
      ? affineConstant(-operand.value)
      : binary(p, '*', operand, affineConstant(-1));
  }
  if (p.consume('(')) {
    const inner = p.nested('affine expression', () => parseSum(p, names));
    p.expect(')', 'to close parenthesized affine expression');
    return inner;
  }
  const tok = p.peek();
  if (tok.kind === 'integer') {
    // Like MLIR: the literal (before any negation) must fit int64; it is kept exact.
    const value = BigInt(tok.text);
    if (value > AFFINE_CONSTANT_MAX) throw p.error('constant too large for index');
    p.next();
    return affineConstant(value);
  }
  if (tok.kind === 'bareId') {
    const bound = names.get(tok.text);
    if (bound === undefined) throw p.error(`use of undeclared affine identifier '${tok.text}'`);
    p.next();
    return bound;
  }
  throw p.unexpected('affine expression', 'in affine map');
}

/** The map the text `affine_map<...>` denotes, built as the parser builds every map. */
export function parseAffineMapText(text: string): AffineMap {
  const p = new Parser(text);
  if (!p.at('bareId', 'affine_map')) throw p.unexpected("'affine_map'", 'to start an affine map');
  p.next();
  const map = parseAffineMapBody(p);
  if (!p.at('eof')) throw p.unexpected('end of input', 'after the affine map');
  return map;
}
