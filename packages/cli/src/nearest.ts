/** Edit distance (insertions, deletions, substitutions) between two short words. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The candidate closest to `word` for a "did you mean" hint, or undefined when none is close:
 * a typo is a few edits away (at most a third of the word, at least 2), or a prefix of the name.
 */
export function nearestName(word: string, candidates: readonly string[]): string | undefined {
  // Names are short; a long word is no typo of one (and would make the distance table large).
  if (word.length > 40) return undefined;
  const budget = Math.max(2, Math.floor(word.length / 3));
  let best: { name: string; distance: number } | undefined;
  for (const name of candidates) {
    const distance = word.length > 0 && name.startsWith(word) ? 1 : editDistance(word, name);
    if (distance <= budget && (best === undefined || distance < best.distance))
      best = { name, distance };
  }
  return best?.name;
}

/** `" (did you mean 'x'?)"` for the nearest candidate, or '' when none is close. */
export function didYouMean(word: string, candidates: readonly string[]): string {
  const nearest = nearestName(word, candidates);
  return nearest === undefined ? '' : ` (did you mean '${nearest}'?)`;
}
