/**
 * This package's known, deliberate deviations from `@tilekit/conformance`'s layout suite, as
 * plain data (no dependency on the suite): pass it as the suite's `exclusions`.
 */

/**
 * The layout suite's cases this package fails on purpose, with the reason: it accepts the
 * "Tiled layout" document's tile notation without `T` (`{1,0:(2,2)}`) as input, which XLA's
 * parser rejects. Structurally `@tilekit/conformance`'s `Exclusion[]`; the suite fails the run
 * once an excluded case starts passing.
 */
export const LAYOUT_CONFORMANCE_EXCLUSIONS: readonly {
  readonly case: `layout/${string}`;
  readonly reason: string;
}[] = [
  {
    case: 'layout/xla/reject/f32[3,5]{1,0:(2,2)}',
    reason:
      "tilekit deliberately accepts the 'Tiled layout' document's notation {1,0:(2,2)} (without T) as input; XLA's parser rejects it",
  },
];
