/**
 * Option handling shared by `tscatter` and `tgather`: defaults, shape and dtype checks, and the
 * PTO static constraints for the chosen target, resolved into serialisable kernel attributes.
 */
import type { Tensor } from '@tensorflow/tfjs-core';
import { describeValue } from '@tilekit/tfjs-backend-support';
import { KernelArgumentError } from '../errors.js';
import { tileExtentOf } from '../impl/tile-geometry.js';
import type { TileOpAttrs } from '../kernel-names.js';
import { DEFAULT_ELEMENT_TYPE, ELEMENT_TYPE_INFO, type TileDtype } from '../pto/element-types.js';
import {
  BOUNDS_MODES,
  type BoundsMode,
  type ElementType,
  type IndexType,
  PTO_TARGETS,
  type PtoTarget,
} from '../pto/pto-types.js';
import { checkTileRules, type TileInstruction } from '../pto/tile-rules.js';
import { assertOutputSize } from './output-size.js';
import { assertDtype } from './to-tensor.js';

/** Options common to `tscatter` and `tgather`. */
export interface TileOpOptions {
  /** Valid rows of the index tile (default: all its rows). */
  readonly validRow?: number;
  /** Valid columns of the index tile (default: all its columns). */
  readonly validCol?: number;
  /** Declared type of the data tiles (default: `f32` for float32, `s32` for int32). */
  readonly elementType?: ElementType;
  /** Declared type of the destination tile, when it differs (PTO requires it not to). */
  readonly dstElementType?: ElementType;
  /** Declared type of the index tile (default `s32`). */
  readonly indexType?: IndexType;
  /**
   * Whose constraints to check. The default, `'general'`, checks no PTO tile rule: tiles of any
   * width, and 1-D `src`/`idx`/`dstShape` (one-row tiles), with the same flat semantics; a tfjs
   * program that never meets PTO hardware wants exactly that. `'a2a3'` and `'a5'` enforce the
   * Ascend A2/A3 and A5 implementation checks, `'any'` only the PTO CPU simulator's.
   */
  readonly target?: PtoTarget;
  /** Out-of-range indices: `'error'` (default) rejects the call, `'skip'` ignores them. */
  readonly bounds?: BoundsMode;
}

const TILE_DTYPES: readonly TileDtype[] = ['float32', 'int32'];

function assertCount(op: string, argument: string, value: number, minimum: number): void {
  if (!Number.isInteger(value) || value < minimum) {
    throw new KernelArgumentError(
      op,
      argument,
      `must be an integer >= ${minimum}, got ${describeValue(value)}`,
    );
  }
}

function assertOneOf<T extends string>(
  op: string,
  argument: string,
  value: T,
  allowed: readonly T[],
): void {
  if (!allowed.includes(value)) {
    throw new KernelArgumentError(
      op,
      argument,
      `must be one of ${allowed.map((a) => `'${a}'`).join(', ')}, got ${describeValue(value)}`,
    );
  }
}

/** Every option `tscatter` and `tgather` read (both take the same set). */
export const TILE_OP_OPTION_KEYS = [
  'dstShape',
  'validRow',
  'validCol',
  'elementType',
  'dstElementType',
  'indexType',
  'target',
  'bounds',
] as const;

/** Checks ranks and batch sizes of the two tile tensors. */
function assertTileTensors(op: string, src: Tensor, idx: Tensor, target: PtoTarget): void {
  assertDtype(op, 'src', src, TILE_DTYPES);
  assertDtype(op, 'idx', idx, ['int32']);
  if (src.rank !== 2 && src.rank !== 3 && !(src.rank === 1 && target === 'general')) {
    const oneD =
      target === 'general' ? '' : " (1-D inputs need target: 'general', which checks no PTO rule)";
    throw new KernelArgumentError(
      op,
      'src',
      `must be ${target === 'general' ? '1-D, ' : ''}a tile [rows, cols] or a batch of tiles [batch, rows, cols], got shape [${src.shape}]${oneD}`,
    );
  }
  if (idx.rank !== src.rank || (src.rank === 3 && idx.shape[0] !== src.shape[0])) {
    throw new KernelArgumentError(
      op,
      'idx',
      `must have the same rank and batch size as 'src' (shape [${src.shape}]), got shape [${idx.shape}]`,
    );
  }
}

/**
 * The per-tile `[rows, cols]` of a requested output shape (with or without the batch). A shape
 * the caller passed must have rows and columns; one taken from the index tile (`tgather`'s
 * default) may be empty, as that tile may.
 */
