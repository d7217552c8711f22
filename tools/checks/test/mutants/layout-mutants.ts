/**
 * Deliberately broken layout implementations: each wraps the real `@tilekit/layout` and breaks
 * exactly one rule of the "Tiled layout" document, by rewriting the parsed shape it hands on.
 */

import type { LayoutImpl } from '@tilekit/conformance';
import type { ArrayShape, Layout, Shape } from '@tilekit/layout';
import * as layout from '@tilekit/layout';

/** The real implementation, as the suite sees it. */
export const realLayout: LayoutImpl<Shape, Layout> = layout;

/**
 * Tiles applied to the prefix instead of the suffix: a tile with fewer dimensions than the shape
 * is padded with 1s on its minor side, so it covers the most major dimensions.
 */
export function tilesOnPrefix(
  real: LayoutImpl<Shape, Layout> = realLayout,
): LayoutImpl<Shape, Layout> {
  const onPrefix = (shape: Shape): Shape => {
    if (shape.kind !== 'array') return shape;
    const [first, ...rest] = shape.layout.tiles;
    const rank = shape.dimensions.length;
    if (first === undefined || first.length >= rank) return shape;
    const widened = [...first, ...Array<number>(rank - first.length).fill(1)];
    return { ...shape, layout: { ...shape.layout, tiles: [widened, ...rest] } };
  };
  return { ...real, parseShape: (text) => onPrefix(real.parseShape(text)) };
}

/** A shape as the combine mutant sees it: the original, its rewrite, and index conversions. */
interface Rewritten {
  readonly original: Shape;
  readonly rewritten: Shape;
  readonly toRewritten: (index: readonly number[]) => number[];
  readonly fromRewritten: (index: readonly number[]) => number[];
}

const identity = (original: Shape): Rewritten => ({
  original,
  rewritten: original,
  toRewritten: (i) => [...i],
  fromRewritten: (i) => [...i],
});

const isRowMajor = (shape: ArrayShape) =>
  shape.layout.minorToMajor.every((d, k) => d === shape.layout.minorToMajor.length - 1 - k);

/**
 * Groups of tile positions after `*` merging into the nearest more major non-`*` position (the
 * wrong neighbour); leading `*`s, which have no such neighbour, still merge minor.
 */
function wrongGroups(tile: readonly number[]): number[][] {
  const groups: number[][] = [];
  let leading: number[] = [];
  tile.forEach((t, k) => {
    if (t !== layout.COMBINE_DIMENSION) {
      groups.push([...leading, k]);
      leading = [];
    } else if (groups.length > 0) groups[groups.length - 1]!.push(k);
    else leading.push(k);
  });
  return groups;
}

function combineWrongly(original: Shape): Rewritten {
  const shape = original.kind === 'array' ? original : undefined;
  const tile = shape?.layout.tiles[0];
  if (!shape || !tile?.includes(layout.COMBINE_DIMENSION) || !isRowMajor(shape))
    return identity(original);
  const dims = shape.dimensions.map((d) => (d.kind === 'unbounded' ? 1 : d.size));
  const offset = dims.length - tile.length;
  const groups = wrongGroups(tile);
  const groupDims = groups.map((g) => g.map((k) => dims[offset + k]!));
  const sizes = [...dims.slice(0, offset), ...groupDims.map((g) => g.reduce((p, d) => p * d, 1))];
  const rank = sizes.length;
  const rewritten: ArrayShape = {
    ...shape,
    dimensions: sizes.map((size) => ({ kind: 'static', size })),
    layout: {
      ...shape.layout,
      minorToMajor: sizes.map((_, k) => rank - 1 - k),
      tiles: [groups.map((g) => tile[g[g.length - 1]!]!), ...shape.layout.tiles.slice(1)],
    },
  };
  return {
    original,
    rewritten,
    toRewritten: (index) => [
      ...index.slice(0, offset),
      ...groups.map((g) => g.reduce((acc, k) => acc * dims[offset + k]! + index[offset + k]!, 0)),
    ],
    fromRewritten: (index) => [
      ...index.slice(0, offset),
      ...groups.flatMap((g, n) => {
        let rest = index[offset + n]!;
        return g
          .map((k) => dims[offset + k]!)
          .reverse()
          .map((d) => {
            const e = rest % d;
            rest = Math.floor(rest / d);
            return e;
          })
          .reverse();
      }),
    ],
  };
}

/**
 * `*` merging into the wrong neighbour: into the next more major dimension instead of the next
 * more minor one (row-major layouts; the logical order of elements is unchanged, so whole-array
 * maps carry over).
 */
export function combineIntoMajorNeighbour(
  real: LayoutImpl<Shape, Layout> = realLayout,
): LayoutImpl<Rewritten, Layout> {
  return {
    parseShape: (text) => combineWrongly(real.parseShape(text)),
    formatShape: (s) => real.formatShape(s.original),
    parseLayout: (text) => real.parseLayout(text),
    formatLayout: (l) => real.formatLayout(l),
    linearIndex: (s, index) => real.linearIndex(s.rewritten, s.toRewritten(index)),
    delinearize: (s, offset) => {
      const index = real.delinearize(s.rewritten, offset);
      return index === null ? null : s.fromRewritten(index);
    },
    expandedShape: (s) => real.expandedShape(s.rewritten),
    physicalElementCount: (s) => real.physicalElementCount(s.rewritten),
    xlaArraySize: (s) => real.xlaArraySize(s.rewritten),
    offsetMap: (s) => real.offsetMap(s.rewritten),
    inverseMap: (s) => real.inverseMap(s.rewritten),
  };
}

/**
 * Split configs not checked against the shape: text the real implementation rejects only for its
 * `SC(...)` is accepted (as the same shape without the split configs).
 */
export function splitConfigsUnchecked(
  real: LayoutImpl<Shape, Layout> = realLayout,
): LayoutImpl<Shape, Layout> {
  const parseShape = (text: string): Shape => {
    try {
      return real.parseShape(text);
    } catch (error) {
      const splitRejected =
        error instanceof layout.LayoutValidationError &&
        error.argument === 'shape.layout.splitConfigs';
      if (!splitRejected) throw error;
      return real.parseShape(text.replace(/SC(\([^()]*\))+/g, ''));
    }
  };
  return { ...real, parseShape };
}

/** Negative memory spaces printed as the default: `S(-1)` is dropped from the canonical text. */
export function negativeMemorySpaceDropped(
  real: LayoutImpl<Shape, Layout> = realLayout,
): LayoutImpl<Shape, Layout> {
  const drop = (shape: Shape): Shape =>
    shape.kind === 'array' && shape.layout.memorySpace < 0
      ? { ...shape, layout: { ...shape.layout, memorySpace: 0 } }
      : shape;
  return { ...real, formatShape: (shape) => real.formatShape(drop(shape)) };
}
