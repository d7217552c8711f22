/**
 * The one "did you mean" policy of every tilekit package: the CLI's unknown commands, options and
 * choices, and every op's misspelt option keys suggest a name by the same rule.
 */

/** Longest word judged as a typo: known names are short, a longer word is a typo of none. */
const LONGEST_TYPO = 64;

/** Most names to choose from: a list of known names is written by hand, a longer one is junk. */
const MOST_NAMES = 65_536;

/**
 * Levenshtein distance between `a` and `b`: the fewest single-character insertions, deletions
 * and substitutions that turn one into the other (case-sensitive, by UTF-16 code unit). Its
 * time is the product of the lengths, so only {@link nearestName} calls it, on short words.
 */
export function editDistance(a: string, b: string): number {
  // One row of the distance table at a time: row i holds the distances from a's first i units.
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      const keep = (row[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      next.push(Math.min((row[j] as number) + 1, (next[j - 1] as number) + 1, keep));
    }
    row = next;
  }
  return row[b.length] as number;
}

/**
 * The name in `names` a user most likely meant by `word`, or `undefined` when none is close.
 * Case is ignored; a name that starts with `word` is one edit away; a name is close within
 * max(2, floor(word.length / 3)) edits (Levenshtein distance); the closest wins, ties to the
 * earlier name. A word longer than 64 characters (or not a string) is a typo of no name.
 *
 * It never throws, since it is called while an error message is being made: `names` that are
 * not an array of at most 65536 entries suggest nothing, and entries that are not strings are
 * never suggested.
 */
export function nearestName(word: string, names: readonly string[]): string | undefined {
  if (!Array.isArray(names) || names.length > MOST_NAMES) return undefined;
  if (typeof word !== 'string' || word.length > LONGEST_TYPO) return undefined;
  const typed = word.toLowerCase();
  const budget = Math.max(2, Math.floor(word.length / 3));
  let best: string | undefined;
  let bestDistance = budget + 1;
  for (let k = 0; k < names.length; k++) {
    const name = names[k];
    if (typeof name !== 'string') continue;
    const known = name.toLowerCase();
    // Lengths further apart than the budget are further apart in edits too: no table needed.
    const distance =
      typed !== '' && known.startsWith(typed)
        ? Math.min(1, known.length - typed.length)
        : Math.abs(known.length - typed.length) > budget
          ? bestDistance
          : editDistance(typed, known);
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}
