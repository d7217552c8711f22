/**
 * A tensor drawn as one SVG: a grid of cells coloured by value (blue below zero, red above,
 * with a legend), a sparse tensor's stored entries outlined and the rest left blank. Small
 * tensors get one cell per element with its value written in; large ones are split into at
 * most {@link MAX_CELLS_DOWN} x {@link MAX_CELLS_ACROSS} cells (see cell-bins.ts) and say so, so
 * a picture never holds more than a few hundred nodes. Pointing at a cell names its element(s).
 */
import { binCells, type CellBins, matrixShape } from './cell-bins.ts';
import { h, svg } from './dom.ts';
import { needsLightText, valueColour } from './value-colour.ts';

/** Most cells down a picture. */
export const MAX_CELLS_DOWN = 24;
/** Most cells across a picture with more than one row. */
export const MAX_CELLS_ACROSS = 24;
/** Most cells across a one-row picture (a vector). */
export const MAX_STRIP_CELLS = 64;

/** What a picture shows. */
export interface TensorPictureInput {
  /** The tensor's name in the expression (`A`), used when pointing at a cell. */
  readonly name: string;
  /** The line under the picture (`A: CSR, 6×6, 12 stored`). */
  readonly caption: string;
  readonly shape: readonly number[];
  /** Row-major values (0 where a sparse tensor stores nothing). */
  readonly values: ArrayLike<number>;
  /** Sparse tensors: 1 at each stored element (row-major). */
  readonly stored?: Uint8Array;
}

/** Pixels a picture's cells may span across (or down) before cells get smaller. */
const PICTURE_PX = 384;
const LARGEST_CELL_PX = 48;
const SMALLEST_CELL_PX = 6;
/** Height of a one-row strip's cells at least. */
const STRIP_HEIGHT_PX = 16;
/** Cells at least this large have their value written in. */
const LABELLED_CELL_PX = 40;
/** Room for the index labels above and left of an undownsampled grid. */
const AXIS_PX = 18;
const LEGEND_PX = 40;
const LEGEND_BAR_PX = 120;

/** A value as a cell or the legend writes it: three significant digits, no trailing zeros. */
export function shortNumber(value: number): string {
  return String(Number(value.toPrecision(3)));
}

/** The element index of row `i` and flattened column `j` of `shape` seen as a matrix. */
function elementIndex(shape: readonly number[], i: number, j: number): number[] {
  if (shape.length <= 1) return shape.length === 0 ? [] : [j];
  const rest: number[] = [];
  for (let d = shape.length - 1; d >= 1; d--) {
    const extent = shape[d] as number;
    rest.unshift(j % extent);
    j = Math.floor(j / extent);
  }
  return [i, ...rest];
}

/** What pointing at cell (r, c) says. */
function describeCell(input: TensorPictureInput, bins: CellBins, r: number, c: number): string {
  const cell = r * bins.cellCols + c;
  const shown = bins.shown[cell] as number;
  const count = bins.counts[cell] as number;
  const sparse = input.stored !== undefined;
  if (bins.rowStep === 1 && bins.colStep === 1) {
    const at = `${input.name}(${elementIndex(input.shape, r, c).join(', ')})`;
    return sparse && count === 0 ? `${at}: not stored` : `${at} = ${shown}`;
  }
  const { rows, cols } = matrixShape(input.shape);
  const span = (k: number, step: number, extent: number) =>
    `${k * step}–${Math.min((k + 1) * step, extent) - 1}`;
  const block = `${input.name} rows ${span(r, bins.rowStep, rows)}, columns ${span(c, bins.colStep, cols)}`;
  if (count === 0) return `${block}: nothing stored`;
  return `${block}: ${count} ${sparse ? 'stored' : 'elements'}, mean ${shortNumber(shown)}`;
}

/** The colour bar (and, for a sparse tensor, the stored / not stored key) under the cells. */
function legend(extreme: number, top: number, sparse: boolean, id: string): SVGGElement {
  const gradient = svg(
    'linearGradient',
    { id },
    ...[-1, 0, 1].map((t, k) =>
      svg('stop', { offset: `${k * 50}%`, 'stop-color': valueColour(t * extreme, extreme) }),
    ),
  );
  const label = (x: number, text: string, anchor: string) =>
    svg('text', { x, y: top + 30, 'text-anchor': anchor, class: 'legend-label' }, text);
  const items: SVGElement[] = [
    svg('defs', {}, gradient),
    svg('rect', {
      x: 0,
      y: top + 8,
      width: LEGEND_BAR_PX,
      height: 10,
      fill: `url(#${id})`,
      stroke: '#888',
    }),
    label(0, shortNumber(-extreme), 'start'),
    label(LEGEND_BAR_PX / 2, '0', 'middle'),
    label(LEGEND_BAR_PX, shortNumber(extreme), 'end'),
  ];
  if (sparse) {
    const x = LEGEND_BAR_PX + 16;
    items.push(
      svg('rect', { x, y: top + 8, width: 10, height: 10, class: 'cell-stored', fill: '#f7f7f7' }),
      svg('text', { x: x + 14, y: top + 17, class: 'legend-label' }, 'stored'),
      svg('rect', { x: x + 64, y: top + 8, width: 10, height: 10, class: 'cell-empty' }),
      svg('text', { x: x + 78, y: top + 17, class: 'legend-label' }, 'not stored'),
    );
  }
  return svg('g', { class: 'legend' }, ...items);
}

