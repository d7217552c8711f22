/**
 * Converting numeric literal tokens to typed values: range checks for integers (stored
 * sign-normalized per width, like MLIR's APInt printing) and rounding for floats.
 */

// The int64 range of MLIR's `int64_t` fields (positions, `DenseI64ArrayAttr`s), as affine
// constants have it.
import {
  AFFINE_CONSTANT_MAX as INT64_MAX,
  AFFINE_CONSTANT_MIN as INT64_MIN,
} from '../ir/affine.js';
import { bitsToFloat, formatBits, roundToFormat } from '../ir/float-format.js';
import type { FloatType, IndexType, IntegerType } from '../ir/types.js';
import type { Token } from './lexer.js';
import type { Parser } from './parser.js';

/** A numeric literal with its sign, as written. */
export interface NumberLiteral {
  readonly token: Token;
  readonly negative: boolean;
}

/** Parses an optionally negated integer or float token (or `true`/`false`). */
export function parseNumberLiteral(p: Parser, context: string): NumberLiteral {
  const negative = p.consume('-');
  const token = p.peek();
  if (
    token.kind !== 'integer' &&
    token.kind !== 'float' &&
    !(token.kind === 'bareId' && !negative && (token.text === 'true' || token.text === 'false'))
  ) {
    throw p.unexpected('number', context);
  }
  p.next();
  return { token, negative };
}

/** The width of an integer-like type (`index` is 64 bits). */
function widthOf(type: IntegerType | IndexType): number {
  return type.kind === 'index' ? 64 : type.width;
}

/** Converts a literal to an integer of `type`, normalized to the signed range of its width. */
export function integerFromLiteral(
  p: Parser,
  lit: NumberLiteral,
  type: IntegerType | IndexType,
): bigint {
  const { token } = lit;
  if (token.kind === 'bareId') {
    if (widthOf(type) !== 1)
      throw p.error(
        `boolean literal requires i1, not a ${widthOf(type)}-bit type`,
        undefined,
        token,
      );
    return token.text === 'true' ? 1n : 0n;
  }
  if (token.kind === 'float') {
    throw p.error('expected integer value, found floating point literal', 'integer', token);
  }
  const magnitude = BigInt(token.text);
  const value = lit.negative ? -magnitude : magnitude;
  const width = BigInt(widthOf(type));
  // Like MLIR: accept the signed or the unsigned range of the width.
  if (value < -(1n << (width - 1n)) || value >= 1n << width) {
    throw p.error(`integer constant out of range for type`, undefined, token);
  }
  return width === 1n ? BigInt.asUintN(1, value) : BigInt.asIntN(Number(width), value);
}

/** The literal as written: `-0x10` is `-0x10`. */
export function literalText(lit: NumberLiteral): string {
  return `${lit.negative ? '-' : ''}${lit.token.text}`;
}

/**
 * An integer as written (`-` and the token's text), with its decimal value when written in
 * hex: `0x10 (16)`; for error messages.
 */
export function writtenInteger(negative: boolean, text: string, value: bigint): string {
  const written = `${negative ? '-' : ''}${text}`;
  return text.startsWith('0x') ? `${written} (${value})` : written;
}

/**
 * The exact value of an integer literal (decimal or hex, negated when written with `-`), never
 * wrapped or rounded; a float literal (or `true`/`false`) is an error. `what` names the place.
 */
export function exactIntegerFromLiteral(p: Parser, lit: NumberLiteral, what: string): bigint {
  const { token } = lit;
  if (token.kind !== 'integer') {
    throw p.error(
      token.kind === 'float'
        ? 'expected integer value, found floating point literal'
        : `expected integer ${what}, found '${token.text}'`,
      'integer',
      token,
    );
  }
  const magnitude = BigInt(token.text);
  return lit.negative ? -magnitude : magnitude;
}

/**
 * An integer literal of an `int64_t` field (`what` names it in the error): MLIR's
 * `parseInteger(int64_t &)` rule, every value of [-2^63, 2^63 - 1] exactly and nothing else.
 */
export function int64FromLiteral(p: Parser, lit: NumberLiteral, what: string): bigint {
  const value = exactIntegerFromLiteral(p, lit, what);
  if (value < INT64_MIN || value > INT64_MAX) {
    throw p.error(
      `${what} ${writtenInteger(lit.negative, lit.token.text, value)} is out of the int64 range`,
      undefined,
      lit.token,
    );
  }
  return value;
}

/** The message for an integer `value` of a `number` field that is no safe integer. */
export function unsafeIntegerDetail(what: string, written: string, value: bigint): string {
  return value > 0n
    ? `${what} ${written} is above 2^53 - 1 (the largest this IR holds exactly)`
    : `${what} ${written} is below -(2^53 - 1) (the smallest this IR holds exactly)`;
}

/** Whether `value` is a safe integer: one a `number` holds exactly, as do its neighbours. */
export function isSafeBigInt(value: bigint): boolean {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER);
}

/** Converts a literal to a float of `type`; hex literals are bit patterns (NaN keeps `bits`). */
export function floatFromLiteral(
  p: Parser,
  lit: NumberLiteral,
  type: FloatType,
): { value: number; bits?: bigint } {
  const { token } = lit;
  if (token.kind === 'integer' && token.text.startsWith('0x')) {
    if (lit.negative)
      throw p.error('hexadecimal float literal should not have a leading minus', undefined, token);
    const bits = BigInt(token.text);
    if (bits >= 1n << BigInt(formatBits(type.format))) {
      throw p.error(`hexadecimal float constant out of range for type`, undefined, token);
    }
    const value = bitsToFloat(bits, type.format);
    // Only NaN payloads are lost by `value`; other patterns are fully described by it.
    return Number.isNaN(value) ? { value, bits } : { value };
  }
  if (token.kind !== 'float') {
    throw p.error(
      'unexpected decimal integer literal for a floating point value (add a trailing dot to make the literal a float)',
      'float',
      token,
    );
  }
  const v = Number.parseFloat(token.text);
  return { value: roundToFormat(lit.negative ? -v : v, type.format) };
}
