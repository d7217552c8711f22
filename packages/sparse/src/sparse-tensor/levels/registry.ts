/**
 * The level types formats may name, and the lookup from a spelling to its level object. A
 * new level type is one file implementing {@link LevelFormat} and one line here.
 */
import { COMPRESSED_LEVELS } from './compressed.js';
import { DENSE } from './dense.js';
import type { LevelFormat } from './level-format.js';
import { LOOSE_COMPRESSED_LEVELS } from './loose-compressed.js';
import { SINGLETON_LEVELS } from './singleton.js';

const LEVEL_LIST = [
  DENSE,
  ...COMPRESSED_LEVELS,
  ...LOOSE_COMPRESSED_LEVELS,
  ...SINGLETON_LEVELS,
] as const;

/** Level types, spelled as in `#sparse_tensor.encoding`. */
export type LevelType = (typeof LEVEL_LIST)[number]['spelling'];

const LEVELS: ReadonlyMap<string, LevelFormat> = new Map(
  LEVEL_LIST.map((level) => [level.spelling, level]),
);

/** The spellings of every level type, in registry order. */
export const LEVEL_SPELLINGS: readonly LevelType[] = Object.freeze(
  LEVEL_LIST.map((l) => l.spelling),
);

/** The level object of a spelling (`undefined` for an unknown one). */
export function lookupLevel(spelling: unknown): LevelFormat | undefined {
  return typeof spelling === 'string' ? LEVELS.get(spelling) : undefined;
}
