/**
 * Sparse storage formats in MLIR's vocabulary: one level type per storage level plus a
 * dimension-to-level permutation (`order[l]` is the dimension stored at level `l`), and the bit
 * widths of the position and coordinate arrays (`posWidth`/`crdWidth` of
 * `#sparse_tensor.encoding`).
 */
import { textOf } from '../sparse-error.js';
import { CONSTRUCTORS_NEEDED } from './constructors-needed.js';
import { SparseFormatError } from './errors.js';
import {
  type checkLevelMap,
  type LevelExpression,
  mappedLevelSizes,
  parseLevelMap,
} from './level-map.js';
import type { LevelFormat } from './levels/level-format.js';
import {
  LEVEL_SPELLINGS,
  type LevelType,
  lookupLevel,
  missingLevelProblem,
} from './levels/registry.js';

export type { LevelExpression } from './level-map.js';
export type { LevelType } from './levels/registry.js';

/** Bit width of position/coordinate storage; `'index'` is MLIR's default (64-bit `index`). */
export type StorageWidth = 8 | 16 | 32 | 64 | 'index';

/**
 * Well-known formats, resolved by {@link resolveFormat} for a given rank. Names are matched
 * without regard to case (`'csr'`, `'Coo'`).
 */
export type NamedFormat =
  | 'dense'
  | 'CSR'
  | 'CSC'
  | 'DCSR'
  | 'DCSC'
  | 'COO'
  | 'CSF'
  | 'sparse-vector';

/** A format name as callers may spell it: any case (the lower-case spellings are typed too). */
export type FormatName = NamedFormat | Lowercase<NamedFormat>;

/** A fully resolved, frozen format. */
export interface SparseFormat {
  readonly levels: readonly LevelType[];
  /**
   * `order[l]` = the dimension stored at level `l`: a permutation of `0..rank-1`, or, in a
   * block or structured format, each blocked dimension twice (its `floordiv` and `mod` levels).
   */
  readonly order: readonly number[];
  /**
   * Per level, what it stores of dimension `order[l]` (see level-map.ts): present only in
   * block and structured formats (some level stores `d floordiv k` or `d mod k`).
   */
  readonly expressions?: readonly LevelExpression[];
  readonly posWidth: StorageWidth;
  readonly crdWidth: StorageWidth;
}

/**
 * The ways a caller may describe a format: a name, a level list, or a full description (with
 * level expressions for block and structured formats: see {@link formatFromMap},
 * {@link blockSparseFormat} and {@link structuredFormat}).
 */
export type FormatSpec =
  | FormatName
  | readonly LevelType[]
  | {
      readonly levels: readonly LevelType[];
      readonly order?: readonly number[];
      readonly expressions?: readonly LevelExpression[];
      readonly posWidth?: StorageWidth;
      readonly crdWidth?: StorageWidth;
    };

/** Width options that override the ones in a {@link FormatSpec}. */
export interface WidthOptions {
  readonly posWidth?: StorageWidth;
  readonly crdWidth?: StorageWidth;
}

const WIDTHS: ReadonlySet<unknown> = new Set([8, 16, 32, 64, 'index']);
const NAMED_FORMATS: readonly NamedFormat[] = [
  'dense',
  'CSR',
  'CSC',
  'DCSR',
  'DCSC',
  'COO',
  'CSF',
  'sparse-vector',
];

/** The {@link NamedFormat} a name spells in any case; anything else is a typed error. */
function formatNamed(name: string): NamedFormat {
  const named = NAMED_FORMATS.find((n) => n.toLowerCase() === name.toLowerCase());
  if (named !== undefined) return named;
  throw new SparseFormatError(
    'format',
    `unknown format name '${textOf(name, 40)}'; expected one of ${NAMED_FORMATS.map((n) => `'${n}'`).join(', ')} (any case), a level list or {levels, order?, posWidth?, crdWidth?}`,
  );
}

