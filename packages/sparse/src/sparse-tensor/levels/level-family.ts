/**
 * A level type's two variants, unique and `(nonunique)` (MLIR's level properties): one object
 * each, made from what the variants share and what depends on uniqueness.
 */
import type { LevelFormat } from './level-format.js';

/** What a level type's variant states beyond its name, spelling and uniqueness. */
type LevelFields<S extends string> = Omit<LevelFormat<S>, 'name' | 'spelling' | 'unique'>;

/** The unique level `name` and its `(nonunique)` variant, each frozen. */
export function levelFamily<N extends string>(
  name: N,
  fields: (unique: boolean, spelling: string) => LevelFields<string>,
): readonly [LevelFormat<N>, LevelFormat<`${N}(nonunique)`>] {
  const variant = <S extends string>(spelling: S, unique: boolean): LevelFormat<S> =>
    Object.freeze({ name, spelling, unique, ...fields(unique, spelling) }) as LevelFormat<S>;
  return [variant(name, true), variant(`${name}(nonunique)` as const, false)];
}
