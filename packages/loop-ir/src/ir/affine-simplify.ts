/**
 * MLIR's construction-time simplification of affine expressions (the folds its `AffineExpr`
 * operators `+ * floorDiv ceilDiv %` apply before uniquing a node). MLIR's parser builds every
 * expression through them, so `s0 - d0` is stored, and printed, as `-d0 + s0`, `d0 * 1` as `d0`
 * and `(d0 + 2) + 3` as `d0 + 5`; parsing here applies the same rules so the printed text is
 * mlir-opt's. Subtraction is an addition of the operand times -1, as in MLIR.
 */
import {
  AFFINE_CONSTANT_MAX,
  AFFINE_CONSTANT_MIN,
  type AffineBinaryOp,
  type AffineExpr,
  affineBinary,
  affineConstant,
  affineExprEquals,
} from './affine.js';

const minusOne = (): AffineExpr => affineConstant(-1n);

const constantValue = (e: AffineExpr): bigint | undefined =>
  e.kind === 'constant' ? e.value : undefined;

/** A constant when `v` fits int64 (MLIR does not fold a result that overflows). */
function fitting(v: bigint): AffineExpr | undefined {
  return v >= AFFINE_CONSTANT_MIN && v <= AFFINE_CONSTANT_MAX ? affineConstant(v) : undefined;
}

/** Whether `e` holds no dimension (only symbols and constants). */
function isSymbolicOrConstant(e: AffineExpr): boolean {
  if (e.kind === 'binary') return isSymbolicOrConstant(e.lhs) && isSymbolicOrConstant(e.rhs);
  return e.kind !== 'dim';
}

function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** MLIR's `getLargestKnownDivisor`: a factor every value of `e` is known to be a multiple of. */
function largestKnownDivisor(e: AffineExpr): bigint {
  switch (e.kind) {
    case 'constant':
      return e.value < 0n ? -e.value : e.value;
    case 'dim':
    case 'symbol':
      return 1n;
    case 'binary':
      if (e.op === '*') return largestKnownDivisor(e.lhs) * largestKnownDivisor(e.rhs);
      if (e.op === '+' || e.op === '-' || e.op === 'mod')
        return gcd(largestKnownDivisor(e.lhs), largestKnownDivisor(e.rhs));
      return 1n;
  }
}

const floorDivide = (a: bigint, b: bigint): bigint => {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
};
const modulo = (a: bigint, b: bigint): bigint => ((a % b) + b) % b;

function add(lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  const l = constantValue(lhs);
  const r = constantValue(rhs);
  if (l !== undefined && r !== undefined) {
    const folded = fitting(l + r);
    if (folded !== undefined) return folded;
  }
  // Constants go right; a symbolic operand goes right of one that is not.
  if (
    (l !== undefined && r === undefined) ||
    (isSymbolicOrConstant(lhs) && !isSymbolicOrConstant(rhs))
  ) {
    return add(rhs, lhs);
  }
  if (outOfOrder(lhs, rhs)) return add(rhs, lhs);
  if (r === 0n) return lhs;
  const lBin = lhs.kind === 'binary' ? lhs : undefined;
  // (e + c1) + c2 = e + (c1 + c2)
  if (lBin?.op === '+' && r !== undefined) {
    const c1 = constantValue(lBin.rhs);
    const sum = c1 === undefined ? undefined : fitting(c1 + r);
    if (sum !== undefined) return add(lBin.lhs, sum);
  }
  // c1 * e + c2 * e = (c1 + c2) * e
  const [firstExpr, c1] = scaled(lhs);
  const [secondExpr, c2] = scaled(rhs);
  if (affineExprEquals(firstExpr, secondExpr)) {
    const coefficient = fitting(c1 + c2);
    if (coefficient !== undefined) return mul(firstExpr, coefficient);
  }
  // (e + c) + f = (e + f) + c
  if (lBin?.op === '+' && lBin.rhs.kind === 'constant') return add(add(lBin.lhs, rhs), lBin.rhs);
  // e - (e floordiv q) * q = e mod q
  const mod = asModulo(lhs, rhs);
  if (mod !== undefined) return mod;
  return affineBinary('+', lhs, rhs);
}

/** Two dims, or two symbols, in descending position order (MLIR orders them ascending). */
function outOfOrder(lhs: AffineExpr, rhs: AffineExpr): boolean {
  return (
    (lhs.kind === 'dim' || lhs.kind === 'symbol') &&
    lhs.kind === rhs.kind &&
    lhs.position > (rhs as typeof lhs).position
  );
}

/** `e * c` as `[e, c]`, anything else as `[it, 1]`. */
function scaled(e: AffineExpr): [AffineExpr, bigint] {
  if (e.kind === 'binary' && e.op === '*' && e.rhs.kind === 'constant') return [e.lhs, e.rhs.value];
  return [e, 1n];
}