function resolveDstShape(
  op: string,
  src: Tensor,
  dstShape: readonly number[],
  fromIndexTile: boolean,
): [number, number] {
  if (!Array.isArray(dstShape)) {
    throw new KernelArgumentError(
      op,
      'dstShape',
      `must be an array [rows, cols], got ${describeValue(dstShape)}`,
    );
  }
  if (src.rank === 1) {
    if (dstShape.length !== 1) {
      throw new KernelArgumentError(
        op,
        'dstShape',
        `must be [size] for 1-D 'src' and 'idx', got [${dstShape}]`,
      );
    }
  } else {
    const batched = dstShape.length === 3 && src.rank === 3 && dstShape[0] === src.shape[0];
    if (dstShape.length !== 2 && !batched) {
      throw new KernelArgumentError(
        op,
        'dstShape',
        `must be [rows, cols]${src.rank === 3 ? ` or [${src.shape[0]}, rows, cols]` : ''}, got [${dstShape}]`,
      );
    }
  }
  // A 1-D output is one row.
  const [rows, cols] = (src.rank === 1 ? [1, dstShape[0]] : dstShape.slice(-2)) as [number, number];
  const least = fromIndexTile ? 0 : 1;
  assertCount(op, 'dstShape rows', rows, least);
  assertCount(op, 'dstShape cols', cols, least);
  const batch = src.rank === 3 ? src.shape[0]! : 1;
  assertOutputSize(op, 'dstShape', batch * rows * cols, `[${dstShape.join(', ')}]`);
  return [rows, cols];
}

/**
 * Validates the tensors and options of one call and resolves the kernel attributes.
 *
 * @param op Public op name, for errors.
 * @param instruction Which PTO instruction's constraints apply.
 * @param src Data tile(s).
 * @param idx Index tile(s).
 * @param dstShape Requested output tile shape.
 * @param fromIndexTile Whether `dstShape` is the index tile's own (then it may be empty).
 * @throws KernelArgumentError, PtoConstraintError
 */
export function resolveTileOpAttrs(
  op: string,
  instruction: TileInstruction,
  src: Tensor,
  idx: Tensor,
  options: TileOpOptions,
  dstShape: readonly number[],
  fromIndexTile = false,
): TileOpAttrs {
  const target = options.target ?? 'general';
  const bounds = options.bounds ?? 'error';
  assertOneOf(op, 'target', target, PTO_TARGETS);
  assertOneOf(op, 'bounds', bounds, BOUNDS_MODES);
  assertTileTensors(op, src, idx, target);
  const [dstRows, dstCols] = resolveDstShape(op, src, dstShape, fromIndexTile);
  const { rows: idxRows, cols: idxCols } = tileExtentOf(idx.shape);
  const validRow = options.validRow ?? idxRows;
  const validCol = options.validCol ?? idxCols;
  assertCount(op, 'validRow', validRow, 0);
  assertCount(op, 'validCol', validCol, 0);
  const elementType = options.elementType ?? DEFAULT_ELEMENT_TYPE[src.dtype as TileDtype];
  const indexType = options.indexType ?? 's32';

  const srcTile = tileExtentOf(src.shape);
  checkTileRules(op, target, {
    instruction,
    // TGATHER reads the data tile as its source and writes dst; TSCATTER the other way round.
    dst: { rows: dstRows, cols: dstCols, type: options.dstElementType ?? elementType },
    src: { ...srcTile, type: elementType },
    idx: { rows: idxRows, cols: idxCols, type: indexType },
    validRow,
    validCol,
  });
  const carrier = ELEMENT_TYPE_INFO[elementType].dtype;
  if (carrier !== src.dtype) {
    throw new KernelArgumentError(
      op,
      'elementType',
      `'${elementType}' is carried by ${carrier} tensors, but 'src' has dtype ${src.dtype}`,
    );
  }
  return { dstShape: [dstRows, dstCols], validRow, validCol, elementType, indexType, bounds };
}

/**
 * Validates one `tscatter`/`tgather` call and resolves its kernel attributes, reporting a missing
 * `dstShape` by name. Under `target: 'general'`, 1-D `src` and `idx` (with a 1-D `dstShape`) are
 * one-row tiles: the kernels read them as such and give a 1-D output.
 *
 * @param dstShape Requested output shape (`undefined` for `tscatter` is reported as missing).
 * @param fromIndexTile Whether `dstShape` is the index tile's own (then it may be empty).
 * @throws KernelArgumentError, PtoConstraintError
 */
export function resolveTileCall(
  op: string,
  instruction: TileInstruction,
  src: Tensor,
  idx: Tensor,
  options: TileOpOptions,
  dstShape: readonly number[] | undefined,
  fromIndexTile = false,
): TileOpAttrs {
  if (dstShape === undefined) {
    throw new KernelArgumentError(
      op,
      'dstShape',
      'is required: the destination tile [rows, cols] (or [batch, rows, cols])',
    );
  }
  return resolveTileOpAttrs(op, instruction, src, idx, options, dstShape, fromIndexTile);
}
