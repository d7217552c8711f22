import type { MapCell, MapPanel, MemoryMapModel } from './model.js';
import { appendAll, elisionNote } from './text.js';

/** ColorBrewer Set3: one colour per outermost tile, cycling. */
const PALETTE = [
  '#8dd3c7',
  '#ffffb3',
  '#bebada',
  '#fb8072',
  '#80b1d3',
  '#fdb462',
  '#b3de69',
  '#fccde5',
  '#d9d9d9',
  '#bc80bd',
];
const UNTILED_FILL = '#dbe9f6';
const CELL = 34;
const SLOT = 26;
const SLOTS_PER_ROW = 32;
const MARGIN = 16;
const LABEL = 28;
const LINE = 18;

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const fillOf = (model: MemoryMapModel, tile: number): string =>
  tile < 0 ? '#ffffff' : model.tiled ? PALETTE[tile % PALETTE.length]! : UNTILED_FILL;

/** Segments along cell sides: thick where the outermost tile changes, red where the sub-tile does. */
function edges(panel: MapPanel, x0: number, y0: number): string[] {
  const { rows, cols, cells } = panel;
  const at = (row: number, col: number): MapCell | undefined =>
    row >= 0 && row < rows && col >= 0 && col < cols ? cells[row * cols + col] : undefined;
  const out: string[] = [];
  const segment = (
    a: MapCell,
    b: MapCell | undefined,
    x1: number,
    y1: number,
    x2: number,
    y2: number,
  ) => {
    const kind =
      b === undefined || a.tile !== b.tile
        ? 'tile-edge'
        : a.subTile !== b.subTile
          ? 'subtile-edge'
          : '';
    if (kind !== '')
      out.push(`<line class="${kind}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`);
  };
  for (const cell of cells) {
    const x = x0 + cell.col * CELL;
    const y = y0 + cell.row * CELL;
    // Each shared side is drawn once, from the cell on its left or top.
    segment(cell, at(cell.row, cell.col + 1), x + CELL, y, x + CELL, y + CELL);
    segment(cell, at(cell.row + 1, cell.col), x, y + CELL, x + CELL, y + CELL);
    if (cell.col === 0) segment(cell, undefined, x, y, x, y + CELL);
    if (cell.row === 0) segment(cell, undefined, x, y, x + CELL, y);
  }
  return out;
}

function panelSvg(
  model: MemoryMapModel,
  panel: MapPanel,
  top: number,
): { svg: string[]; height: number } {
  const svg: string[] = [];
  let y = top;
  if (model.rank >= 3) {
    svg.push(
      `<text class="label" x="${MARGIN}" y="${y + 12}">[${[...panel.leadingIndex, ':', ':'].join(', ')}]</text>`,
    );
    y += LINE;
  }
  const x0 = MARGIN + LABEL;
  const y0 = y + LINE;
  for (let col = 0; col < panel.cols; col++) {
    svg.push(
      `<text class="label" x="${x0 + col * CELL + CELL / 2}" y="${y + 12}" text-anchor="middle">${col}</text>`,
    );
  }
  for (let row = 0; row < panel.rows; row++) {
    svg.push(
      `<text class="label" x="${x0 - 6}" y="${y0 + row * CELL + CELL / 2 + 4}" text-anchor="end">${row}</text>`,
    );
  }
  for (const cell of panel.cells) {
    const x = x0 + cell.col * CELL;
    const cy = y0 + cell.row * CELL;
    const fill = cell.padding ? '#ffffff' : fillOf(model, cell.tile);
    svg.push(
      `<rect class="${cell.padding ? 'pad' : 'cell'}" x="${x}" y="${cy}" width="${CELL}" height="${CELL}" fill="${fill}" data-offset="${cell.offset}"/>`,
      `<text class="${cell.padding ? 'pad-offset' : 'offset'}" x="${x + CELL / 2}" y="${cy + CELL / 2 + 4}" text-anchor="middle">${cell.offset}</text>`,
    );
  }
  appendAll(svg, edges(panel, x0, y0));
  let bottom = y0 + panel.rows * CELL;
  // A summary marks the elided side(s) with an ellipsis and says how much is shown.
  if (panel.cols < panel.totalCols) {
    svg.push(
      `<text class="elided" x="${x0 + panel.cols * CELL + 4}" y="${y0 + (Math.max(panel.rows, 1) * CELL) / 2 + 4}">…</text>`,
    );
  }
  if (panel.rows < panel.totalRows) {
    svg.push(
      `<text class="elided" x="${x0 + (Math.max(panel.cols, 1) * CELL) / 2}" y="${bottom + 14}" text-anchor="middle">⋮</text>`,
    );
    bottom += LINE;
  }
  const note = elisionNote(panel);
  if (note !== undefined) {
    svg.push(`<text class="label elided-note" x="${MARGIN}" y="${bottom + 14}">${note}</text>`);
    bottom += LINE;
  }
  return { svg, height: bottom - top };
}

