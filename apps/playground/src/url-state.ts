/**
 * Shareable state: every panel keeps its inputs in the URL hash as `URLSearchParams`, so a
 * copied link reopens the same view.
 */

/** The current hash parameters (`#panel=layout&shape=...`). */
export function readState(): URLSearchParams {
  return new URLSearchParams(window.location.hash.replace(/^#/, ''));
}

/** Sets (or, for `undefined`, removes) keys in the hash without adding history entries. */
export function writeState(updates: Record<string, string | undefined>): void {
  const params = readState();
  for (const [key, value] of Object.entries(updates)) {
    if (value === undefined) params.delete(key);
    else params.set(key, value);
  }
  history.replaceState(null, '', `#${params.toString()}`);
}
