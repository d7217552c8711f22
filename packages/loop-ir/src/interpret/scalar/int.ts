/**
 * Integer semantics per width: wraparound arithmetic, signed/unsigned division and
 * remainder (division by zero is undefined behaviour and raises), shifts, min/max and
 * comparisons. Operands are canonical (see runtime.ts); results are re-canonicalized.
 */
import { InterpretError } from '../errors.js';
import { unsigned, wrapInt } from './integers.js';

/** `(a, b, width, opName) -> result`. */
type IntBinaryFn = (a: bigint, b: bigint, w: number, opName: string) => bigint;

function divisor(b: bigint, opName: string): bigint {
  if (b === 0n) throw new InterpretError(opName, 'integer division by zero (undefined behaviour)');
  return b;
}

/** Signed operand of an i1 (0/1 canonical) is 0/-1; other widths are already signed. */
function signed(a: bigint, w: number): bigint {
  return w === 1 ? BigInt.asIntN(1, a) : a;
}

function signedDiv(
  a: bigint,
  b: bigint,
  w: number,
  opName: string,
  round: 'trunc' | 'floor' | 'ceil',
): bigint {
  const x = signed(a, w);
  const y = signed(divisor(b, opName), w);
  if (x === -(1n << BigInt(w - 1)) && y === -1n) {
    throw new InterpretError(opName, 'signed division overflow (undefined behaviour)');
  }
  const q = x / y;
  const inexact = q * y !== x;
  if (round === 'floor' && inexact && x < 0n !== y < 0n) return wrapInt(q - 1n, w);
  if (round === 'ceil' && inexact && x < 0n === y < 0n) return wrapInt(q + 1n, w);
  return wrapInt(q, w);
}

/** Shift amount as an unsigned value; amounts >= width give 0 (shl/shrui) or the sign (shrsi). */
function shiftAmount(b: bigint, w: number): bigint {
  return unsigned(b, w);
}

/** Every integer binary op, keyed by op name. */
export const INT_BINARY: Readonly<Record<string, IntBinaryFn>> = {
  'arith.addi': (a, b, w) => wrapInt(a + b, w),
  'arith.subi': (a, b, w) => wrapInt(a - b, w),
  'arith.muli': (a, b, w) => wrapInt(a * b, w),
  'arith.divsi': (a, b, w, op) => signedDiv(a, b, w, op, 'trunc'),
  'arith.floordivsi': (a, b, w, op) => signedDiv(a, b, w, op, 'floor'),
  'arith.ceildivsi': (a, b, w, op) => signedDiv(a, b, w, op, 'ceil'),
  'arith.divui': (a, b, w, op) => wrapInt(unsigned(a, w) / unsigned(divisor(b, op), w), w),
  'arith.ceildivui': (a, b, w, op) => {
    const x = unsigned(a, w);
    const y = unsigned(divisor(b, op), w);
    return wrapInt((x + y - 1n) / y, w);
  },
  'arith.remsi': (a, b, w, op) => wrapInt(signed(a, w) % signed(divisor(b, op), w), w),
  'arith.remui': (a, b, w, op) => wrapInt(unsigned(a, w) % unsigned(divisor(b, op), w), w),
  'arith.andi': (a, b, w) => wrapInt(a & b, w),
  'arith.ori': (a, b, w) => wrapInt(a | b, w),
  'arith.xori': (a, b, w) => wrapInt(a ^ b, w),
  'arith.shli': (a, b, w) => {
    const s = shiftAmount(b, w);
    return s >= BigInt(w) ? 0n : wrapInt(a << s, w);
  },
  'arith.shrui': (a, b, w) => {
    const s = shiftAmount(b, w);
    return s >= BigInt(w) ? 0n : wrapInt(unsigned(a, w) >> s, w);
  },
  'arith.shrsi': (a, b, w) => {
    const s = shiftAmount(b, w);
    return wrapInt(signed(a, w) >> (s >= BigInt(w) ? BigInt(w - 1) : s), w);
  },
  'arith.maxsi': (a, b, w) => (signed(a, w) >= signed(b, w) ? a : b),
  'arith.minsi': (a, b, w) => (signed(a, w) <= signed(b, w) ? a : b),
  'arith.maxui': (a, b, w) => (unsigned(a, w) >= unsigned(b, w) ? a : b),
  'arith.minui': (a, b, w) => (unsigned(a, w) <= unsigned(b, w) ? a : b),
};

/** `math.absi` (wraps: |INT_MIN| = INT_MIN). */
export function absi(a: bigint, w: number): bigint {
  const x = signed(a, w);
  return wrapInt(x < 0n ? -x : x, w);
}

/** `arith.cmpi` predicates. */
export const CMPI: Readonly<Record<string, (a: bigint, b: bigint, w: number) => boolean>> = {
  eq: (a, b) => a === b,
  ne: (a, b) => a !== b,
  slt: (a, b, w) => signed(a, w) < signed(b, w),
  sle: (a, b, w) => signed(a, w) <= signed(b, w),
  sgt: (a, b, w) => signed(a, w) > signed(b, w),
  sge: (a, b, w) => signed(a, w) >= signed(b, w),
  ult: (a, b, w) => unsigned(a, w) < unsigned(b, w),
  ule: (a, b, w) => unsigned(a, w) <= unsigned(b, w),
  ugt: (a, b, w) => unsigned(a, w) > unsigned(b, w),
  uge: (a, b, w) => unsigned(a, w) >= unsigned(b, w),
};