function stripSvg(model: MemoryMapModel, top: number): { svg: string[]; height: number } {
  const total = model.slots.length + model.omittedSlots;
  const more = model.omittedSlots > 0 ? `, first ${model.slots.length} shown` : '';
  const svg = [
    `<text class="label" x="${MARGIN}" y="${top + 12}">memory: ${total} slots${more} (white: padding)</text>`,
  ];
  const y0 = top + LINE;
  for (const slot of model.slots) {
    const x = MARGIN + (slot.offset % SLOTS_PER_ROW) * SLOT;
    const y = y0 + Math.floor(slot.offset / SLOTS_PER_ROW) * (SLOT + 4);
    const what = slot.index === null ? 'padding' : `(${slot.index.join(',')})`;
    svg.push(
      `<rect class="${slot.index === null ? 'slot pad' : 'slot'}" x="${x}" y="${y}" width="${SLOT}" height="${SLOT}" fill="${fillOf(model, slot.tile)}"><title>${slot.offset}: ${what}</title></rect>`,
      `<text class="slot-offset" x="${x + SLOT / 2}" y="${y + SLOT / 2 + 4}" text-anchor="middle">${slot.offset}</text>`,
    );
  }
  const stripRows = Math.ceil(model.slots.length / SLOTS_PER_ROW);
  return { svg, height: LINE + stripRows * (SLOT + 4) };
}

/**
 * SVG rendering in the style of the seed's Figures 1 and 2: cells coloured per outermost tile
 * and labelled with their physical offset, thick lines around tiles, red lines around
 * innermost sub-tiles, white dashed padding cells, and the physical memory strip.
 */
export function renderSvg(model: MemoryMapModel): string {
  const body: string[] = [
    `<text class="title" x="${MARGIN}" y="${MARGIN + 6}">${escapeXml(model.title)}</text>`,
  ];
  let y = MARGIN + LINE;
  let width = 0;
  if (model.emptyNote !== undefined) {
    body.push(
      `<text class="label" x="${MARGIN}" y="${y + 12}">${escapeXml(model.emptyNote)}</text>`,
    );
    y += 2 * LINE;
  }
  for (const panel of model.panels) {
    const { svg, height } = panelSvg(model, panel, y);
    appendAll(body, svg);
    y += height + LINE;
    const elidedCol = panel.cols < panel.totalCols ? 1 : 0;
    width = Math.max(width, LABEL + (panel.cols + elidedCol) * CELL);
  }
  if (model.omittedPanels > 0n) {
    body.push(
      `<text class="label" x="${MARGIN}" y="${y + 12}">... ${model.omittedPanels} more panels</text>`,
    );
    y += LINE;
  }
  const strip = stripSvg(model, y);
  appendAll(body, strip.svg);
  y += strip.height;
  width = Math.max(width, Math.min(model.slots.length, SLOTS_PER_ROW) * SLOT, 320) + 2 * MARGIN;
  const style = [
    'text{font:11px sans-serif}',
    '.title{font:bold 13px monospace}',
    '.cell,.slot{stroke:#888;stroke-width:0.5}',
    '.pad,.slot.pad{stroke:#888;stroke-width:0.5;stroke-dasharray:3 2}',
    '.pad-offset{fill:#aaa}',
    '.slot-offset{font-size:9px}',
    '.tile-edge{stroke:#000;stroke-width:2.5}',
    '.subtile-edge{stroke:#d62728;stroke-width:1.5}',
  ].join('');
  // An image people embed: its title and description are what screen readers announce.
  const description =
    `Memory map of ${model.title}: the logical ${model.rank === 1 ? 'vector' : 'grid'} with each ` +
    `element's physical offset${model.tiled ? ', tiles outlined' : ''}, then the physical memory ` +
    `strip of ${model.slots.length} slots${model.tiled ? ' (dashed: padding)' : ''}.`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${y + MARGIN}" viewBox="0 0 ${width} ${y + MARGIN}" role="img" aria-labelledby="memory-map-title memory-map-desc">`,
    `<title id="memory-map-title">${escapeXml(model.title)}</title>`,
    `<desc id="memory-map-desc">${escapeXml(description)}</desc>`,
    `<style>${style}</style>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}
