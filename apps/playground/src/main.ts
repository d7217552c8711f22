/**
 * Entry point: mounts the panel named in the URL hash (`#panel=layout|kernels|vectorizer|sparse`)
 * and switches panels from the navigation without reloading.
 */
import { h } from './dom.ts';
import { mountKernelsPanel } from './kernels-panel.ts';
import { mountLayoutPanel } from './layout-panel.ts';
import { mountSparsePanel } from './sparse-panel.ts';
import { readState, writeState } from './url-state.ts';
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
  const requested = readState().get('panel');
  const name: PanelName = isPanel(requested) ? requested : 'layout';
  for (const link of document.querySelectorAll<HTMLAnchorElement>('nav a[data-panel]')) {
    if (link.dataset.panel === name) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  const section = h('section', { id: `panel-${name}`, 'aria-labelledby': `panel-${name}-title` });
  app.replaceChildren(section);
  PANELS[name](section);
  section.querySelector('h2')?.setAttribute('id', `panel-${name}-title`);
}

const app = document.getElementById('app');
if (app !== null) {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('nav a[data-panel]')) {
    link.addEventListener('click', (event) => {
      event.preventDefault();
      // Only the panel changes; each panel's own keys stay in the URL.
      writeState({ panel: link.dataset.panel });
      showPanel(app);
    });
  }
  showPanel(app);
}
