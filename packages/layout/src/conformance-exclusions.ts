/**
 * This package's known, deliberate deviations from `@tilekit/conformance`'s layout suite, as
 * plain data (no dependency on the suite): pass it as the suite's `exclusions`.
 */

/** Why the document's notation is accepted although XLA rejects it. */
const DOCUMENT_NOTATION =
  "tilekit deliberately accepts the 'Tiled layout' document's notation (upper-case types such as F32, a tile list without T such as {1,0:(2,2)}) as input; XLA's parser rejects it";

/**
 * The layout suite's cases this package fails on purpose, each with the reason. Structurally
 * `@tilekit/conformance`'s `Exclusion[]`; the suite fails the run once an excluded case starts
 * passing. The `layout/xla-parser/<class>/*` entries are whole classes of XLA's verdicts on
 * generated text (the fixture's generator files every string showing one of these differences
 * under that class, so each class holds exactly the strings where tilekit and XLA part ways).
 */
export const LAYOUT_CONFORMANCE_EXCLUSIONS: readonly {
  readonly case: `layout/${string}`;
  readonly reason: string;
}[] = [
  { case: 'layout/xla/reject/f32[3,5]{1,0:(2,2)}', reason: DOCUMENT_NOTATION },
  {
    case: 'layout/xla-parser/document-notation/*',
    reason: `generated strings in the same notation: ${DOCUMENT_NOTATION}`,
  },
  {
    case: 'layout/xla-parser/trailing-star/*',
    reason:
      "a tile ending in '*' (T(*), T(2,*)) has no more minor dimension to fold into, so its index mapping is undefined (XLA's LinearIndexForNestedTiling does not implement '*' at all); tilekit rejects it where XLA accepts and prints it back",
  },
  {
    case: 'layout/xla-parser/negative-metadata-prefix/*',
    reason:
      'M(n) is a byte count: tilekit rejects a negative one; XLA accepts M(-1) and prints nothing for it',
  },
  {
    case: 'layout/xla-parser/memory-space-beyond-int8/*',
    reason:
      'XLA stores S(n) in an int8 and silently wraps larger values (S(128) prints as S(-128), S(256) as nothing); tilekit rejects values outside -128..127 rather than accept text XLA reads as another memory space',
  },
  {
    case: 'layout/xla-parser/beyond-safe-integer/*',
    reason:
      'tilekit computes offsets and sizes exactly in JavaScript numbers, so it rejects integers and element counts past 2^53-1 (Number.MAX_SAFE_INTEGER); XLA reads int64 and accepts them',
  },
  {
    case: 'layout/xla-parser/lenient-repairs/*',
    reason:
      "XLA's parser repairs malformed attributes instead of rejecting them (a list left open before '}': T(2} reads as T(2); an attribute letter without its value: {0:L} reads as {0}); tilekit rejects malformed text with the offset of the error",
  },
];
