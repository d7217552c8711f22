/**
 * PTO's implementation checks for TSCATTER and TGATHER, as data. Each rule carries the sentence
 * PTO's documentation states (quoted verbatim in errors), the targets that enforce it and the
 * instructions it applies to; `checkTileRules` runs them in order and throws on the first failure.
 */
import { PtoConstraintError } from '../errors.js';
import { ELEMENT_TYPE_INFO, INDEX_TYPE_INFO } from './element-types.js';
import {
  ELEMENT_TYPES,
  type ElementType,
  INDEX_TYPES,
  type IndexType,
  type PtoTarget,
} from './pto-types.js';

/** The PTO instruction a signature describes. */
export type TileInstruction = 'TSCATTER' | 'TGATHER';

/** A physical row-major tile: its capacity and the type of its elements. */
export interface TileOperand<T extends string> {
  readonly rows: number;
  readonly cols: number;
  readonly type: T;
}

/** Everything the static checks look at: three tiles and the index tile's valid region. */
export interface TileSignature {
  readonly instruction: TileInstruction;
  readonly dst: TileOperand<ElementType>;
  readonly src: TileOperand<ElementType>;
  readonly idx: TileOperand<IndexType>;
  readonly validRow: number;
  readonly validCol: number;
}

/** One implementation check. `violation` returns the offending values, or undefined when met. */
export interface PtoTileRule {
  readonly id: string;
  readonly text: string;
  readonly instructions: readonly TileInstruction[];
  readonly targets: readonly PtoTarget[];
  readonly violation: (signature: TileSignature) => string | undefined;
}

const HARDWARE: readonly PtoTarget[] = ['a2a3', 'a5'];
/** The targets that model PTO tiles (the CPU simulator's static assertions apply to all three). */
const PTO_TILES: readonly PtoTarget[] = ['a2a3', 'a5', 'any'];
/** `'general'` keeps only what the loops themselves need: known types, a valid region that fits. */
const EVERY_TARGET: readonly PtoTarget[] = [...PTO_TILES, 'general'];
const BOTH: readonly TileInstruction[] = ['TSCATTER', 'TGATHER'];

/** Row-major tiles must be 32-byte aligned per row (`TileConfig::alignedSize`). */
const ALIGNED_ROW_BYTES = 32;

const bytesOf = (type: ElementType | IndexType, table: Record<string, { bytes: number }>) =>
  table[type]?.bytes ?? Number.NaN;

/** Index width required per data width on A2/A3 and A5 (`sizeof(DType)` → `sizeof(IndexDType)`). */
const INDEX_WIDTH_FOR_DATA_WIDTH: readonly (readonly [number, number])[] = [
  [4, 4],
  [2, 2],
  [1, 2],
];

/** The two axes of the valid region: PTO's name, the tile extent, the signature field. */
const VALID_EXTENTS: readonly (readonly [
  'Row' | 'Col',
  'rows' | 'cols',
  'validRow' | 'validCol',
])[] = [
  ['Row', 'rows', 'validRow'],
  ['Col', 'cols', 'validCol'],
];

/** The three row-major tiles and their names in PTO's C++ signature. */
const ROW_ALIGNED_TILES: readonly (readonly ['dst' | 'src' | 'idx', string])[] = [
  ['dst', 'TileDataD'],
  ['src', 'TileDataS'],
  ['idx', 'TileDataI'],
];

function rowAlignment(
  role: 'dst' | 'src' | 'idx',
  tileName: string,
): (s: TileSignature) => string | undefined {
  return (s) => {
    const tile = s[role];
    const bytes =
      role === 'idx' ? bytesOf(tile.type, INDEX_TYPE_INFO) : bytesOf(tile.type, ELEMENT_TYPE_INFO);
    const rowBytes = tile.cols * bytes;
    return rowBytes % ALIGNED_ROW_BYTES === 0
      ? undefined
      : `${tileName}: Cols ${tile.cols} x ${bytes} bytes = ${rowBytes} bytes`;
  };
}

