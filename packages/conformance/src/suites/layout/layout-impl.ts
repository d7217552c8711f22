/**
 * What the layout suite needs from an implementation: the public functions of an XLA
 * shape/layout library. `S` and `L` are the implementation's own shape and layout values; the
 * suite only passes them back.
 */

/** ShapeUtil::ArraySize figures. */
export interface ArraySizeFigures {
  readonly elements: number;
  readonly bytes: number;
}

/** An XLA tiled-layout implementation under test. */
export interface LayoutImpl<S = unknown, L = unknown> {
  /** Parses XLA shape text; throws on text XLA rejects. */
  parseShape(text: string): S;
  /** Prints a shape in XLA's canonical form. */
  formatShape(shape: S): string;
  /** Parses bare layout text `{...}`; throws on text XLA rejects. */
  parseLayout(text: string): L;
  /** Prints a layout in XLA's canonical form. */
  formatLayout(layout: L): string;
  /** Physical element offset of a logical index (most major first). */
  linearIndex(shape: S, index: readonly number[]): number;
  /** The logical index at a physical offset, or `null` for a padding slot. */
  delinearize(shape: S, offset: number): readonly number[] | null;
  /** The fully expanded physical shape, most major first. */
  expandedShape(shape: S): readonly number[];
  /** Element slots of the physical buffer (every tile's padding, rounded up to `L`). */
  physicalElementCount(shape: S): number;
  /** What XLA's `ShapeUtil::ArraySize` reports. */
  xlaArraySize(shape: S): ArraySizeFigures;
  /** For each logical element in row-major order, its physical offset. */
  offsetMap(shape: S): ArrayLike<number>;
  /** For each physical slot, the row-major logical position stored there, or -1 for padding. */
  inverseMap(shape: S): ArrayLike<number>;
}
