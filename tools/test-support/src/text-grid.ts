/** Reading the grid back out of a text memory map, for tests that check which cells it shows. */

/** The cells of each grid row of a text map: `<row label> | a b | c ... |` → ['a', 'b', 'c', ...]. */
export function gridRows(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => /^\s*\d+ \|/.test(line))
    .map((line) =>
      line
        .slice(line.indexOf('|') + 1, line.lastIndexOf('|'))
        .replace(/\|/g, ' ')
        .trim()
        .split(/\s+/),
    );
}

/** {@link gridRows} as offsets, for maps whose every shown cell is a number. */
export function gridOffsets(text: string): number[][] {
  return gridRows(text).map((row) => row.map(Number));
}
