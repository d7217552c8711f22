/**
 * Layout panel: type a shape, see its logical grid and memory strip side by side (hover or
 * focus an element to light up its slot, and back), its sizes, its pad-reshape-transpose plan,
 * the library's own SVG figure, and typed errors at the offending character.
 */
import {
  byteSize,
  formatShape,
  inverseMap,
  LayoutSyntaxError,
  offsetMap,
  physicalElementCount,
  type RelayoutStep,
  relayoutPlan,
  renderMemoryMap,
  xlaArraySize,
} from '@tilekit/layout';
import { describeError, h, labelled } from './dom.ts';
import { indexOf, parseArrayShape } from './logical-shape.ts';
import { readPanelState, writePanelState } from './url-state.ts';

/** The seed's two figures, preloaded as one-click examples. */
export const LAYOUT_EXAMPLES = [
  ['Figure 1', 'F32[3,5]{1,0:(2,2)}'],
  ['Figure 2', 'F32[4,8]{1,0:(2,4)(2,1)}'],
  ['combined *', 'f32[2,3,4]{2,1,0:T(*,2,2)}'],
  ['column-major', 'f32[3,4]{0,1}'],
] as const;

/** More cells than this are not drawn as focusable buttons (the SVG still summarises them). */
const MAX_INTERACTIVE_CELLS = 1024;

const stepText = (step: RelayoutStep): string =>
  step.op === 'pad'
    ? `pad ${JSON.stringify(step.paddings)}`
    : step.op === 'reshape'
      ? `reshape [${step.shape.join(', ')}]`
      : `transpose [${step.perm.join(', ')}]`;

/** The error message with a caret under the offending character of a syntax error. */
function errorView(error: unknown): HTMLElement {
  const box = h('div', { class: 'error', role: 'alert' }, describeError(error));
  if (error instanceof LayoutSyntaxError) {
    const { input, offset } = error;
    box.append(
      h(
        'pre',
        { class: 'caret', 'data-offset': offset },
        `${input}\n${' '.repeat(offset)}^ offset ${offset}`,
      ),
    );
  }
  return box;
}

/** Logical grid and memory strip, linked both ways by the data-offset of each button. */
function linkedViews(text: string, dims: readonly number[]): HTMLElement {
  const forward = offsetMap(text);
  const backward = inverseMap(text);
  const cols = dims.length === 0 ? 1 : dims[dims.length - 1]!;
  const grid = h('div', {
    class: 'grid',
    role: 'group',
    'aria-label': 'Logical elements',
    style: `grid-template-columns: repeat(${cols}, 2.4rem)`,
  });
  forward.forEach((offset, position) => {
    const index = indexOf(dims, position).join(',');
    grid.append(
      h(
        'button',
        {
          type: 'button',
          class: 'elem',
          'data-index': index,
          'data-offset': offset,
          'aria-label': `element (${index}) at offset ${offset}`,
        },
        String(offset),
      ),
    );
  });
  const strip = h('div', { class: 'strip', role: 'group', 'aria-label': 'Memory slots' });
  backward.forEach((position, offset) => {
    const index = position < 0 ? undefined : indexOf(dims, position).join(',');
    strip.append(
      h(
        'button',
        {
          type: 'button',
          class: index === undefined ? 'mem-slot padding' : 'mem-slot',
          'data-offset': offset,
          'data-index': index,
          'aria-label': `slot ${offset}: ${index === undefined ? 'padding' : `element (${index})`}`,
        },
        String(offset),
      ),
    );
  });
  const readout = h('p', { class: 'readout', 'aria-live': 'polite' }, 'Hover or focus an element.');
  const container = h(
    'div',
    { class: 'linked' },
    h('h3', {}, 'Logical grid'),
    grid,
    h('h3', {}, 'Memory strip'),
    strip,
    readout,
  );
  const highlight = (target: EventTarget | null) => {
    for (const lit of container.querySelectorAll('.lit')) lit.classList.remove('lit');
    if (!(target instanceof HTMLElement) || target.dataset.offset === undefined) return;
    const offset = target.dataset.offset;
    for (const peer of container.querySelectorAll(`[data-offset="${offset}"]`)) {
      peer.classList.add('lit');
    }
    const index = target.dataset.index;
    readout.textContent =
      index === undefined ? `slot ${offset}: padding` : `element (${index}) ↔ slot ${offset}`;
  };
  // Focus behaves like hover, so the mapping is reachable from the keyboard.
  for (const event of ['mouseover', 'focusin'] as const) {
    container.addEventListener(event, (e) => highlight(e.target));
  }
  return container;
}

function sizesView(text: string): HTMLElement {
  const xla = xlaArraySize(text);
  const rows: [string, string][] = [
    ['canonical text', formatShape(text)],
    ['physical slots (physicalElementCount)', String(physicalElementCount(text))],
    ['bytes of the true buffer (byteSize)', String(byteSize(text))],
    ['XLA ArraySize', `${xla.elements} elements, ${xla.bytes} bytes`],
  ];
  return h(
    'dl',
    { class: 'sizes' },
    ...rows.flatMap(([term, value]) => [h('dt', {}, term), h('dd', {}, value)]),
  );
}

function render(output: HTMLElement, text: string): void {
  output.replaceChildren();
  try {
    const { dims } = parseArrayShape(text);
    const plan = relayoutPlan(text);
    const cells = dims.reduce((a, b) => a * b, 1);
    const figure = h('figure', { class: 'svg-figure' });
    figure.innerHTML = renderMemoryMap(text, { format: 'svg', overflow: 'summary' });
    figure.append(h('figcaption', {}, 'The figure from @tilekit/layout (renderMemoryMap)'));
    output.append(
      h('h3', {}, 'Sizes'),
      sizesView(text),
      h('h3', {}, 'Pad → reshape → transpose plan'),
      h('ol', { class: 'plan' }, ...plan.steps.map((s) => h('li', {}, stepText(s)))),
      cells <= MAX_INTERACTIVE_CELLS && physicalElementCount(text) <= 4 * MAX_INTERACTIVE_CELLS
        ? linkedViews(text, dims)
        : h('p', {}, `Too many elements (${cells}) to draw one button each; see the figure.`),
      figure,
    );
  } catch (error) {
    output.append(errorView(error));
  }
}

/** Builds the Layout panel into `root`. */
export function mountLayoutPanel(root: HTMLElement): void {
  const input = h('input', {
    id: 'layout-shape',
    type: 'text',
    spellcheck: 'false',
    autocomplete: 'off',
    value: readPanelState('layout').get('shape') ?? LAYOUT_EXAMPLES[0][1],
  });
  const output = h('div', { class: 'layout-output' });
  const update = () => {
    writePanelState('layout', { shape: input.value });
    render(output, input.value);
  };
  input.addEventListener('input', update);
  const examples = LAYOUT_EXAMPLES.map(([name, text]) => {
    const button = h('button', { type: 'button', class: 'example' }, name);
    button.addEventListener('click', () => {
      input.value = text;
      update();
    });
    return button;
  });
  root.append(
    h('h2', {}, 'Layout'),
    h(
      'div',
      { class: 'controls' },
      labelled('Shape and layout (XLA or the seed notation)', input),
      h('span', { class: 'examples' }, ...examples),
    ),
    output,
  );
  render(output, input.value);
}