/**
 * The format a constructor uses when none is given: `'sparse-vector'` for rank 1, `'CSR'` for
 * rank 2 (what scipy's `tocsr` and most kernels take), `'COO'` above (TensorFlow's layout of a
 * `SparseTensor`, one stored entry per coordinate tuple), `'dense'` for rank 0.
 */
export function defaultFormat(rank: number): NamedFormat {
  if (rank === 0) return 'dense';
  if (rank === 1) return 'sparse-vector';
  return rank === 2 ? 'CSR' : 'COO';
}

/** Default width of positions and coordinates: 32 bits, the fastest width on wasm32 hosts. */
export const DEFAULT_STORAGE_WIDTH: StorageWidth = 32;

/** The matrix formats: level types and order (rank 2 only). */
const MATRIX_FORMATS: Readonly<Record<string, { levels: LevelType[]; order: number[] }>> = {
  CSR: { levels: ['dense', 'compressed'], order: [0, 1] },
  CSC: { levels: ['dense', 'compressed'], order: [1, 0] },
  DCSR: { levels: ['compressed', 'compressed'], order: [0, 1] },
  DCSC: { levels: ['compressed', 'compressed'], order: [1, 0] },
};

/** Level list and order of each named format, by rank (rules as data). */
function namedLevels(name: NamedFormat, rank: number): { levels: LevelType[]; order: number[] } {
  const identity = Array.from({ length: rank }, (_, d) => d);
  const need = (r: number): void => {
    if (rank !== r)
      throw new SparseFormatError('format', `'${name}' needs rank ${r}, got rank ${rank}`);
  };
  const matrix = MATRIX_FORMATS[name];
  if (matrix !== undefined) {
    need(2);
    return { levels: [...matrix.levels], order: [...matrix.order] };
  }
  switch (name) {
    case 'dense':
      return { levels: identity.map(() => 'dense'), order: identity };
    case 'sparse-vector':
      need(1);
      return { levels: ['compressed'], order: [0] };
    case 'CSF':
      return { levels: identity.map(() => 'compressed'), order: identity };
    default: {
      if (rank < 1) throw new SparseFormatError('format', `'COO' needs rank >= 1`);
      const levels: LevelType[] =
        rank === 1
          ? ['compressed']
          : [
              'compressed(nonunique)',
              ...Array.from({ length: rank - 2 }, (): LevelType => 'singleton(nonunique)'),
              'singleton',
            ];
      return { levels, order: identity };
    }
  }
}

/**
 * The check of a block format's level map (level-map.ts), installed with the constructors (see
 * levels/registry.ts for why): only they build tensors in such formats.
 */
let levelMapCheck: typeof checkLevelMap | undefined;

/** Installs the check of block formats' level maps (construction.ts does). */
export function installLevelMapCheck(check: typeof checkLevelMap): void {
  levelMapCheck = check;
}

/**
 * Resolves a format description for a tensor of the given rank and checks it: one level per
 * dimension, `order` a permutation, each level where its level object allows it (a singleton
 * never at the root), only singleton levels below a non-unique level, a unique level last.
 */
