import { defaultLayout } from '../defaults.js';
import { LayoutValidationError } from '../errors.js';
import { LAYOUT_LIMITS } from '../limits.js';
import { primitiveCategory, primitiveTypeFromName, xlaSpellingOf } from '../primitive-types.js';
import {
  COMBINE_DIMENSION,
  type Dimension,
  type Layout,
  type PrimitiveType,
  type Shape,
  type SplitConfig,
  type Tile,
} from '../types.js';
import { validateLayout, validateShape } from '../validate.js';
import { Scanner } from './scanner.js';

/** Deeper tuple / `P(...)` nesting than this is rejected instead of exhausting the stack. */
const MAX_NESTING = 64;

/** A layout under construction: every attribute starts at XLA's default. */
type LayoutDraft = { -readonly [K in keyof Layout]: Layout[K] };

/**
 * One optional layout attribute. `ATTRIBUTES` lists them in the only order XLA's ParseLayout
 * accepts them: `D T L # * E S SC P M`.
 */
interface AttributeRule {
  readonly spelling: string;
  /** Consumes the attribute's leading token if it is next. */
  readonly starts: (scanner: Scanner) => boolean;
  readonly parse: (parser: TextParser, layout: LayoutDraft, depth: number) => void;
}

const identifierRule = (
  spelling: string,
  parse: AttributeRule['parse'],
  alsoStarts?: (scanner: Scanner) => boolean,
): AttributeRule => ({
  spelling,
  starts: (scanner) => scanner.eatIdentifier(spelling) || (alsoStarts?.(scanner) ?? false),
  parse,
});

const symbolRule = (spelling: string, parse: AttributeRule['parse']): AttributeRule => ({
  spelling,
  starts: (scanner) => scanner.eat(spelling),
  parse,
});

const ATTRIBUTES: readonly AttributeRule[] = [
  // D(...): dim level types. XLA still parses them but no longer stores them; neither do we.
  identifierRule('D', (parser) => parser.dimLevelTypes()),
  // T(...)(...); the seed document's notation omits the T: `{1,0:(2,2)}`.
  identifierRule(
    'T',
    (parser, layout) => {
      layout.tiles = parser.tiles();
    },
    (scanner) => scanner.peek() === '(',
  ),
  identifierRule('L', (parser, layout) => {
    layout.tailPaddingAlignmentInElements = parser.intAttribute('L');
  }),
  symbolRule('#', (parser, layout) => {
    layout.indexPrimitiveType = parser.unsignedTypeAttribute('#');
  }),
  symbolRule('*', (parser, layout) => {
    layout.pointerPrimitiveType = parser.unsignedTypeAttribute('*');
  }),
  identifierRule('E', (parser, layout) => {
    layout.elementSizeInBits = parser.intAttribute('E');
  }),
  identifierRule('S', (parser, layout) => {
    layout.memorySpace = parser.intAttribute('S');
  }),
  identifierRule('SC', (parser, layout) => {
    layout.splitConfigs = parser.splitConfigs();
  }),
  identifierRule('P', (parser, layout, depth) => {
    parser.scanner.expect('(', "'(' after P");
    layout.physicalShape = parser.shape(depth + 1);
    parser.scanner.expect(')', "')' to end the physical shape");
  }),
  identifierRule('M', (parser, layout) => {
    layout.dynamicShapeMetadataPrefixBytes = parser.intAttribute('M');
  }),
];

const ATTRIBUTE_ORDER = ATTRIBUTES.map((rule) => rule.spelling).join(' ');

/** Recursive-descent parser for XLA's shape and layout text (hlo_parser.cc ParseShape/ParseLayout). */
class TextParser {
  readonly scanner: Scanner;

  constructor(text: string, argument: string) {
    this.scanner = new Scanner(text, argument);
  }

  /** shape ::= 'b(' shape ')' | '(' [shape (',' shape)*] ')' | type '[' dims ']' [layout] */
  shape(depth: number): Shape {
    const scanner: Scanner = this.scanner;
    if (depth > MAX_NESTING) scanner.fail(`at most ${MAX_NESTING} levels of nesting`);
    if (this.atBufferShape()) {
      scanner.eatIdentifier('b');
      scanner.expect('(');
      const inner = this.shape(depth + 1);
      scanner.expect(')', "')' to end the buffer shape");
      if (inner.kind !== 'array') {
        throw new LayoutValidationError('shape', 'a buffer b(...) must hold an array shape');
      }
      return { kind: 'buffer', buffer: inner };
    }
    if (scanner.eat('(')) {
      const elements: Shape[] = [];
      if (!scanner.eat(')')) {
        do elements.push(this.shape(depth + 1));
        while (scanner.eat(','));
        scanner.expect(')', "',' or ')' in the tuple");
      }
      return { kind: 'tuple', elements };
    }
    return this.arrayShape(depth);
  }

