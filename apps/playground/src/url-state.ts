/**
 * Shareable state: every panel keeps its inputs in the URL hash as `URLSearchParams`, so a
 * copied link reopens the same view.
 */

/** The current hash parameters (`#panel=layout&shape=...`). */
export function readState(): URLSearchParams {
  return new URLSearchParams(window.location.hash.replace(/^#/, ''));
}

/**
 * Sets (or, for `undefined`, removes) keys in the hash. Edits replace the current history entry;
 * `push` adds one (a panel switch), so the browser's back button returns to the previous panel.
 */
export function writeState(
  updates: Record<string, string | undefined>,
  { push = false }: { push?: boolean } = {},
): void {
  const params = readState();
  for (const [key, value] of Object.entries(updates)) {
    if (value === undefined) params.delete(key);
    else params.set(key, value);
  }
  const url = `#${params.toString()}`;
  if (push) history.pushState(null, '', url);
  else history.replaceState(null, '', url);
}
