/**
 * Index maps that turn TSCATTER/TGATHER into plain gathers, built on the CPU in O(entries +
 * outputs) from index tiles whose values are already on the CPU. All positions are flat over
 * every batch entry, so one program call covers the whole batch.
 */
import type { TileGeometry } from '../impl/tile-geometry.js';
import type { GatherSelect } from '../pto/pto-types.js';

/**
 * Calls `visit` for every valid index entry in row-major order, batch by batch, whose offset
 * addresses one of `addressedSize` elements (out-of-range entries are skipped, as the CPU loops
 * do under `bounds: 'skip'`).
 *
 * @param visit Receives the entry's flat position in `idx`, its batch entry and row/column, and
 *   the addressed offset.
 */
function visitEntries(
  idx: Int32Array,
  g: TileGeometry,
  addressedSize: number,
  visit: (entry: number, b: number, i: number, j: number, offset: number) => void,
): void {
  const idxSize = g.idx.rows * g.idx.cols;
  for (let b = 0; b < g.batch; b++) {
    for (let i = 0; i < g.validRow; i++) {
      const row = b * idxSize + i * g.idx.cols;
      for (let j = 0; j < g.validCol; j++) {
        const offset = idx[row + j]!;
        if (offset >= 0 && offset < addressedSize) visit(row + j, b, i, j, offset);
      }
    }
  }
}

/**
 * TSCATTER `'assign'`: for every destination element, the flat source position of its last
 * writer (row-major order wins), or -1 when nothing writes it.
 */
export function lastWriterSources(idx: Int32Array, g: TileGeometry): Int32Array {
  const dstSize = g.dst.rows * g.dst.cols;
  const srcSize = g.src.rows * g.src.cols;
  const sources = new Int32Array(g.batch * dstSize).fill(-1);
  visitEntries(idx, g, dstSize, (_entry, b, i, j, offset) => {
    sources[b * dstSize + offset] = b * srcSize + i * g.src.cols + j;
  });
  return sources;
}

/** Every destination element's writers in row-major order, in compressed-row form. */
export interface WriterLists {
  /** `starts[k] .. starts[k + 1] - 1` index `writers` for destination element `k`. */
  readonly starts: Int32Array;
  /** Flat source positions. */
  readonly writers: Int32Array;
  /** Length of the longest list (1 means no destination is written twice). */
  readonly longest: number;
}

/** TSCATTER `'add'`: the writers of every destination element, in the order the CPU sums them. */
export function writerLists(idx: Int32Array, g: TileGeometry): WriterLists {
  const dstSize = g.dst.rows * g.dst.cols;
  const srcSize = g.src.rows * g.src.cols;
  const counts = new Int32Array(g.batch * dstSize + 1);
  visitEntries(idx, g, dstSize, (_entry, b, _i, _j, offset) => {
    counts[b * dstSize + offset + 1]! += 1;
  });
  let longest = 0;
  for (let k = 1; k < counts.length; k++) {
    longest = Math.max(longest, counts[k]!);
    counts[k]! += counts[k - 1]!;
  }
  const starts = counts;
  const next = starts.slice(0, -1);
  const writers = new Int32Array(starts[starts.length - 1]!);
  visitEntries(idx, g, dstSize, (_entry, b, i, j, offset) => {
    const k = b * dstSize + offset;
    writers[next[k]!] = b * srcSize + i * g.src.cols + j;
    next[k]! += 1;
  });
  return { starts, writers, longest };
}

/**
 * TGATHER: for every output element, the flat source position it reads, or -1 (outside the
 * valid region, out-of-range offsets, and with `'lastWriter'` entries that a later entry
 * overrides).
 */
export function gatherSources(idx: Int32Array, g: TileGeometry, select: GatherSelect): Int32Array {
  const dstSize = g.dst.rows * g.dst.cols;
  const srcSize = g.src.rows * g.src.cols;
  const sources = new Int32Array(g.batch * dstSize).fill(-1);
  // The last writer of each source offset (by entry position), when only those may read.
  const winner = select === 'lastWriter' ? new Int32Array(g.batch * srcSize).fill(-1) : null;
  if (winner !== null) {
    visitEntries(idx, g, srcSize, (entry, b, _i, _j, offset) => {
      winner[b * srcSize + offset] = entry;
    });
  }
  visitEntries(idx, g, srcSize, (entry, b, i, j, offset) => {
    const source = b * srcSize + offset;
    if (winner === null || winner[source] === entry) {
      sources[b * dstSize + i * g.dst.cols + j] = source;
    }
  });
  return sources;
}
