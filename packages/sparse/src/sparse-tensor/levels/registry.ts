/**
 * The level types formats may name, and the lookup from a spelling to its level object. A
 * new level type is one file implementing {@link LevelFormat} and its registration (a list of
 * spellings, or a family of parameterized spellings such as `structured[n, m]`).
 *
 * Dense, compressed and singleton levels are always known. `loose_compressed` and
 * `structured[n, m]` levels are registered by the entries that install `SparseTensor`'s
 * constructors (construction.ts), with them: only a tensor those constructors built can hold
 * one, so a tfjs op given a tensor leaves their code out of an app's bundle.
 */
import { CONSTRUCTORS_NEEDED } from '../constructors-needed.js';
import { COMPRESSED_LEVELS } from './compressed.js';
import { DENSE } from './dense.js';
import type { LevelFormat } from './level-format.js';
import type { LOOSE_COMPRESSED_LEVELS } from './loose-compressed.js';
import { SINGLETON_LEVELS } from './singleton.js';
import type { StructuredSpelling } from './structured.js';

/** Level types, spelled as in `#sparse_tensor.encoding`. */
export type LevelType =
  | (typeof DENSE)['spelling']
  | (typeof COMPRESSED_LEVELS)[number]['spelling']
  | (typeof LOOSE_COMPRESSED_LEVELS)[number]['spelling']
  | (typeof SINGLETON_LEVELS)[number]['spelling']
  | StructuredSpelling;

/** The spellings of every level type, in the order errors list them. */
export const LEVEL_SPELLINGS: readonly string[] = Object.freeze([
  'dense',
  'compressed',
  'compressed(nonunique)',
  'loose_compressed',
  'loose_compressed(nonunique)',
  'singleton',
  'singleton(nonunique)',
  'structured[n, m]',
]);

/** The spellings the constructors' entries register (see the module comment). */
const REGISTERED_WITH_CONSTRUCTORS = /^(loose_compressed(\(nonunique\))?|structured\[.*\])$/;

const LEVELS = new Map<string, LevelFormat>(
  [DENSE, ...COMPRESSED_LEVELS, ...SINGLETON_LEVELS].map((level) => [level.spelling, level]),
);

/** Level types whose spelling carries parameters: the level object of a spelling, if theirs. */
const LEVEL_FAMILIES: ((spelling: string) => LevelFormat | undefined)[] = [];

/** Whether the constructors' level types are registered (see the module comment). */
let constructorLevelsRegistered = false;

/**
 * Registers the level types the constructors' entries bring (`levels`) and families of them
 * (registering one again does nothing).
 */
export function registerConstructorLevelTypes(
  levels: readonly LevelFormat[],
  families: readonly ((spelling: string) => LevelFormat | undefined)[],
): void {
  for (const level of levels) LEVELS.set(level.spelling, level);
  for (const family of families) if (!LEVEL_FAMILIES.includes(family)) LEVEL_FAMILIES.push(family);
  constructorLevelsRegistered = true;
}

/** The level object of a spelling (`undefined` for an unknown or unregistered one). */
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

/**
 * What to say of a spelling {@link lookupLevel} finds nothing for: `unknown` (the caller's
 * words), or, for a level type the constructors register before they are installed, what to
 * import.
 */
export function missingLevelProblem(spelling: unknown, unknown: string): string {
  return !constructorLevelsRegistered &&
    typeof spelling === 'string' &&
    REGISTERED_WITH_CONSTRUCTORS.test(spelling)
    ? `level type '${spelling}' comes with ${CONSTRUCTORS_NEEDED}`
    : unknown;
}
