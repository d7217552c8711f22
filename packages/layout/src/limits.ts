/**
 * Hard limits on what this package accepts, far above anything XLA emits (real layouts have
 * rank <= ~12 and at most 2-3 tile levels) but low enough that hostile input costs bounded time
 * and memory. Past a limit, parsing and validation throw a `LayoutValidationError` naming it.
 */
export const LAYOUT_LIMITS = {
  /** Characters in one shape or layout text (`parseShape`, `parseLayout`). */
  maxTextLength: 1_048_576,
  /** Dimensions of an array shape, and entries of a minor_to_major list. */
  maxRank: 64,
  /** Tiles in one `T(...)(...)` list. */
  maxTiles: 16,
  /** Entries (sizes and `*`) in one tile. */
  maxTileRank: 64,
  /**
   * Cells one `renderMemoryMap` picture draws in all its panels together (an empty axis counts
   * as one), and separately memory slots, whatever its options ask for: the picture stays far
   * below JavaScript's longest string.
   */
  maxMapCells: 262_144,
} as const;
