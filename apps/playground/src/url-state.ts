/**
 * Shareable state: the URL hash holds the shown panel and that panel's inputs only
 * (`#panel=sparse&expr=...`), so a copied link reopens the same view and carries nothing of the
 * other panels. Each panel reads and writes its own state through here, so one panel cannot see
 * (or overwrite) another's keys, even where their names are alike (`backend`).
 *
 * A panel's state also lives in memory for the session: switching back to a panel from the
 * navigation restores what it showed, and an edit arriving after its panel was left (a blurred
 * field's change event) lands there instead of in the new panel's URL.
 */

/** Each panel's state as it last had it, keyed by panel name (the `panel` key excluded). */
const remembered = new Map<string, URLSearchParams>();

const hashParams = (): URLSearchParams =>
  new URLSearchParams(window.location.hash.replace(/^#/, ''));

/** The panel the hash names (`#panel=layout` gives `'layout'`), or `null` when none is named. */
export function hashPanel(): string | null {
  return hashParams().get('panel');
}

/**
 * The inputs of `panel`: the hash's keys while the hash shows that panel, otherwise what the
 * panel last held this session (nothing, the first time).
 */
export function readPanelState(panel: string): URLSearchParams {
  const params = hashParams();
  if (params.get('panel') !== panel) return new URLSearchParams(remembered.get(panel));
  params.delete('panel');
  return params;
}

const hashOf = (panel: string, state: URLSearchParams): string => {
  const params = new URLSearchParams({ panel });
  for (const [key, value] of state) params.append(key, value);
  return `#${params.toString()}`;
};

/**
 * Replaces the whole state of `panel` (`undefined` values are left out). While the hash shows
 * the panel, the current history entry's hash becomes `#panel=<panel>&<state>`; otherwise only
 * the remembered state changes.
 */
export function writePanelState(panel: string, state: Record<string, string | undefined>): void {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(state)) if (value !== undefined) params.set(key, value);
  remembered.set(panel, params);
  if (hashPanel() === panel) history.replaceState(null, '', hashOf(panel, params));
}

/**
 * Makes the hash name `panel` (replacing a missing or unknown name), keeping its other keys: a
 * link without `panel=` opens the default panel with the link's inputs.
 */
export function nameShownPanel(panel: string): void {
  const params = hashParams();
  if (params.get('panel') === panel) return;
  params.delete('panel');
  history.replaceState(null, '', hashOf(panel, params));
}

/**
 * Shows `panel` in a new history entry (so the back button returns to the one before), with
 * the state it last had this session. The panel being left is remembered as the hash shows it.
 */
export function pushPanel(panel: string): void {
  const shown = hashPanel();
  if (shown !== null) remembered.set(shown, readPanelState(shown));
  history.pushState(null, '', hashOf(panel, remembered.get(panel) ?? new URLSearchParams()));
}
