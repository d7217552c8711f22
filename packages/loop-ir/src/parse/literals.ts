/**
 * Converting numeric literal tokens to typed values: range checks for integers (stored
 * sign-normalized per width, like MLIR's APInt printing) and rounding for floats.
 */
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
