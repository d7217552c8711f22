/**
 * Random affine expressions over `d0, d1, s0, s1`, as the printer's and the canonicalizer's
 * round-trip tests against `mlir-opt-22` generate them; each test picks its constants, factors
 * and divisors.
 */
import fc from 'fast-check';

/** The pieces one test's expressions are made of. */
export interface AffineExpressionPieces {
  /** Integer literals, from `-literalBound` to `literalBound`. */
  readonly literalBound: number;
  /** Right-hand factors of `e * k` (constants or symbols). */
  readonly factors: readonly string[];
  /** Left-hand factors of `k * e`, where the test wants that form too. */
  readonly leftFactors?: readonly string[];
  /** Divisors of `floordiv`, `ceildiv` and `mod`. */
  readonly divisors: readonly string[];
}

/** Affine expression text, fully parenthesized, made of `pieces`. */
export function affineExpressionArb(pieces: AffineExpressionPieces): fc.Arbitrary<string> {
  return fc.letrec<{ e: string }>((tie) => ({
    e: fc.oneof(
      { depthSize: 'small' },
      fc.constantFrom('d0', 'd1', 's0', 's1'),
      fc.integer({ min: -pieces.literalBound, max: pieces.literalBound }).map(String),
      fc
        .tuple(tie('e'), fc.constantFrom('+', '-'), tie('e'))
        .map(([a, o, b]) => `(${a} ${o} ${b})`),
      fc.tuple(tie('e'), fc.constantFrom(...pieces.factors)).map(([a, k]) => `(${a} * ${k})`),
      ...(pieces.leftFactors === undefined
        ? []
        : [
            fc
              .tuple(fc.constantFrom(...pieces.leftFactors), tie('e'))
              .map(([k, a]) => `(${k} * ${a})`),
          ]),
      fc
        .tuple(
          tie('e'),
          fc.constantFrom('floordiv', 'ceildiv', 'mod'),
          fc.constantFrom(...pieces.divisors),
        )
        .map(([a, o, d]) => `(${a} ${o} ${d})`),
      tie('e').map((a) => `-${a}`),
    ),
  })).e;
}