export function resolveFormat(
  spec: FormatSpec,
  rank: number,
  widths: WidthOptions = {},
): SparseFormat {
  if (typeof rank !== 'number' || !Number.isInteger(rank) || rank < 0 || rank > MAX_RANK) {
    throw new SparseFormatError(
      'rank',
      `must be an integer from 0 to ${MAX_RANK}, got ${textOf(rank)}`,
    );
  }
  if (typeof widths !== 'object' || widths === null) {
    throw new SparseFormatError('widths', `expected {posWidth?, crdWidth?}, got ${textOf(widths)}`);
  }
  let levels: readonly LevelType[];
  let order: readonly number[] | undefined;
  let expressions: readonly LevelExpression[] | undefined;
  let posWidth: StorageWidth | undefined;
  let crdWidth: StorageWidth | undefined;
  if (typeof spec === 'string') {
    ({ levels, order } = namedLevels(formatNamed(spec), rank));
  } else if (Array.isArray(spec)) {
    levels = spec as readonly LevelType[];
  } else if (typeof spec !== 'object' || spec === null) {
    throw new SparseFormatError(
      'format',
      `expected a format name, a level list or {levels, ...}, got ${spec === null ? 'null' : typeof spec}`,
    );
  } else {
    const full = spec as Extract<FormatSpec, { readonly levels: readonly LevelType[] }>;
    ({ levels, order, posWidth, crdWidth } = full);
    // Block and structured formats: what each level stores of its dimension.
    const given = (full as { expressions?: unknown }).expressions;
    if (given !== undefined) {
      if (!Array.isArray(given) || !Array.isArray(order) || given.length !== order.length) {
        throw new SparseFormatError(
          'format.expressions',
          `expected one level expression per level, got ${textOf(given)}`,
        );
      }
      if (levelMapCheck === undefined)
        throw new SparseFormatError(
          'format.expressions',
          `a block or structured format comes with ${CONSTRUCTORS_NEEDED}`,
        );
      levelMapCheck(order, given as LevelExpression[], rank, 'format.expressions');
      expressions = given as LevelExpression[];
    }
    if (!Array.isArray(levels)) {
      throw new SparseFormatError(
        'format.levels',
        `expected a list of level types, got ${textOf(levels)}`,
      );
    }
    if (order !== undefined && !Array.isArray(order)) {
      throw new SparseFormatError(
        'format.order',
        `expected a permutation of 0..${rank - 1}, got ${textOf(order)}`,
      );
    }
  }
  posWidth = widths.posWidth ?? posWidth ?? DEFAULT_STORAGE_WIDTH;
  crdWidth = widths.crdWidth ?? crdWidth ?? DEFAULT_STORAGE_WIDTH;
  const resolvedOrder = order ?? Array.from({ length: rank }, (_, d) => d);
  checkLevels(levels, expressions === undefined ? rank : levels.length);
  if (expressions === undefined) checkOrder(resolvedOrder, rank);
  checkGroups(levels, expressions);
  checkWidth('posWidth', posWidth);
  checkWidth('crdWidth', crdWidth);
  return Object.freeze({
    levels: Object.freeze(levels.map((lt) => levelOf(lt).spelling as LevelType)),
    order: Object.freeze([...resolvedOrder]),
    ...(expressions === undefined ? {} : { expressions: Object.freeze([...expressions]) }),
    posWidth,
    crdWidth,
  });
}

/**
 * A level made for groups of `m` (`structured[n, m]`) stores `d mod m` in a map; in a plain
 * level list (a tensor over its levels, see `SparseTensor.toLevelTensor`) its size must be `m`,
 * checked with the shape ({@link levelSizesOf}).
 */
function checkGroups(
  levels: readonly LevelType[],
  expressions: readonly LevelExpression[] | undefined,
): void {
  levels.forEach((lt, l) => {
    const m = levelOf(lt).groupSize;
    if (m === undefined) return;
    if (expressions === undefined) return;
    const e = expressions[l];
    if (e === undefined || e.op !== 'mod' || e.by !== m) {
      throw new SparseFormatError(
        `format.levels[${l}]`,
        `a '${lt}' level stores a dimension's offset in its group of ${m}: write it in a map as 'j mod ${m} : ${lt}' below 'j floordiv ${m} : dense'`,
        `formatFromMap('(i, j) -> (i : dense, j floordiv ${m} : dense, j mod ${m} : ${lt})')`,
      );
    }
  });
}

function positiveInteger(x: unknown, argument: string): number {
  if (typeof x !== 'number' || !Number.isSafeInteger(x) || x < 1) {
    throw new SparseFormatError(argument, `must be a positive integer, got ${textOf(x)}`);
  }
  return x;
}

/**
 * The format MLIR's dimension-to-level map text describes, e.g.
 * `'(i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense)'`
 * (BSR): level expressions `d`, `d floordiv k` or `d mod k`, each followed by its level type.
 * Text outside these forms is a {@link SparseFormatError} naming `map` and the supported forms.
 */
