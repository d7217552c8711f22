/**
 * The level types formats may name, and the lookup from a spelling to its level object. A
 * new level type is one file implementing {@link LevelFormat} and one line here (a list of
 * spellings, or a family of parameterized spellings such as `structured[n, m]`).
 */
import { COMPRESSED_LEVELS } from './compressed.js';
import { DENSE } from './dense.js';
import type { LevelFormat } from './level-format.js';
import { LOOSE_COMPRESSED_LEVELS } from './loose-compressed.js';
import { SINGLETON_LEVELS } from './singleton.js';
import { type StructuredSpelling, structuredLevel } from './structured.js';

const LEVEL_LIST = [
  DENSE,
  ...COMPRESSED_LEVELS,
  ...LOOSE_COMPRESSED_LEVELS,
  ...SINGLETON_LEVELS,
] as const;

/** Level types whose spelling carries parameters: the level object of a spelling, if theirs. */
const LEVEL_FAMILIES: readonly ((spelling: string) => LevelFormat | undefined)[] = [
  structuredLevel,
];

/** Level types, spelled as in `#sparse_tensor.encoding`. */
export type LevelType = (typeof LEVEL_LIST)[number]['spelling'] | StructuredSpelling;

const LEVELS: ReadonlyMap<string, LevelFormat> = new Map(
  LEVEL_LIST.map((level) => [level.spelling, level]),
);

/** The spellings of every level type, in registry order. */
export const LEVEL_SPELLINGS: readonly string[] = Object.freeze([
  ...LEVEL_LIST.map((l) => l.spelling),
  'structured[n, m]',
]);

/** The level object of a spelling (`undefined` for an unknown one). */
export function lookupLevel(spelling: unknown): LevelFormat | undefined {
  if (typeof spelling !== 'string') return undefined;
  const listed = LEVELS.get(spelling);
  if (listed !== undefined) return listed;
  for (const family of LEVEL_FAMILIES) {
    const level = family(spelling);
    if (level !== undefined) return level;
  }
  return undefined;
}
