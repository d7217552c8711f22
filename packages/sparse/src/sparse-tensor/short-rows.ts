/**
 * When rows are short: a scatter over rows holding fewer entries than {@link SHORT_ROW_MEAN}
 * on average moves the entries in one loop, each entry's row read off marks of the row starts
 * (a running sum), rather than by a loop per row. A loop over a row of a few entries ends at a
 * place the branch predictor cannot know, which costs more than the entry. Measured on the
 * JavaScript scatter: 44 % less time at 1 entry a row, 26 % at 2, 31 % at 4, and 11 % more at
 * 8. (The compiled transposition on WebAssembly gained nothing from marks at 20000² with 40 k
 * entries: 107 µs against 102 µs row by row, so it keeps its loop per row.)
 */

/** The mean row length below which rows count as short. */
export const SHORT_ROW_MEAN = 6;

/** Whether `entries` over `rows` rows make short rows (see the module comment). */
export function hasShortRows(entries: number, rows: number): boolean {
  return entries < SHORT_ROW_MEAN * rows;
}