/** Every rule, in the order they are checked. */
export const PTO_TILE_RULES: readonly PtoTileRule[] = [
  {
    id: 'data-type',
    text: 'TileDataD::DType, TileDataS::DType must be one of: int32_t, int16_t, int8_t, half, float32_t, uint32_t, uint16_t, uint8_t, bfloat16_t.',
    instructions: BOTH,
    targets: EVERY_TARGET,
    violation: (s) =>
      [s.dst.type, s.src.type]
        .filter((t) => !ELEMENT_TYPES.includes(t))
        .map((t) => `element type '${t}'`)[0],
  },
  {
    id: 'index-type',
    text: 'TileDataI::DType must be one of: int16_t, int32_t, uint16_t or uint32_t.',
    instructions: BOTH,
    targets: EVERY_TARGET,
    violation: (s) => (INDEX_TYPES.includes(s.idx.type) ? undefined : `index type '${s.idx.type}'`),
  },
  {
    id: 'same-data-type',
    text: 'TileDataD::DType and TileDataS::DType must be the same.',
    instructions: BOTH,
    targets: EVERY_TARGET,
    violation: (s) =>
      s.dst.type === s.src.type ? undefined : `dst is ${s.dst.type}, src is ${s.src.type}`,
  },
  ...INDEX_WIDTH_FOR_DATA_WIDTH.map(
    ([dataBytes, indexBytes]): PtoTileRule => ({
      id: `index-width-for-${dataBytes}-byte-data`,
      text: `When size of TileDataD::DType is ${dataBytes} bytes, the size of TileDataI::DType must be ${indexBytes} bytes.`,
      instructions: ['TSCATTER'],
      targets: HARDWARE,
      violation: (s) => {
        if (bytesOf(s.dst.type, ELEMENT_TYPE_INFO) !== dataBytes) return undefined;
        const actual = bytesOf(s.idx.type, INDEX_TYPE_INFO);
        return actual === indexBytes
          ? undefined
          : `data ${s.dst.type} is ${dataBytes} bytes, index ${s.idx.type} is ${actual} bytes`;
      },
    }),
  ),
  {
    id: 'gather-data-width',
    text: 'TGATHER: sizeof(TileDataD::DType) must be 2 or 4 bytes (expect b16/b32).',
    instructions: ['TGATHER'],
    targets: HARDWARE,
    violation: (s) => {
      const bytes = bytesOf(s.dst.type, ELEMENT_TYPE_INFO);
      return bytes === 2 || bytes === 4 ? undefined : `data ${s.dst.type} is ${bytes} bytes`;
    },
  },
  {
    id: 'gather-index-width',
    text: 'TGATHER: sizeof(TileDataI::DType) must be 4 bytes (expect b32).',
    instructions: ['TGATHER'],
    targets: HARDWARE,
    violation: (s) => {
      const bytes = bytesOf(s.idx.type, INDEX_TYPE_INFO);
      return bytes === 4 ? undefined : `index ${s.idx.type} is ${bytes} bytes`;
    },
  },
  ...VALID_EXTENTS.map(
    ([axis, extent, valid]): PtoTileRule => ({
      id: `valid-${axis.toLowerCase()}`,
      text: `Static valid bounds: TileDataI::Valid${axis} <= TileDataI::${axis}s (and likewise for the data tile it pairs with).`,
      instructions: BOTH,
      targets: EVERY_TARGET,
      violation: (s) => {
        // The valid region is read from idx and from src (TSCATTER) or written to dst (TGATHER).
        const pairedRole = s.instruction === 'TSCATTER' ? 'src' : 'dst';
        const limit = Math.min(s.idx[extent], s[pairedRole][extent]);
        return s[valid] <= limit
          ? undefined
          : `${valid} ${s[valid]} > ${limit} (idx ${extent} ${s.idx[extent]}, ${pairedRole} ${extent} ${s[pairedRole][extent]})`;
      },
    }),
  ),
  ...ROW_ALIGNED_TILES.map(
    ([role, tileName]): PtoTileRule => ({
      id: `row-alignment-${role}`,
      text: 'Row-major tile: Cols * sizeof(DType) must be a multiple of 32 bytes (TileConfig::alignedSize).',
      instructions: BOTH,
      targets: PTO_TILES,
      violation: rowAlignment(role, tileName),
    }),
  ),
];

/**
 * Checks `signature` against every rule that `target` enforces for its instruction.
 *
 * @param op Public op name, for the error message.
 * @throws PtoConstraintError quoting the first rule broken.
 */
export function checkTileRules(op: string, target: PtoTarget, signature: TileSignature): void {
  for (const rule of PTO_TILE_RULES) {
    if (!rule.targets.includes(target) || !rule.instructions.includes(signature.instruction)) {
      continue;
    }
    const detail = rule.violation(signature);
    if (detail !== undefined) {
      throw new PtoConstraintError(op, target, rule.id, rule.text, `${detail}; ${remedy(rule)}`);
    }
  }
}

/** What `target: 'general'` changes about a broken rule, so every error says how to get past it. */
function remedy(rule: PtoTileRule): string {
  return rule.targets.includes('general')
    ? "every target checks this rule, target: 'general' included"
    : "target: 'general' (the default) checks no PTO hardware rule: any tile width, any index width, 1-D inputs, same results";
}