  /** layout ::= '{' [int (',' int)*] [':' attributes] '}' */
  layout(depth: number): Layout {
    const scanner: Scanner = this.scanner;
    scanner.expect('{', "'{' to start the layout");
    const draft: LayoutDraft = { ...defaultLayout(0), minorToMajor: [] };
    if (scanner.eat('}')) return draft;
    const minorToMajor: number[] = [];
    if (scanner.atInteger()) {
      do minorToMajor.push(scanner.integer('a minor_to_major dimension').value);
      while (scanner.eat(','));
    }
    draft.minorToMajor = minorToMajor;
    const hasAttributes = scanner.eat(':');
    if (hasAttributes) {
      for (const rule of ATTRIBUTES) {
        if (rule.starts(scanner)) rule.parse(this, draft, depth);
      }
    }
    if (!scanner.eat('}')) {
      const at = scanner.offset;
      const misplaced = ATTRIBUTES.find((rule) => this.startsHere(rule));
      if (misplaced !== undefined) {
        scanner.fail(
          `'}' (attribute ${misplaced.spelling} is out of order or repeated; XLA's order is ${ATTRIBUTE_ORDER})`,
          at,
        );
      }
      if (hasAttributes) scanner.fail(`a layout attribute (${ATTRIBUTE_ORDER}) or '}'`, at);
      scanner.fail(minorToMajor.length > 0 ? "',' or ':' or '}'" : "an integer, ':' or '}'", at);
    }
    return draft;
  }

  /** T's tile list: ('(' [(int | '*') (',' (int | '*'))*] ')')+ */
  tiles(): Tile[] {
    const scanner: Scanner = this.scanner;
    const tiles: Tile[] = [];
    do {
      scanner.expect('(', "'(' to start a tile");
      const tile: number[] = [];
      if (!scanner.eat(')')) {
        do tile.push(this.tileDimension());
        while (scanner.eat(','));
        scanner.expect(')', "',' or ')' in the tile");
      }
      tiles.push(tile);
    } while (scanner.peek() === '(');
    return tiles;
  }

  /** `(n)` after an integer attribute letter. */
  intAttribute(letter: string): number {
    const scanner: Scanner = this.scanner;
    scanner.expect('(', `'(' after ${letter}`);
    const value = scanner.integer(`an integer in ${letter}(...)`).value;
    scanner.expect(')', `')' to end ${letter}(...)`);
    return value;
  }

  /** `(type)` after `#` or `*`: XLA's ParseUnsignedIntegerType. */
  unsignedTypeAttribute(symbol: string): PrimitiveType {
    const scanner: Scanner = this.scanner;
    scanner.expect('(', `'(' after ${symbol}`);
    const at = scanner.offset;
    const type = primitiveTypeFromName(scanner.peekIdentifier());
    if (type === undefined || primitiveCategory(type) !== 'unsigned') {
      scanner.fail(`an unsigned integer type in ${symbol}(...)`, at);
    }
    scanner.identifier('a type');
    scanner.expect(')', `')' to end ${symbol}(...)`);
    return type;
  }

  /** SC ('(' int ':' [int (',' int)*] ')')+ */
  splitConfigs(): SplitConfig[] {
    const scanner: Scanner = this.scanner;
    const configs: SplitConfig[] = [];
    do {
      scanner.expect('(', "'(' to start a split config");
      const dimension = scanner.integer('a split dimension').value;
      scanner.expect(':', "':' after the split dimension");
      const splitIndices: number[] = [];
      if (!scanner.eat(')')) {
        do splitIndices.push(scanner.integer('a split index').value);
        while (scanner.eat(','));
        scanner.expect(')', "',' or ')' in the split config");
      }
      configs.push({ dimension, splitIndices });
    } while (scanner.peek() === '(');
    return configs;
  }

  /** D '(' [level ['+'] ['~'] (',' ...)*] ')': validated, then dropped as XLA does. */
  dimLevelTypes(): void {
    const scanner: Scanner = this.scanner;
    scanner.expect('(', "'(' after D");
    if (scanner.eat(')')) return;
    do {
      const at = scanner.offset;
      const level = scanner.peekIdentifier();
      if (!['D', 'C', 'S', 'H'].includes(level))
        scanner.fail('a dim level type (D, C, S or H)', at);
      scanner.identifier('a dim level type');
      scanner.eat('+');
      scanner.eat('~');
    } while (scanner.eat(','));
    scanner.expect(')', "',' or ')' in D(...)");
  }