export function formatFromMap(map: string, options: WidthOptions = {}): FormatSpec {
  const parsed = parseLevelMap(map, 'map');
  const blocked = parsed.expressions.some((e) => e.op !== 'dim');
  return {
    levels: parsed.levels as LevelType[],
    order: parsed.order,
    ...(blocked ? { expressions: parsed.expressions } : {}),
    ...widthsOf(options),
  };
}

/**
 * Block sparse rows (BSR) of a matrix with `[r, c]` blocks: block rows dense, the blocks of a
 * block row compressed, each block stored dense (MLIR's
 * `(i floordiv r : dense, j floordiv c : compressed, i mod r : dense, j mod c : dense)`;
 * `blockRows: 'compressed'` makes the block rows compressed too, as MLIR's
 * `sparse_block_matmul.mlir` does). The shape must be a multiple of the block shape.
 */
export function blockSparseFormat(
  block: readonly [number, number],
  options: { readonly blockRows?: 'dense' | 'compressed' } & WidthOptions = {},
): FormatSpec {
  if (!Array.isArray(block) || block.length !== 2) {
    throw new SparseFormatError('block', `expected [rows, columns], got ${textOf(block)}`);
  }
  const r = positiveInteger(block[0], 'block[0]');
  const c = positiveInteger(block[1], 'block[1]');
  const rows = optionsObject(options).blockRows ?? 'dense';
  if (rows !== 'dense' && rows !== 'compressed') {
    throw new SparseFormatError(
      'options.blockRows',
      `must be 'dense' or 'compressed', got ${textOf(rows)}`,
    );
  }
  return formatFromMap(
    `(i, j) -> (i floordiv ${r} : ${rows}, j floordiv ${c} : compressed, i mod ${r} : dense, j mod ${c} : dense)`,
    widthsOf(options),
  );
}

/**
 * n:m structured sparsity along the rows of a matrix (2:4 by default): every group of `m`
 * consecutive columns keeps at most `n` entries, stored as `n` values and `n` offsets (MLIR's
 * `(i : dense, j floordiv m : dense, j mod m : structured[n, m])`). The column count must be a
 * multiple of `m`.
 */
export function structuredFormat(n = 2, m = 4, options: WidthOptions = {}): FormatSpec {
  const keep = positiveInteger(n, 'n');
  const group = positiveInteger(m, 'm');
  if (keep > group) {
    throw new SparseFormatError('n', `must be at most m (${group}), got ${keep}`);
  }
  return formatFromMap(
    `(i, j) -> (i : dense, j floordiv ${group} : dense, j mod ${group} : structured[${keep}, ${group}])`,
    widthsOf(options),
  );
}

function optionsObject<T>(options: T): T {
  if (typeof options !== 'object' || options === null) {
    throw new SparseFormatError('options', `expected an options object, got ${textOf(options)}`);
  }
  return options;
}

/** The widths an options object names (resolveFormat checks their values). */
function widthsOf(options: WidthOptions): WidthOptions {
  optionsObject(options);
  return {
    ...(options.posWidth === undefined ? {} : { posWidth: options.posWidth }),
    ...(options.crdWidth === undefined ? {} : { crdWidth: options.crdWidth }),
  };
}

/** A position or coordinate width is one of {@link StorageWidth}'s. */
function checkWidth(name: 'posWidth' | 'crdWidth', width: unknown): void {
  if (!WIDTHS.has(width)) {
    throw new SparseFormatError(
      `format.${name}`,
      `must be 8, 16, 32, 64 or 'index', got ${textOf(width)}`,
    );
  }
}

