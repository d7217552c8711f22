import { COMBINE_DIMENSION, type Dimension, type Layout, type Shape, type Tile } from '../types.js';
import { validateLayout, validateShape } from '../validate.js';
import { parseLayout, parseShape } from './parse.js';

/** XLA prints a `/*index=i*\/` marker before every fifth tuple element (shape_util.cc). */
const TUPLE_INDEX_INTERVAL = 5;

const formatTile = (tile: Tile): string =>
  `(${tile.map((dim) => (dim === COMBINE_DIMENSION ? '*' : String(dim))).join(',')})`;

/**
 * Each non-default attribute in XLA's fixed order (Layout::Print); D(...) is never printed
 * because XLA no longer stores dim level types.
 */
const ATTRIBUTE_PRINTERS: readonly ((layout: Layout) => string)[] = [
  ({ tiles }) => (tiles.length > 0 ? `T${tiles.map(formatTile).join('')}` : ''),
  ({ tailPaddingAlignmentInElements: l }) => (l !== 1 ? `L(${l})` : ''),
  ({ indexPrimitiveType: type }) => (type !== undefined ? `#(${type})` : ''),
  ({ pointerPrimitiveType: type }) => (type !== undefined ? `*(${type})` : ''),
  ({ elementSizeInBits: e }) => (e !== 0 ? `E(${e})` : ''),
  ({ memorySpace: s }) => (s !== 0 ? `S(${s})` : ''),
  ({ splitConfigs }) =>
    splitConfigs.length > 0
      ? `SC${splitConfigs.map((c) => `(${c.dimension}:${c.splitIndices.join(',')})`).join('')}`
      : '',
  ({ physicalShape }) => (physicalShape !== undefined ? `P(${printShape(physicalShape)})` : ''),
  ({ dynamicShapeMetadataPrefixBytes: m }) => (m > 0 ? `M(${m})` : ''),
];

function printLayout(layout: Layout): string {
  const attributes = ATTRIBUTE_PRINTERS.map((print) => print(layout)).join('');
  return `{${layout.minorToMajor.join(',')}${attributes === '' ? '' : `:${attributes}`}}`;
}

function printDimension(dim: Dimension): string {
  if (dim.kind === 'unbounded') return '?';
  return dim.kind === 'bounded' ? `<=${dim.size}` : String(dim.size);
}

function printShape(shape: Shape): string {
  switch (shape.kind) {
    case 'tuple':
      return `(${shape.elements
        .map((element, i) => {
          const separator =
            i === 0 ? '' : i % TUPLE_INDEX_INTERVAL === 0 ? `, /*index=${i}*/` : ', ';
          return separator + printShape(element);
        })
        .join('')})`;
    case 'buffer':
      return `b(${printShape(shape.buffer)})`;
    case 'token':
    case 'opaque':
      return `${shape.kind}[]`;
    case 'array': {
      const layout = printLayout(shape.layout);
      // Scalars omit an empty "{}" layout (ShapeUtil::PrintHumanStringWithLayout).
      const shownLayout = shape.dimensions.length === 0 && layout === '{}' ? '' : layout;
      return `${shape.elementType}[${shape.dimensions.map(printDimension).join(',')}]${shownLayout}`;
    }
  }
}

/**
 * Prints a shape in XLA's canonical text: lower-case types, the layout always present for
 * arrays (omitted only when a scalar's is `{}`), only non-default attributes, tuples as
 * `(a, b)` with XLA's `/*index=5*\/` markers. Text input is parsed first, so this also
 * canonicalises the seed notation: `F32[3,5]{1,0:(2,2)}` → `f32[3,5]{1,0:T(2,2)}`.
 * @throws LayoutSyntaxError / LayoutValidationError for invalid input.
 */
export function formatShape(shape: Shape | string): string {
  return printShape(typeof shape === 'string' ? parseShape(shape) : validateShape(shape));
}

/**
 * Prints a bare layout as XLA's Layout::ToString does: `{1,0:T(8,128)(2,1)L(1024)}`.
 * @throws LayoutSyntaxError / LayoutValidationError for invalid input.
 */
export function formatLayout(layout: Layout | string): string {
  return printLayout(typeof layout === 'string' ? parseLayout(layout) : validateLayout(layout));
}
