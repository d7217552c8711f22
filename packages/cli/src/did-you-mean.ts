import { nearestName } from '@tilekit/errors';

/**
 * `" (did you mean 'x'?)"` for the name in `candidates` nearest to `word` by the one rule of
 * `@tilekit/errors`' `nearestName`, or `''` when none is close.
 */
export function didYouMean(word: string, candidates: readonly string[]): string {
  const nearest = nearestName(word, candidates);
  return nearest === undefined ? '' : ` (did you mean '${nearest}'?)`;
}