let pictures = 0;

/** Draws `input` as a `<figure>`: the SVG, its caption, a downsampling note, a pointer readout. */
export function tensorPicture(input: TensorPictureInput): HTMLElement {
  const { rows, cols } = matrixShape(input.shape);
  const bins = binCells(
    { rows, cols, values: input.values, stored: input.stored },
    MAX_CELLS_DOWN,
    rows === 1 ? MAX_STRIP_CELLS : MAX_CELLS_ACROSS,
  );
  const whole = bins.rowStep === 1 && bins.colStep === 1;
  const sparse = input.stored !== undefined;
  const cellPx = Math.min(
    LARGEST_CELL_PX,
    Math.max(SMALLEST_CELL_PX, Math.floor(PICTURE_PX / Math.max(bins.cellCols, bins.cellRows, 1))),
  );
  // A one-row strip keeps readable cells even when they are narrow.
  const cellHeight = rows === 1 ? Math.max(cellPx, STRIP_HEIGHT_PX) : cellPx;
  const axes = whole && cellPx >= 20;
  const left = axes && rows > 1 ? AXIS_PX : 0;
  const top = axes ? AXIS_PX : 0;
  let extreme = 0;
  bins.shown.forEach((v) => {
    extreme = Math.max(extreme, Math.abs(v));
  });
  const body: SVGElement[] = [];
  for (let r = 0; r < bins.cellRows; r++) {
    for (let c = 0; c < bins.cellCols; c++) {
      const cell = r * bins.cellCols + c;
      const value = bins.shown[cell] as number;
      const empty = sparse && bins.counts[cell] === 0;
      const x = left + c * cellPx;
      const y = top + r * cellHeight;
      body.push(
        svg('rect', {
          x,
          y,
          width: cellPx,
          height: cellHeight,
          class: empty ? 'cell cell-empty' : sparse ? 'cell cell-stored' : 'cell',
          fill: empty ? undefined : valueColour(value, extreme),
          'data-row': r,
          'data-col': c,
          'data-value': empty ? undefined : String(value),
        }),
      );
      if (!empty && cellPx >= LABELLED_CELL_PX && whole)
        body.push(
          svg(
            'text',
            {
              x: x + cellPx / 2,
              y: y + cellHeight / 2 + 4,
              'text-anchor': 'middle',
              class: needsLightText(value, extreme) ? 'cell-label light' : 'cell-label',
            },
            shortNumber(value),
          ),
        );
    }
  }
  if (axes) {
    for (let c = 0; c < bins.cellCols; c++)
      body.push(
        svg(
          'text',
          { x: left + (c + 0.5) * cellPx, y: 12, 'text-anchor': 'middle', class: 'axis-label' },
          String(c),
        ),
      );
    if (left > 0)
      for (let r = 0; r < bins.cellRows; r++)
        body.push(
          svg(
            'text',
            {
              x: left - 5,
              y: top + (r + 0.5) * cellHeight + 4,
              'text-anchor': 'end',
              class: 'axis-label',
            },
            String(r),
          ),
        );
  }
  const gridHeight = top + bins.cellRows * cellHeight;
  const width =
    Math.max(left + bins.cellCols * cellPx, sparse ? LEGEND_BAR_PX + 160 : LEGEND_BAR_PX) + 2;
  const height = gridHeight + LEGEND_PX;
  const picture = svg(
    'svg',
    {
      class: 'tensor-svg',
      role: 'img',
      'aria-label': input.caption,
      viewBox: `-1 -1 ${width} ${height}`,
      width,
      height,
      'data-row-step': bins.rowStep,
      'data-col-step': bins.colStep,
    },
    ...body,
    legend(extreme, gridHeight, sparse, `tensor-legend-${++pictures}`),
  );
  const readout = h('output', { class: 'cell-readout' });
  picture.addEventListener('pointerover', (event) => {
    const rect = (event.target as Element).closest('rect[data-row]');
    if (rect === null) return;
    readout.textContent = describeCell(
      input,
      bins,
      Number(rect.getAttribute('data-row')),
      Number(rect.getAttribute('data-col')),
    );
  });
  picture.addEventListener('pointerleave', () => {
    readout.textContent = '';
  });
  const notes: string[] = [];
  if (input.shape.length > 2)
    notes.push(
      `drawn as ${rows} rows of ${cols}: the first index down, the other ${input.shape.length - 1} flattened across`,
    );
  if (!whole)
    notes.push(
      `${rows}×${cols} drawn as ${bins.cellRows}×${bins.cellCols} cells of up to ${bins.rowStep}×${bins.colStep} elements, each coloured by the mean of its ${sparse ? 'stored entries' : 'elements'}`,
    );
  return h(
    'figure',
    { class: 'tensor-picture', 'data-tensor': input.name },
    picture,
    h('figcaption', {}, input.caption),
    ...notes.map((text) => h('p', { class: 'picture-note' }, text)),
    readout,
  );
}
