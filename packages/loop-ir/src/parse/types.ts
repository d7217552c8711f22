/** Type parsing: builtin scalar, vector, memref and function types. */
import {
  float,
  functionType,
  index,
  integer,
  type MemRefDim,
  memrefOf,
  type ScalarType,
  type StridedLayout,
  type Type,
  vectorOf,
} from '../ir/types.js';
import type { ScannedDimension, Token } from './lexer.js';
import { isSafeBigInt, unsafeIntegerDetail, writtenInteger } from './literals.js';
import type { Parser } from './parser.js';

const FLOATS = new Set(['f16', 'bf16', 'f32', 'f64']);

/** Parses one type. */
export function parseType(p: Parser, context = ''): Type {
  if (p.at('punct', '(')) return p.nested('type', () => parseFunctionType(p));
  const tok = p.peek();
  if (tok.kind !== 'bareId') throw p.unexpected('type', context);
  if (tok.text === 'vector') return p.nested('type', () => parseVectorType(p));
  if (tok.text === 'memref') return p.nested('type', () => parseMemRefType(p));
  // NOTE: no `tensor` type: the IR is post-bufferization, memrefs only.
  return parseScalarType(p);
}

function parseFunctionType(p: Parser): Type {
  p.expect('(', 'to open function type');
  const inputs = p.list(')', 'in function type input list', () => parseType(p, 'in function type'));
  p.expect('->', 'in function type');
  return functionType(inputs, parseFunctionResults(p));
}

function parseScalarType(p: Parser): Type {
  const tok = p.next();
  const text = tok.text;
  if (text === 'index') return index;
  if (FLOATS.has(text)) return float(text as 'f16' | 'bf16' | 'f32' | 'f64');
  const intMatch = /^i(\d+)$/.exec(text);
  if (intMatch !== null) {
    const width = Number(intMatch[1]);
    if (![1, 8, 16, 32, 64].includes(width)) {
      throw p.error(
        `unsupported integer type '${text}' (supported: i1, i8, i16, i32, i64)`,
        undefined,
        tok,
      );
    }
    return integer(width);
  }
  throw p.error(`unsupported type '${text}'`, 'type', tok);
}

/** `-> T` or `-> (T, ...)` result list (the arrow already consumed). */
export function parseFunctionResults(p: Parser): Type[] {
  if (p.consume('('))
    return p.list(')', 'in result type list', () => parseType(p, 'in result list'));
  return [parseType(p, 'after ->')];
}

/** Parses a comma-separated type list (at least one type). */
export function parseTypeList(p: Parser, context: string): Type[] {
  const types = [parseType(p, context)];
  while (p.consume(',')) types.push(parseType(p, context));
  return types;
}

/** A `number` dimension of a shaped type; its size must be a safe integer. */
interface Dimension {
  readonly size: number | '?';
  readonly scalable: boolean;
}

/**
 * The opening of a shaped type, `vector<` or `memref<` (at the keyword) and its `4x[8]x`
 * dimensions; `start` is where they end, where errors about the dimensions point. A size above
 * 2^53 - 1 is an error at its digits: a `number` would round it.
 */
function parseShapedTypeDims(
  p: Parser,
  keyword: 'vector' | 'memref',
): { dims: Dimension[]; start: Token } {
  p.next();
  p.expect('<', `in ${keyword} type after '${keyword}'`);
  p.rewind();
  const dims = p.lexer.scanDimensions().map((d: ScannedDimension): Dimension => {
    if (d.size === '?') return { size: '?', scalable: d.scalable };
    if (!isSafeBigInt(d.size)) {
      throw p.lexer.error(
        d.offset,
        unsafeIntegerDetail(`${keyword} dimension`, String(d.size), d.size),
      );
    }
    return { size: Number(d.size), scalable: d.scalable };
  });
  return { dims, start: p.peek() };
}

/** `vector<4x[8]xf32>` (at the `vector` keyword). */
function parseVectorType(p: Parser): Type {
  const { dims, start } = parseShapedTypeDims(p, 'vector');
  if (dims.length === 0) throw p.error('vector type requires at least one dimension', 'dimension');
  if (dims.some((d) => d.size === '?' || d.size === 0)) {
    throw p.error('vector dimensions must be static and positive', undefined, start);
  }
  const element = parseType(p, 'as vector element type');
  if (element.kind === 'vector' || element.kind === 'memref' || element.kind === 'function') {
    throw p.error('vector elements must be integer, index or float', undefined, start);
  }
  p.expect('>', 'to close vector type');
  return vectorOf(
    dims.map((d) => d.size as number),
    element as ScalarType,
    dims.map((d) => d.scalable),
  );
}

/** `memref<?x4xf32, strided<...>>` (at the `memref` keyword). */
function parseMemRefType(p: Parser): Type {
  const { dims, start } = parseShapedTypeDims(p, 'memref');
  if (dims.some((d) => d.scalable))
    throw p.error('memref dimensions cannot be scalable', undefined, start);
  const element = parseType(p, 'as memref element type');
  if (element.kind === 'memref' || element.kind === 'function') {
    throw p.error('memref elements must be scalars or vectors', undefined, start);
  }
  const layout = p.consume(',') ? parseStridedLayout(p) : undefined;
  p.expect('>', 'to close memref type');
  const shape = dims.map((d) => d.size as MemRefDim);
  if (layout !== undefined && layout.strides.length !== shape.length) {
    throw p.error(
      `expected ${shape.length} strides in strided layout, got ${layout.strides.length}`,
      undefined,
      start,
    );
  }
  return memrefOf(shape, element, layout);
}

/**
 * A stride or offset: `?`, or an integer (decimal or hex, maybe negated) that a `number` holds
 * exactly; `what` names it in errors.
 */
function parseStaticOrDynamic(p: Parser, context: string, what: string): MemRefDim {
  if (p.consume('?')) return '?';
  const negative = p.consume('-');
  const tok = p.expectKind('integer', "integer or '?'", context);
  const magnitude = BigInt(tok.text);
  const value = negative ? -magnitude : magnitude;
  if (!isSafeBigInt(value)) {
    const written = writtenInteger(negative, tok.text, value);
    throw p.error(unsafeIntegerDetail(what, written, value), undefined, tok);
  }
  // `Number(-0n)` is 0: `-0` is the offset 0, not a negative zero.
  return Number(value);
}

/** `strided<[s, ...][, offset: o]>` (the leading comma consumed). */
function parseStridedLayout(p: Parser): StridedLayout {
  // NOTE: affine-map layouts and memory spaces are not represented in MemRefType.
  if (!p.at('bareId', 'strided')) {
    throw p.error(
      'only strided memref layouts are supported (no affine maps or memory spaces)',
      "'strided'",
    );
  }
  p.next();
  p.expect('<', "after 'strided'");
  p.expect('[', 'to open strides');
  const strides = p.list(']', 'to close strides', () =>
    parseStaticOrDynamic(p, 'in strides', 'strided stride'),
  );
  let offset: MemRefDim = 0;
  if (p.consume(',')) {
    p.expectKeyword('offset', 'in strided layout');
    p.expect(':', "after 'offset'");
    offset = parseStaticOrDynamic(p, 'as strided offset', 'strided offset');
  }
  p.expect('>', 'to close strided layout');
  return { strides, offset };
}
