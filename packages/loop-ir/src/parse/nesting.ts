/**
 * The parser's nesting limit. Every nested construct is parsed (and later printed, verified
 * and interpreted) by recursion, so unbounded nesting would overflow the JavaScript stack
 * with an untyped `RangeError`; beyond this depth the parser raises `MlirParseError` instead.
 */

/**
 * How deep each kind of construct may nest: regions below the module (a function body is
 * depth 1, a loop in it depth 2), brackets of attributes (`[`, `{`, dense literals), types
 * (`vector<`, `memref<`, function types), and affine expressions (operators and parentheses).
 */
export const MAX_NESTING_DEPTH = 256;

/** The constructs counted separately against {@link MAX_NESTING_DEPTH}. */
export type NestingKind = 'region' | 'attribute' | 'type' | 'affine expression';
