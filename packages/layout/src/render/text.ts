import type { MapPanel, MemoryMapModel } from './model.js';

/** The note under a summarised panel, or undefined when the whole panel is drawn. */
export function elisionNote(panel: MapPanel): string | undefined {
  const { rows, cols, totalRows, totalCols } = panel;
  if (rows === totalRows && cols === totalCols) return undefined;
  return `showing ${rows}x${cols} of ${totalRows}x${totalCols} (rows x columns); the rest elided`;
}

/** Appends `items` one by one: a spread into push() would put every item on the stack. */
export function appendAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}

const LINE_WIDTH = 96;

/** True between two cells of different outermost tiles. */
function boundaries(panel: MapPanel) {
  const { rows, cols, cells } = panel;
  const tileAt = (row: number, col: number) => cells[row * cols + col]!.tile;
  const afterCol = Array.from({ length: cols - 1 }, (_, col) =>
    Array.from({ length: rows }, (_, row) => row).some(
      (row) => tileAt(row, col) !== tileAt(row, col + 1),
    ),
  );
  const afterRow = Array.from({ length: rows - 1 }, (_, row) =>
    Array.from({ length: cols }, (_, col) => col).some(
      (col) => tileAt(row, col) !== tileAt(row + 1, col),
    ),
  );
  return { afterCol, afterRow };
}

function renderPanel(panel: MapPanel, rank: number): string[] {
  const { rows, cols, cells } = panel;
  const lines: string[] = [];
  if (rank >= 3) lines.push(`[${[...panel.leadingIndex, ':', ':'].join(', ')}]`);
  const { afterCol, afterRow } = boundaries(panel);
  let width = Math.max(2, String(cols - 1).length);
  for (const cell of cells) width = Math.max(width, String(cell.offset).length);
  const labelWidth = Math.max(1, String(rows - 1).length) + 1;
  const joinCols = (part: (col: number) => string, separator: string) =>
    Array.from({ length: cols }, (_, col) => part(col) + (afterCol[col] ? separator : '')).join('');
  // Elided columns continue past the right edge as ' ...'; elided rows as a row of '⋮'.
  const moreCols = cols < panel.totalCols ? ' ...' : '';
  const border = `${' '.repeat(labelWidth)} +${joinCols(() => '-'.repeat(width + 1), '-+')}-+`;
  lines.push(
    `${' '.repeat(labelWidth)}  ${joinCols((col) => ` ${String(col).padStart(width)}`, '  ')}${moreCols}`,
  );
  lines.push(border);
  for (let row = 0; row < rows; row++) {
    const cellText = (col: number) => {
      const cell = cells[row * cols + col]!;
      return ` ${(cell.padding ? '.' : String(cell.offset)).padStart(width)}`;
    };
    lines.push(`${String(row).padStart(labelWidth)} |${joinCols(cellText, ' |')} |${moreCols}`);
    if (afterRow[row]) lines.push(border);
  }
  if (rows < panel.totalRows) {
    lines.push(`${'⋮'.padStart(labelWidth)} |${joinCols(() => ` ${'⋮'.padStart(width)}`, '  ')} |`);
  }
  lines.push(border);
  const note = elisionNote(panel);
  if (note !== undefined) lines.push(note);
  return lines;
}

function renderStrip(model: MemoryMapModel): string[] {
  const entries = model.slots.map(
    (slot) => `${slot.offset}:${slot.index === null ? 'pad' : `(${slot.index.join(',')})`}`,
  );
  if (model.omittedSlots > 0) entries.push(`... ${model.omittedSlots} more`);
  const lines: string[] = [];
  let line = ' ';
  for (const entry of entries) {
    if (line.length + entry.length + 1 > LINE_WIDTH && line.trim() !== '') {
      lines.push(line);
      line = ' ';
    }
    line += ` ${entry}`;
  }
  if (line.trim() !== '') lines.push(line);
  return lines;
}

/**
 * Terminal rendering: one grid per panel with each cell's physical offset right-aligned,
 * outermost tile boundaries as lines, '.' for the first tile's padding cells, then the
 * physical memory strip as `offset:(logical index)` or `offset:pad`.
 */
export function renderText(model: MemoryMapModel): string {
  const lines = [
    model.title,
    `cells: physical offset of each element; lines: ${model.tiled ? 'outermost tile boundaries' : 'array bounds (untiled)'}; '.': padding`,
  ];
  if (model.emptyNote !== undefined) lines.push('', model.emptyNote);
  for (const panel of model.panels) {
    lines.push('');
    appendAll(lines, renderPanel(panel, model.rank));
  }
  if (model.omittedPanels > 0n) lines.push('', `... ${model.omittedPanels} more panels`);
  const slotCount = model.slots.length + model.omittedSlots;
  lines.push('', `memory (${slotCount} slots):`);
  appendAll(lines, renderStrip(model));
  return `${lines.join('\n')}\n`;
}
