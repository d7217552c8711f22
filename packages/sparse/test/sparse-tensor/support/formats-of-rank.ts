/**
 * Every storage format of a rank that the builders and conversions are held to: each
 * dense/compressed level list and the COO levels, in every mode order.
 */
import type { LevelType } from '../../../src/index.js';

/** Every ordering of `0 .. n - 1`. */
export function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((p) =>
    Array.from({ length: n }, (_, k) => [...p.slice(0, k), n - 1, ...p.slice(k)]),
  );
}

/** Every dense/compressed level list and the COO levels, each in every mode order. */
export function formatsOfRank(rank: number): { levels: LevelType[]; order: number[] }[] {
  let lists: LevelType[][] = [[]];
  for (let l = 0; l < rank; l++) {
    lists = lists.flatMap((p) => [
      [...p, 'dense' as const],
      [...p, 'compressed' as const],
    ]);
  }
  if (rank > 1) {
    lists.push([
      'compressed(nonunique)',
      ...Array.from({ length: rank - 2 }, (): LevelType => 'singleton(nonunique)'),
      'singleton',
    ]);
  }
  return permutations(rank).flatMap((order) => lists.map((levels) => ({ levels, order })));
}