function checkLevels(levels: readonly LevelType[], rank: number): void {
  if (levels.length !== rank || rank > MAX_RANK) {
    throw new SparseFormatError(
      'format.levels',
      `expected ${rank} level types (one per dimension), got ${levels.length}`,
    );
  }
  let parent: LevelFormat | undefined;
  levels.forEach((lt, l) => {
    const level = lookupLevel(lt);
    if (level === undefined) {
      throw new SparseFormatError(
        `format.levels[${l}]`,
        missingLevelProblem(lt, `unknown level type '${textOf(lt)}'`),
      );
    }
    if (parent !== undefined && !parent.unique && level.iteration !== 'parent') {
      throw new SparseFormatError(
        `format.levels[${l}]`,
        `a non-unique level must be followed by a singleton level`,
      );
    }
    const problem = level.placementProblem(parent);
    if (problem !== undefined) throw new SparseFormatError(`format.levels[${l}]`, problem);
    parent = level;
  });
  if (parent !== undefined && !parent.unique) {
    throw new SparseFormatError(`format.levels[${rank - 1}]`, `the last level must be unique`);
  }
}

function checkOrder(order: readonly number[], rank: number): void {
  const seen = new Set(order);
  if (
    order.length !== rank ||
    seen.size !== rank ||
    order.some((d) => !Number.isInteger(d) || d < 0 || d >= rank)
  ) {
    throw new SparseFormatError(
      'format.order',
      `must be a permutation of 0..${rank - 1}, got ${textOf(order)}`,
    );
  }
}

/**
 * The level object of a level type (see levels/level-format.ts): what every walk over a
 * format asks instead of comparing spellings.
 */
export function levelOf(lt: LevelType): LevelFormat {
  const level = lookupLevel(lt);
  if (level !== undefined) return level;
  throw new SparseFormatError(
    'levelType',
    missingLevelProblem(
      lt,
      `unknown level type ${textOf(lt)}; expected one of ${LEVEL_SPELLINGS.join(', ')}`,
    ),
  );
}

/** The level object of level `l` of a format. */
export function levelAt(format: { readonly levels: readonly LevelType[] }, l: number): LevelFormat {
  return levelOf(format.levels[l] as LevelType);
}

/** The level objects of a format, outermost first. */
export function levelsOf(format: { readonly levels: readonly LevelType[] }): LevelFormat[] {
  return format.levels.map(levelOf);
}

/**
 * True for levels that store coordinates with a positions array (`compressed*`,
 * `loose_compressed*`).
 */
export function isCompressed(lt: LevelType): boolean {
  return levelOf(lt).hasPositions;
}

/** True for `singleton*` levels (one coordinate per parent position, no positions array). */
export function isSingleton(lt: LevelType): boolean {
  return levelOf(lt).iteration === 'parent';
}

/** False for the `(nonunique)` variants. */
export function isUnique(lt: LevelType): boolean {
  return levelOf(lt).unique;
}

/** True when the level stores coordinates explicitly (every non-dense level). */
export function hasCoordinates(lt: LevelType): boolean {
  return levelOf(lt).hasCoordinates;
}

/** True for a dense level (every coordinate stored, none kept in an array). */
export function isDenseLevel(lt: LevelType): boolean {
  return levelOf(lt).iteration === 'range';
}

/**
 * The level sizes of a tensor of `shape` in `format`: `shape[order[l]]`, or in a block format
 * `shape[d] / k` for `d floordiv k` and `k` for `d mod k` (a block that does not divide its
 * dimension is a {@link SparseFormatError} naming `shape`).
 */
export function levelSizesOf(shape: readonly number[], format: SparseFormat): number[] {
  const sizes = mappedLevelSizes(shape, format.order, format.expressions);
  sizes.forEach((n, l) => {
    const m = levelAt(format, l).groupSize;
    if (m !== undefined && n !== m) {
      throw new SparseFormatError(
        'shape',
        `level ${l} (${format.levels[l]}) stores groups of ${m}, but dimension ${format.order[l]} has size ${n}`,
        `dimension ${format.order[l]} of size ${m}`,
      );
    }
  });
  return sizes;
}

/** The largest rank a format describes (a bound on the loops over levels, not MLIR's). */
export const MAX_RANK = 64;
