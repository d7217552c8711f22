import { parseArgs } from 'node:util';
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
import type { Command } from '../command.js';
import { CliError } from '../io.js';

const help = `Usage: tilekit layout <shape> [--svg <file>] [--no-map]

Explains an XLA shape with a (tiled) layout, e.g. 'f32[3,5]{1,0:T(2,2)}' or the seed notation
'F32[3,5]{1,0:(2,2)}': canonical form, expanded physical shape, element counts, bytes and a text
memory map (each cell shows its physical offset).

Options:
  --svg <file>   also write the memory map as an SVG picture
  --no-map       omit the text memory map
  -h, --help     show this help`;

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

export const layoutCommand: Command = {
  name: 'layout',
  summary: 'explain a shape/layout: canonical text, sizes, memory map (--svg for a picture)',
  help,
  run(args, io) {
    const { values, positionals } = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        svg: { type: 'string' },
        'no-map': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      io.stdout(`${help}\n`);
      return 0;
    }
    if (positionals.length !== 1)
      throw new CliError(`expected exactly one shape argument\n\n${help}`, 2);
    const shape = parseUserShape(positionals[0]!);
    io.stdout(`${describeShape(shape).join('\n')}\n`);
    if (!values['no-map']) io.stdout(`\n${renderMemoryMap(shape, { format: 'text' })}\n`);
    if (values.svg !== undefined) {
      io.writeFile(values.svg, renderMemoryMap(shape, { format: 'svg' }));
      io.stdout(`wrote ${values.svg}\n`);
    }
    return 0;
  },
};