  private arrayShape(depth: number): Shape {
    const scanner: Scanner = this.scanner;
    const at = scanner.offset;
    const name = scanner.peekIdentifier();
    const elementType = primitiveTypeFromName(name);
    if (elementType === undefined) {
      const spelling = xlaSpellingOf(name);
      const hint = spelling === undefined ? '' : `; XLA writes ${name} as ${spelling}`;
      scanner.fail(`a primitive type (e.g. 'f32'${hint}), '(' or 'b('`, at);
    }
    scanner.identifier('a primitive type');
    const dimensions = this.dimensions();
    const layout = this.atLayout() ? this.layout(depth) : undefined;
    const category = primitiveCategory(elementType);
    if (category === 'token' || category === 'opaque') {
      if (dimensions.length > 0 || layout !== undefined) {
        throw new LayoutValidationError('shape', `${elementType}[] takes no dimensions or layout`);
      }
      return { kind: category };
    }
    return {
      kind: 'array',
      elementType,
      dimensions,
      layout: layout ?? defaultLayout(dimensions.length),
    };
  }

  /** '[' [dim (',' dim)*] ']' with dim ::= '?' | ['<='] int */
  private dimensions(): Dimension[] {
    const scanner: Scanner = this.scanner;
    scanner.expect('[', "'[' to start the dimensions");
    const dimensions: Dimension[] = [];
    if (scanner.eat(']')) return dimensions;
    do {
      if (scanner.eat('?')) {
        dimensions.push({ kind: 'unbounded' });
      } else if (scanner.eat('<=')) {
        dimensions.push({ kind: 'bounded', size: scanner.integer('a dimension bound').value });
      } else {
        dimensions.push({
          kind: 'static',
          size: scanner.integer("a dimension size, '<=N' or '?'").value,
        });
      }
    } while (scanner.eat(','));
    scanner.expect(']', "',' or ']' in the dimensions");
    return dimensions;
  }

  private tileDimension(): number {
    const scanner: Scanner = this.scanner;
    if (scanner.eat('*')) return COMBINE_DIMENSION;
    const { value } = scanner.integer("a tile dimension or '*'");
    if (value < 0) {
      throw new LayoutValidationError(
        'layout.tiles',
        `tile dimension ${value} is negative; only '*' may combine dimensions`,
      );
    }
    return value;
  }

  /** XLA treats '{' as a layout only when an integer or ':' follows it. */
  private atLayout(): boolean {
    const scanner: Scanner = this.scanner;
    const mark = scanner.mark();
    const isLayout = scanner.eat('{') && (scanner.atInteger() || scanner.peek() === ':');
    scanner.reset(mark);
    return isLayout;
  }

  private atBufferShape(): boolean {
    const scanner: Scanner = this.scanner;
    const mark = scanner.mark();
    const isBuffer = scanner.eatIdentifier('b') && scanner.peek() === '(';
    scanner.reset(mark);
    return isBuffer;
  }

  private startsHere(rule: AttributeRule): boolean {
    const mark = this.scanner.mark();
    const starts = rule.starts(this.scanner);
    this.scanner.reset(mark);
    return starts;
  }
}

function requireText(text: unknown, argument: string): string {
  if (typeof text !== 'string') throw new LayoutValidationError(argument, 'expected a string');
  if (text.length > LAYOUT_LIMITS.maxTextLength) {
    throw new LayoutValidationError(
      argument,
      `${text.length} characters exceed LAYOUT_LIMITS.maxTextLength (${LAYOUT_LIMITS.maxTextLength})`,
    );
  }
  return text;
}

/**
 * Parses XLA shape text (`f32[3,5]{1,0:T(2,2)}`, tuples, `b(...)`, `token[]`) as XLA's
 * ParseShape does, fills in the default layout, and validates it.
 * Also accepts the seed document's notation: upper-case types and a tile list without `T`.
 * Integers in the text are at most 2^53-1 (XLA reads int64): larger ones are a syntax error, so
 * every offset and size computed from the shape stays exact.
 * @throws LayoutSyntaxError with the character offset, LayoutValidationError for XLA's semantic rules.
 */
export function parseShape(text: string): Shape {
  const parser = new TextParser(requireText(text, 'shape'), 'shape');
  const shape = parser.shape(0);
  if (!parser.scanner.atEnd()) parser.scanner.fail('end of input');
  return validateShape(shape);
}

/**
 * Parses a bare layout (`{3,2,1,0:T(42,123)(4,5)L(100)E(42)}`) as XLA's ParseLayout does and
 * validates the rules that need no shape.
 * @throws LayoutSyntaxError with the character offset, LayoutValidationError for XLA's semantic rules.
 */
export function parseLayout(text: string): Layout {
  const parser = new TextParser(requireText(text, 'layout'), 'layout');
  const layout = parser.layout(0);
  if (!parser.scanner.atEnd()) parser.scanner.fail('end of input');
  return validateLayout(layout);
}
