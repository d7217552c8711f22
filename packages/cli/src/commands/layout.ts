import {
  byteSize,
  expandedShape,
  formatShape,
  LayoutSyntaxError,
  LayoutValidationError,
  parseShape,
  physicalElementCount,
  renderMemoryMap,
  type Shape,
  xlaArraySize,
} from '@tilekit/layout';
import { HELP_OPTION, helpShown, parseCommandArgs } from '../args.js';
import type { Command } from '../command.js';
import { CliError } from '../io.js';

/** Cells a memory-map panel shows by default before the rest is summarised (a 32x32 window). */
export const DEFAULT_MAX_CELLS = 1024;

const help = `Usage: tilekit layout <shape> [--svg <file>] [--no-map] [--max-cells <n>]

Explains an XLA shape with a (tiled) layout, e.g. 'f32[3,5]{1,0:T(2,2)}' or the seed notation
'F32[3,5]{1,0:(2,2)}': canonical form, expanded physical shape, element counts, bytes and a text
memory map (each cell shows its physical offset).

Options:
  --svg <file>       also write the memory map as an SVG picture
  --no-map           omit the text memory map
  --max-cells <n>    cells drawn per map panel (default ${DEFAULT_MAX_CELLS}); a larger panel shows
                     its top-left window and says how much of it is shown
  -h, --help         show this help`;

/** Parses user text into an array shape, turning layout errors into CLI errors. */
export function parseUserShape(text: string): Shape {
  try {
    return parseShape(text);
  } catch (error) {
    if (error instanceof LayoutSyntaxError || error instanceof LayoutValidationError) {
      throw new CliError(`invalid shape '${text}': ${error.message}`);
    }
    throw error;
  }
}

/** The facts `tilekit layout` prints about a shape, one per line. */
export function describeShape(shape: Shape): string[] {
  const xla = xlaArraySize(shape);
  return [
    `canonical:          ${formatShape(shape)}`,
    `expanded shape:     [${expandedShape(shape).join(', ')}]`,
    `physical elements:  ${physicalElementCount(shape)} (every tile's padding and L included)`,
    `XLA ArraySize:      ${xla.elements} elements, ${xla.bytes} bytes (first tile's padding only)`,
    `physical bytes:     ${byteSize(shape)}`,
  ];
}

/** `--max-cells`: a positive integer. */
function maxCellsOption(value: string | undefined): number {
  if (value === undefined) return DEFAULT_MAX_CELLS;
  const cells = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(cells) || cells < 1)
    throw new CliError(`--max-cells takes a positive integer, got '${value}'`, 2);
  return cells;
}

/**
 * Everything `tilekit layout` computes about one shape, before anything is printed, so a shape
 * the layout functions reject yields one error message and no partial output.
 */
function explain(
  text: string,
  options: { map: boolean; svg: boolean; maxCells: number },
): { facts: string; map: string | undefined; svg: string | undefined } {
  const shape = parseUserShape(text);
  const limits = { maxCells: options.maxCells, overflow: 'summary' } as const;
  try {
    return {
      facts: describeShape(shape).join('\n'),
      map: options.map ? renderMemoryMap(shape, { format: 'text', ...limits }) : undefined,
      svg: options.svg ? renderMemoryMap(shape, { format: 'svg', ...limits }) : undefined,
    };
  } catch (error) {
    if (error instanceof LayoutValidationError)
      throw new CliError(`cannot lay out '${text}': ${error.message}`);
    throw error;
  }
}

export const layoutCommand: Command = {
  name: 'layout',
  summary: 'explain a shape/layout: canonical text, sizes, memory map (--svg for a picture)',
  help,
  run(args, io) {
    const { values, positionals } = parseCommandArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        svg: { type: 'string' },
        'no-map': { type: 'boolean' },
        'max-cells': { type: 'string' },
        ...HELP_OPTION,
      },
    });
    if (helpShown(values, help, io)) return 0;
    if (positionals.length !== 1)
      throw new CliError(`expected exactly one shape argument, got ${positionals.length}`, 2);
    const maxCells = maxCellsOption(values['max-cells']);
    const result = explain(positionals[0]!, {
      map: !values['no-map'],
      svg: values.svg !== undefined,
      maxCells,
    });
    if (values.svg !== undefined && result.svg !== undefined) io.writeFile(values.svg, result.svg);
    io.stdout(`${result.facts}\n`);
    if (result.map !== undefined) io.stdout(`\n${result.map}\n`);
    if (values.svg !== undefined) io.stdout(`wrote ${values.svg}\n`);
    return 0;
  },
};
