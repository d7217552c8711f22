/**
 * Entry point: mounts the panel named in the URL hash (`#panel=layout|kernels|vectorizer|sparse`),
 * switches panels from the navigation without reloading, and follows the hash through
 * back/forward and edited or followed links.
 */
import { h } from './dom.ts';
import { mountKernelsPanel } from './kernels-panel.ts';
import { mountLayoutPanel } from './layout-panel.ts';
import { mountSparsePanel } from './sparse-panel.ts';
import { hashPanel, nameShownPanel, pushPanel } from './url-state.ts';
import { mountVectorizerPanel } from './vectorizer-panel.ts';

const PANELS = {
  layout: mountLayoutPanel,
  kernels: mountKernelsPanel,
  vectorizer: mountVectorizerPanel,
  sparse: mountSparsePanel,
} as const;
type PanelName = keyof typeof PANELS;

const isPanel = (name: string | null): name is PanelName => name !== null && name in PANELS;

/** Shows the panel named in the hash (default: layout), marking its nav link current. */
export function showPanel(app: HTMLElement): void {
  const requested = hashPanel();
  const name: PanelName = isPanel(requested) ? requested : 'layout';
  nameShownPanel(name);
  for (const link of document.querySelectorAll<HTMLAnchorElement>('nav a[data-panel]')) {
    if (link.dataset.panel === name) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  const section = h('section', { id: `panel-${name}`, 'aria-labelledby': `panel-${name}-title` });
  app.replaceChildren(section);
  PANELS[name](section);
  section.querySelector('h2')?.setAttribute('id', `panel-${name}-title`);
}

/**
 * Keeps `app` showing what the URL says: nav clicks add a history entry, and back/forward, an
 * edited hash or a followed `#panel=...` link show that state's panel. Returns the listener's
 * removal.
 */
export function followHash(app: HTMLElement): () => void {
  // The hash last shown: the panels' own edits replace it without an event, so only a
  // navigation makes it differ.
  let shown = window.location.hash;
  const show = () => {
    shown = window.location.hash;
    showPanel(app);
  };
  const onNavigation = () => {
    if (window.location.hash !== shown) show();
  };
  const links = [...document.querySelectorAll<HTMLAnchorElement>('nav a[data-panel]')];
  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    const link = event.currentTarget as HTMLAnchorElement;
    // The URL then holds that panel's own inputs (as it last had them), none of this one's.
    pushPanel(link.dataset.panel ?? 'layout');
    show();
  };
  for (const link of links) link.addEventListener('click', onClick);
  window.addEventListener('hashchange', onNavigation);
  window.addEventListener('popstate', onNavigation);
  return () => {
    for (const link of links) link.removeEventListener('click', onClick);
    window.removeEventListener('hashchange', onNavigation);
    window.removeEventListener('popstate', onNavigation);
  };
}

const app = document.getElementById('app');
if (app !== null) {
  followHash(app);
  showPanel(app);
}
