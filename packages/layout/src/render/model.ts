import { describeValue } from '@tilekit/errors';
import { LayoutValidationError } from '../errors.js';
import type { ShapeInput } from '../input.js';
import { LAYOUT_LIMITS } from '../limits.js';
import { formatShape } from '../text/format.js';
import { type CompiledLayout, compileLayout } from '../tiling/compile.js';
import { expandIndex, logicalIndexAt, rowMajor, scratchFor } from '../tiling/index-walk.js';
import { product } from '../tiling/levels.js';

/**
 * `'error'`: a panel over `maxCells` throws. `'summary'`: it draws only its top-left window of
 * whole rows and columns that fits `maxCells`, marked as elided (`...` and "showing RxC of RxC").
 */
export type MemoryMapOverflow = 'error' | 'summary';

/** Limits that keep a picture readable (and its size bounded). */
export interface MemoryMapLimits {
  /**
   * Panels drawn for ranks above 2 (one per leading index); the rest are counted. Default 16.
   * All panels together draw at most `LAYOUT_LIMITS.maxMapCells` cells; panels past that are
   * counted too.
   */
  readonly maxPanels?: number;
  /**
   * Cells allowed in one panel, padding included (a shape holding no element draws no panel,
   * only a note saying so). Default 4096, at most
   * `LAYOUT_LIMITS.maxMapCells` whatever is asked. What happens past it is `overflow`'s choice.
   */
  readonly maxCells?: number;
  /** What a panel over `maxCells` does. Default `'error'`. */
  readonly overflow?: MemoryMapOverflow;
  /**
   * Physical slots drawn in the memory strip (at most `LAYOUT_LIMITS.maxMapCells`); the rest
   * are counted. Default 1024.
   */
  readonly maxSlots?: number;
}

/** One drawn cell of a panel: a logical element or a padding slot of the first tile. */
export interface MapCell {
  readonly row: number;
  readonly col: number;
  readonly offset: number;
  /** Outside the logical bounds: padding added by the first tile. */
  readonly padding: boolean;
  /** Outermost (first-level) tile, numbered row-major over the tile grid; 0 when untiled. */
  readonly tile: number;
  /** Innermost (last-level) tile: `offset` divided by the last tile's element count. */
  readonly subTile: number;
}

/** The two most minor logical dimensions at one leading index. */
export interface MapPanel {
  readonly leadingIndex: readonly number[];
  /** Rows drawn (fewer than `totalRows` when a summary elides the rest). */
  readonly rows: number;
  /** Columns drawn (fewer than `totalCols` when a summary elides the rest). */
  readonly cols: number;
  /** Rows of the whole panel, the first tile's padding included. */
  readonly totalRows: number;
  /** Columns of the whole panel, the first tile's padding included. */
  readonly totalCols: number;
  /** Row-major, `rows * cols` cells. */
  readonly cells: readonly MapCell[];
}

/** One slot of the physical buffer: which logical element it holds, or padding. */
export interface MapSlot {
  readonly offset: number;
  readonly index: readonly number[] | null;
  /** Outermost tile of the element stored here; -1 for padding. */
  readonly tile: number;
}

/** Everything both renderers draw, computed once. */
export interface MemoryMapModel {
  readonly title: string;
  readonly rank: number;
  readonly tiled: boolean;
  readonly panels: readonly MapPanel[];
  /** Panels counted but not drawn (exact: their count can pass 2^53). */
  readonly omittedPanels: bigint;
  readonly slots: readonly MapSlot[];
  readonly omittedSlots: number;
  /**
   * Drawn instead of the panels when the shape holds no element (a dimension of size 0): one
   * note, whatever the panel limit, since every panel would be empty.
   */
  readonly emptyNote?: string;
}

/** How far the first tile pads a displayed logical axis (its size when it is not tiled alone). */
function paddedExtent(compiled: CompiledLayout, axis: number | undefined): number {
  if (axis === undefined) return 1;
  const size = compiled.logicalDims[axis]!;
  const level = compiled.levels[0];
  // With `*` the padding spans several axes at once; only the logical extent is drawn then.
  if (level === undefined || level.merges.length > 0) return size;
  const position = compiled.physicalAxes.indexOf(axis) + level.prepend;
  const tileIndex = position - (level.combinedDims.length - level.tile.length);
  const tile = level.tile[tileIndex];
  return tile === undefined ? size : Math.ceil(size / tile) * tile;
}

function limit(
  limits: MemoryMapLimits,
  name: 'maxPanels' | 'maxCells' | 'maxSlots',
  fallback: number,
): number {
  const value = limits[name] ?? fallback;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new LayoutValidationError(
      `options.${name}`,
      `expected a positive integer, got ${describeValue(value)}`,
    );
  }
  return value;
}

function overflowOf(limits: MemoryMapLimits): MemoryMapOverflow {
  const overflow = limits.overflow ?? 'error';
  if (overflow !== 'error' && overflow !== 'summary') {
    throw new LayoutValidationError(
      'options.overflow',
      `expected 'error' or 'summary', got ${describeValue(overflow)}`,
    );
  }
  return overflow;
}

/** Cells a drawn window takes: an empty axis still takes a line of labels, so it counts as 1. */
const areaOf = (rows: number, cols: number): number => Math.max(rows, 1) * Math.max(cols, 1);