/** `lhs + rhs` as `lhs mod q` when `rhs` is `((lhs floordiv q) * q) * -1` or `(lhs floordiv q) * -q`. */
function asModulo(lhs: AffineExpr, rhs: AffineExpr): AffineExpr | undefined {
  if (rhs.kind !== 'binary' || rhs.op !== '*') return undefined;
  const outer = constantValue(rhs.rhs);
  const inner = rhs.lhs;
  if (outer === -1n && inner.kind === 'binary' && inner.op === '*') {
    const quotient = inner.lhs;
    if (
      quotient.kind === 'binary' &&
      quotient.op === 'floordiv' &&
      affineExprEquals(quotient.rhs, inner.rhs) &&
      affineExprEquals(lhs, quotient.lhs)
    ) {
      return modOf(lhs, inner.rhs);
    }
    return undefined;
  }
  if (inner.kind !== 'binary' || inner.op !== 'floordiv') return undefined;
  // `-rhs.rhs` as MLIR computes it, so a symbolic divisor matches too.
  if (affineExprEquals(lhs, inner.lhs) && affineExprEquals(inner.rhs, mul(rhs.rhs, minusOne()))) {
    return modOf(lhs, inner.rhs);
  }
  return undefined;
}

function mul(lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  const l = constantValue(lhs);
  const r = constantValue(rhs);
  if (l !== undefined && r !== undefined) {
    const folded = fitting(l * r);
    if (folded !== undefined) return folded;
  }
  // The constant (or symbolic) factor goes right.
  if ((l !== undefined && r === undefined) || !isSymbolicOrConstant(rhs)) {
    if (isSymbolicOrConstant(lhs)) return mul(rhs, lhs);
    return affineBinary('*', lhs, rhs);
  }
  if (outOfOrder(lhs, rhs)) return mul(rhs, lhs);
  if (r === 1n) return lhs;
  if (r === 0n) return rhs;
  const lBin = lhs.kind === 'binary' && lhs.op === '*' ? lhs : undefined;
  const c1 = lBin === undefined ? undefined : constantValue(lBin.rhs);
  if (lBin !== undefined && c1 !== undefined) {
    // (e * c1) * c2 = e * (c1 * c2); (e * c) * f = (e * f) * c
    if (r !== undefined) {
      const product = fitting(c1 * r);
      if (product !== undefined) return mul(lBin.lhs, product);
    } else {
      return mul(mul(lBin.lhs, rhs), lBin.rhs);
    }
  }
  return affineBinary('*', lhs, rhs);
}

function floorDivOf(lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  const r = constantValue(rhs);
  // By zero the result is undefined: kept as written.
  if (r === undefined || r === 0n) return affineBinary('floordiv', lhs, rhs);
  const l = constantValue(lhs);
  if (l !== undefined) return fitting(floorDivide(l, r)) ?? affineBinary('floordiv', lhs, rhs);
  if (r === 1n) return lhs;
  if (lhs.kind === 'binary' && lhs.op === '*') {
    const c = constantValue(lhs.rhs);
    if (c !== undefined && c % r === 0n) return mul(lhs.lhs, affineConstant(c / r));
  }
  if (lhs.kind === 'binary' && lhs.op === '+') {
    if (largestKnownDivisor(lhs.lhs) % r === 0n || largestKnownDivisor(lhs.rhs) % r === 0n)
      return add(floorDivOf(lhs.lhs, rhs), floorDivOf(lhs.rhs, rhs));
  }
  return affineBinary('floordiv', lhs, rhs);
}

function ceilDivOf(lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  const r = constantValue(rhs);
  if (r === undefined || r === 0n) return affineBinary('ceildiv', lhs, rhs);
  const l = constantValue(lhs);
  if (l !== undefined) return fitting(-floorDivide(-l, r)) ?? affineBinary('ceildiv', lhs, rhs);
  if (r === 1n) return lhs;
  if (lhs.kind === 'binary' && lhs.op === '*') {
    const c = constantValue(lhs.rhs);
    if (c !== undefined && c % r === 0n) return mul(lhs.lhs, affineConstant(c / r));
  }
  return affineBinary('ceildiv', lhs, rhs);
}

function modOf(lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  const r = constantValue(rhs);
  // By zero or a negative number the result is undefined: kept as written.
  if (r === undefined || r < 1n) return affineBinary('mod', lhs, rhs);
  const l = constantValue(lhs);
  if (l !== undefined) return affineConstant(modulo(l, r));
  if (largestKnownDivisor(lhs) % r === 0n) return affineConstant(0n);
  if (lhs.kind === 'binary' && lhs.op === '+') {
    if (largestKnownDivisor(lhs.lhs) % r === 0n) return modOf(lhs.rhs, rhs);
    if (largestKnownDivisor(lhs.rhs) % r === 0n) return modOf(lhs.lhs, rhs);
  }
  if (lhs.kind === 'binary' && lhs.op === 'mod') {
    const inner = constantValue(lhs.rhs);
    if (inner !== undefined && inner >= 1n && modulo(inner, r) === 0n) return modOf(lhs.lhs, rhs);
  }
  return affineBinary('mod', lhs, rhs);
}

/**
 * `lhs op rhs` simplified as MLIR's expression operators simplify it (a subtraction becomes
 * `lhs + rhs * -1`). The result has the same value as the unsimplified expression wherever
 * that is defined.
 */
export function simplifiedAffineBinary(
  op: AffineBinaryOp,
  lhs: AffineExpr,
  rhs: AffineExpr,
): AffineExpr {
  switch (op) {
    case '+':
      return add(lhs, rhs);
    case '-':
      return add(lhs, mul(rhs, minusOne()));
    case '*':
      return mul(lhs, rhs);
    case 'floordiv':
      return floorDivOf(lhs, rhs);
    case 'ceildiv':
      return ceilDivOf(lhs, rhs);
    case 'mod':
      return modOf(lhs, rhs);
  }
}
