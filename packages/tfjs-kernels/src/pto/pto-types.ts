/**
 * Vocabulary of the PTO tile instructions (TSCATTER/TGATHER): element and index types, the
 * hardware targets whose constraints are checked, and the out-of-bounds policy. Plain string
 * unions so they can travel as kernel attributes.
 */

/** Tile element types PTO's TSCATTER accepts, spelled as in XLA (`s8` = int8_t, `f16` = half ...). */
export type ElementType = 's8' | 'u8' | 's16' | 'u16' | 's32' | 'u32' | 'f16' | 'bf16' | 'f32';

/** Index tile element types PTO's TSCATTER accepts. */
export type IndexType = 's16' | 'u16' | 's32' | 'u32';

/**
 * Whose constraints to enforce: the A2/A3 or A5 implementation checks, `'any'` for only what the
 * PTO CPU simulator itself accepts (its `pto::Tile` static assertions included), or `'general'`
 * for no PTO tile rule at all: any tile width, and 1-D inputs, with the same flat-offset
 * semantics (a deterministic scatter/gather for tfjs programs that never meet PTO hardware).
 */
export type PtoTarget = 'a2a3' | 'a5' | 'any' | 'general';

/** What to do with an index outside the addressed tile: reject the call, or ignore the entry. */
export type BoundsMode = 'error' | 'skip';

/** How TScatter combines a value with the destination: overwrite (last writer wins) or sum. */
export type ScatterMode = 'assign' | 'add';

/** Which index entries TGather reads through: all of them, or only each offset's last writer. */
export type GatherSelect = 'all' | 'lastWriter';

/** Every element type, in the order PTO's documentation lists them. */
export const ELEMENT_TYPES: readonly ElementType[] = [
  's32',
  's16',
  's8',
  'f16',
  'f32',
  'u32',
  'u16',
  'u8',
  'bf16',
];

/** Every index type. */
export const INDEX_TYPES: readonly IndexType[] = ['s16', 's32', 'u16', 'u32'];

/** Every target. */
export const PTO_TARGETS: readonly PtoTarget[] = ['a2a3', 'a5', 'any', 'general'];

/** Every bounds mode. */
export const BOUNDS_MODES: readonly BoundsMode[] = ['error', 'skip'];
