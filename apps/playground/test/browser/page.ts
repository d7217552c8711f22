/** Mounts the playground page (index.html's body) in the test document at a given panel. */
import '../../src/style.css';
import { showPanel } from '../../src/main.ts';

/** Builds header, nav and #app like index.html, sets the hash and shows that panel. */
export function openPanel(hash: string): HTMLElement {
  // Leave the previous panel first: removing a focused, edited control fires its change event,
  // which would write that panel's state into the new hash.
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  history.replaceState(null, '', `#${hash}`);
  document.body.innerHTML = `
    <header><h1>tilekit playground</h1>
      <nav aria-label="Panels">
        <a href="#panel=layout" data-panel="layout">Layout</a>
        <a href="#panel=kernels" data-panel="kernels">Kernels</a>
        <a href="#panel=vectorizer" data-panel="vectorizer">Vectorizer</a>
        <a href="#panel=sparse" data-panel="sparse">Sparse</a>
      </nav></header>
    <main id="app"></main>`;
  const app = document.getElementById('app')!;
  showPanel(app);
  return app;
}

/** The seed's Figure 1 offset of (i, j): 2x2 tiles of a 3x5 array, tiles in row-major order. */
export const figure1Offset = (i: number, j: number): number =>
  (Math.floor(i / 2) * Math.ceil(5 / 2) + Math.floor(j / 2)) * 4 + (i % 2) * 2 + (j % 2);

/**
 * The seed's Figure 2 offset of (i, j) in a 4x8 array tiled (2,4)(2,1): 2x4 tiles in row-major
 * order, and inside each tile 2x1 column pairs one after another (so the row is the fastest).
 */
export const figure2Offset = (i: number, j: number): number =>
  (Math.floor(i / 2) * 2 + Math.floor(j / 4)) * 8 + (j % 4) * 2 + (i % 2);
