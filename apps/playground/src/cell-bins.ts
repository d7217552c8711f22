/**
 * Bounding a tensor picture: a tensor is drawn as a matrix (its first index down, the rest
 * flattened across), and a matrix larger than the picture's cell budget is split into equal
 * blocks, one cell each, so the drawing never grows past a fixed number of cells whatever the
 * extent. A block shows the mean of its elements (of its stored elements, for a sparse
 * tensor; a block storing none shows nothing).
 */

/** A matrix of element values, with which elements a sparse tensor stores. */
export interface MatrixValues {
  readonly rows: number;
  readonly cols: number;
  /** Row-major values, `rows * cols` of them (0 where a sparse tensor stores nothing). */
  readonly values: ArrayLike<number>;
  /** Sparse tensors: 1 at each stored element (row-major); dense tensors leave it out. */
  readonly stored?: Uint8Array | undefined;
}

/** The cells a matrix is drawn as. */
export interface CellBins {
  /** Elements per cell down and across (1 and 1 when every element has its own cell). */
  readonly rowStep: number;
  readonly colStep: number;
  readonly cellRows: number;
  readonly cellCols: number;
  /** Per cell (row-major): the value shown, the mean of the block's (stored) elements. */
  readonly shown: Float64Array;
  /** Per cell: stored elements in the block (sparse), or elements in the block (dense). */
  readonly counts: Uint32Array;
}

/** A tensor's shape seen as a matrix: `[n]` is one row; `[a, b, c]` is `a` rows of `b*c`. */
export function matrixShape(shape: readonly number[]): { rows: number; cols: number } {
  const size = shape.reduce((a, b) => a * b, 1);
  const rows = shape.length >= 2 ? (shape[0] as number) : 1;
  return { rows, cols: rows === 0 ? 0 : size / rows };
}

/** Splits `matrix` into at most `maxRows` x `maxCols` cells of equal blocks. */
export function binCells(matrix: MatrixValues, maxRows: number, maxCols: number): CellBins {
  const rowStep = Math.max(1, Math.ceil(matrix.rows / maxRows));
  const colStep = Math.max(1, Math.ceil(matrix.cols / maxCols));
  const cellRows = Math.ceil(matrix.rows / rowStep);
  const cellCols = Math.ceil(matrix.cols / colStep);
  const shown = new Float64Array(cellRows * cellCols);
  const counts = new Uint32Array(cellRows * cellCols);
  for (let i = 0; i < matrix.rows; i++) {
    const cellRow = Math.floor(i / rowStep) * cellCols;
    for (let j = 0; j < matrix.cols; j++) {
      const at = i * matrix.cols + j;
      if (matrix.stored !== undefined && matrix.stored[at] !== 1) continue;
      const cell = cellRow + Math.floor(j / colStep);
      shown[cell] = (shown[cell] as number) + (matrix.values[at] as number);
      counts[cell] = (counts[cell] as number) + 1;
    }
  }
  counts.forEach((count, cell) => {
    if (count > 0) shown[cell] = (shown[cell] as number) / count;
  });
  return { rowStep, colStep, cellRows, cellCols, shown, counts };
}