/** The rows and columns drawn of a `totalRows` x `totalCols` panel (neither axis empty). */
function drawnWindow(
  totalRows: number,
  totalCols: number,
  maxCells: number,
  overflow: MemoryMapOverflow,
): { rows: number; cols: number } {
  if (areaOf(totalRows, totalCols) <= maxCells) {
    return { rows: totalRows, cols: totalCols };
  }
  if (overflow === 'error') {
    const which =
      maxCells === LAYOUT_LIMITS.maxMapCells
        ? `LAYOUT_LIMITS.maxMapCells (${maxCells}), the most any picture draws; pass overflow: 'summary' to draw a part`
        : `maxCells (${maxCells}); raise it, or pass overflow: 'summary' to draw a part`;
    throw new LayoutValidationError('shape', `a ${totalRows}x${totalCols} panel exceeds ${which}`);
  }
  // A roughly square window, then whatever budget one axis leaves unused goes to the other.
  let rows = Math.min(totalRows, Math.floor(Math.sqrt(maxCells)));
  const cols = Math.min(totalCols, Math.floor(maxCells / Math.max(rows, 1)));
  rows = Math.min(totalRows, Math.floor(maxCells / Math.max(cols, 1)));
  return { rows, cols };
}

function modelOf(compiled: CompiledLayout, limits: MemoryMapLimits): MemoryMapModel {
  const { logicalDims: dims, levels } = compiled;
  const rank = dims.length;
  const rowAxis = rank >= 2 ? rank - 2 : undefined;
  const colAxis = rank >= 1 ? rank - 1 : undefined;
  const totalRows = paddedExtent(compiled, rowAxis);
  const totalCols = paddedExtent(compiled, colAxis);
  const maxCells = Math.min(limit(limits, 'maxCells', 4096), LAYOUT_LIMITS.maxMapCells);
  const overflow = overflowOf(limits);
  const maxPanels = limit(limits, 'maxPanels', 16);
  const maxSlots = limit(limits, 'maxSlots', 1024);
  // No element: every panel would be empty, so none is drawn, however many are allowed.
  const empty = dims.includes(0);
  const { rows, cols } = empty
    ? { rows: 0, cols: 0 }
    : drawnWindow(totalRows, totalCols, maxCells, overflow);
  const coords = scratchFor(compiled);
  const firstLevel = levels[0];
  const subTileSize = product(levels.at(-1)?.tile ?? [1]);
  const offsetOf = (index: readonly number[]) =>
    rowMajor(coords, compiled.expandedDims, expandIndex(compiled, index, coords));
  const tileOf = (index: readonly number[]): number => {
    if (firstLevel === undefined) return 0;
    const n = expandIndex(compiled, index, coords, 1);
    return rowMajor(coords, firstLevel.outputDims, n - firstLevel.tile.length);
  };

  const leadingDims = dims.slice(0, Math.max(0, rank - 2));
  // Exact: the leading dimensions' product can pass 2^53 (it is only counted, never walked).
  const panelCount = empty ? 0n : leadingDims.reduce((count, dim) => count * BigInt(dim), 1n);
  // Panels past maxPanels, or past the picture's own cell limit, are counted, not drawn.
  const fitting = Math.max(1, Math.floor(LAYOUT_LIMITS.maxMapCells / areaOf(rows, cols)));
  const drawnPanels = Number(
    [panelCount, BigInt(maxPanels), BigInt(fitting)].reduce((a, b) => (a < b ? a : b)),
  );
  const panels: MapPanel[] = [];
  for (let p = 0; p < drawnPanels; p++) {
    const leadingIndex = leadingDims.map(
      (_, d) => Math.floor(p / product(leadingDims.slice(d + 1))) % leadingDims[d]!,
    );
    const cells: MapCell[] = [];
    for (let row = 0; row < rows; row++) {
      for (let col = 0; col < cols; col++) {
        const index = [...leadingIndex, ...(rank >= 2 ? [row] : []), ...(rank >= 1 ? [col] : [])];
        const padding =
          (rowAxis !== undefined && row >= dims[rowAxis]!) ||
          (colAxis !== undefined && col >= dims[colAxis]!);
        const offset = offsetOf(index);
        cells.push({
          row,
          col,
          offset,
          padding,
          tile: tileOf(index),
          subTile: Math.floor(offset / subTileSize),
        });
      }
    }
    panels.push({ leadingIndex, rows, cols, totalRows, totalCols, cells });
  }

  const drawnSlots = Math.min(compiled.physicalCount, maxSlots, LAYOUT_LIMITS.maxMapCells);
  const slots: MapSlot[] = [];
  for (let offset = 0; offset < drawnSlots; offset++) {
    const index = logicalIndexAt(compiled, offset);
    slots.push({ offset, index, tile: index === null ? -1 : tileOf(index) });
  }
  return {
    title: formatShape(compiled.shape),
    rank,
    tiled: firstLevel !== undefined,
    panels,
    omittedPanels: panelCount - BigInt(drawnPanels),
    slots,
    omittedSlots: compiled.physicalCount - drawnSlots,
    ...(empty ? { emptyNote: `no elements: dimensions ${dims.join('x')}` } : {}),
  };
}

/**
 * Computes what a memory-map picture shows: per panel (the two most minor logical dimensions,
 * one panel per leading index) each cell's physical offset, outermost tile and innermost
 * sub-tile, the first tile's padding cells, and the physical memory strip.
 * @throws LayoutValidationError for shapes the index functions reject, bad limits, or panels
 *   over `maxCells` unless `overflow` is `'summary'`.
 */
export function memoryMapModel(shape: ShapeInput, limits: MemoryMapLimits = {}): MemoryMapModel {
  return modelOf(compileLayout(shape), limits);
}
