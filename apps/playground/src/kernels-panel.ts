/**
 * Kernels panel: run relayout, unrelayout and tscatter on the shown tensors with the cpu, webgl
 * or webgpu backend (webgpu where the browser has `navigator.gpu`), highlight TSCATTER's
 * duplicate writers and the winner, and time each op beside tf's stock composition.
 */
import * as tf from '@tensorflow/tfjs-core';
import '@tilekit/tfjs-kernels/register-cpu';
import '@tilekit/tfjs-kernels/register-webgl';
import '@tilekit/tfjs-kernels/register-webgpu';
import { relayout, tscatter, unrelayout } from '@tilekit/tfjs-kernels';
import { BACKENDS, type Backend, useBackend } from './backends.ts';
import { describeSamples, formatDuration, READ_BACK_NOTE, timeCalls } from './call-timing.ts';
import { describeError, h, labelled } from './dom.ts';
import { parseArrayShape } from './logical-shape.ts';
import { scatterWriters } from './scatter-writers.ts';
import { stockRelayout } from './stock-composition.ts';
import { readPanelState, writePanelState } from './url-state.ts';

/** The README's TSCATTER example: offset 3 is written twice and 40 wins. */
const SCATTER_SRC = [[10, 20, 30, 40, 50, 60, 70, 80]];
const SCATTER_IDX_DEFAULT = '15 0 3 3 8 9 10 11';
const SCATTER_DST: [number, number] = [2, 8];
const SCATTER_VALID_COL = 6;

/**
 * Below this many elements a call's time is mostly fixed per-call cost, so the timing line says
 * so instead of inviting a speed comparison.
 */
export const OVERHEAD_BOUND_ELEMENTS = 1 << 16;
/** What the timing line adds for small tensors. */
export const OVERHEAD_NOTE =
  'At this size both times are mostly per-call overhead (op dispatch, kernel launch, reading the result back), not copying: try a shape such as f32[1024,1024]{1,0:T(8,128)} to compare the copies';

const numbers = (values: ArrayLike<number>): string => Array.from(values).join(' ');

/** What one run of the panel shows: the result nodes of each op and the timing line. */
interface KernelsRun {
  readonly layout: Node[];
  readonly scatter: Node[];
  readonly timing: string;
}

/** Runs relayout and unrelayout on x = 1..size, compares with tf's composition, times both. */
async function runLayoutOps(shapeText: string): Promise<Pick<KernelsRun, 'layout' | 'timing'>> {
  const { dims } = parseArrayShape(shapeText);
  const size = dims.reduce((a, b) => a * b, 1);
  const x = tf.tensor(
    Array.from({ length: size }, (_, k) => k + 1),
    dims,
  );
  try {
    const buffer = relayout(x, shapeText, { padValue: 0 });
    const stock = stockRelayout(x, shapeText);
    const back = unrelayout(buffer, shapeText);
    let bufferData: tf.TypedArray;
    let stockData: tf.TypedArray;
    let backData: tf.TypedArray;
    try {
      [bufferData, stockData, backData] = await Promise.all([
        buffer.data(),
        stock.data(),
        back.data(),
      ]);
    } finally {
      tf.dispose([buffer, stock, back]);
    }
    const same =
      bufferData.length === stockData.length && bufferData.every((v, k) => v === stockData[k]);
    const layout = [
      h('h3', {}, `x: [${dims.join(', ')}] holding 1..${size}`),
      h('h3', {}, 'relayout(x) → physical buffer (padding 0)'),
      h('output', { 'data-result': 'relayout' }, numbers(bufferData)),
      h('p', {}, `tf stock composition gives the same buffer: ${same ? 'yes' : 'NO'}`),
      h('h3', {}, 'unrelayout(buffer) → x again'),
      h('output', { 'data-result': 'unrelayout' }, numbers(backData)),
    ];
    const ours = await timeCalls(() => relayout(x, shapeText));
    const theirs = await timeCalls(() => stockRelayout(x, shapeText));
    const timing =
      `relayout ${formatDuration(ours.perCallMs)} per call (${describeSamples(ours)}); ` +
      `tf stock pad/reshape/transpose ${formatDuration(theirs.perCallMs)} per call (${describeSamples(theirs)}); ` +
      `${READ_BACK_NOTE}, on ${tf.getBackend()}` +
      (size < OVERHEAD_BOUND_ELEMENTS ? `. ${OVERHEAD_NOTE}` : '');
    return { layout, timing };
  } finally {
    x.dispose();
  }
}

/** Runs the README's tscatter with `idxText` as the index row; marks duplicate writers. */
async function runScatter(idxText: string): Promise<Node[]> {
  const row = idxText
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const src = tf.tensor2d(SCATTER_SRC);
  const idx = tf.tensor2d([row], [1, row.length], 'int32');
  try {
    const dst = tscatter(src, idx, { dstShape: SCATTER_DST, validCol: SCATTER_VALID_COL });
    const data = await dst.data();
    dst.dispose();
    const writers = scatterWriters([row], 1, SCATTER_VALID_COL);
    const cells = Array.from(data, (value, offset) => {
      const list = writers.get(offset) ?? [];
      const duplicate = list.length > 1;
      const winner = list.at(-1);
      const title = duplicate
        ? `offset ${offset}: written by src${list.map(([i, j]) => `(${i},${j})`).join(', ')}; the last, (${winner!.join(',')}), wins`
        : `offset ${offset}`;
      return h(
        'span',
        { class: duplicate ? 'dst duplicate' : 'dst', title, 'data-offset': offset },
        String(value),
      );
    });
    const notes = [...writers]
      .filter(([, list]) => list.length > 1)
      .map(([offset, list]) => {
        const winner = list.at(-1)!;
        return h(
          'li',
          {},
          `offset ${offset}: ${list.length} writers, winner src(${winner.join(',')}) = ${SCATTER_SRC[winner[0]]![winner[1]]}`,
        );
      });
    return [
      h(
        'h3',
        {},
        `tscatter(src, idx, {dstShape: [${SCATTER_DST}], validCol: ${SCATTER_VALID_COL}})`,
      ),
      h('p', {}, `src: ${numbers(SCATTER_SRC[0]!)}`),
      h(
        'div',
        { class: 'dst-row', 'data-result': 'tscatter' },
        ...cells.flatMap((cell, k) => (k === 0 ? [cell] : [' ', cell])),
      ),
      h(
        'ul',
        { class: 'duplicates' },
        ...(notes.length > 0 ? notes : [h('li', {}, 'no duplicates')]),
      ),
    ];
  } finally {
    tf.dispose([src, idx]);
  }
}

/** Builds the Kernels panel into `root`. */
export function mountKernelsPanel(root: HTMLElement): void {
  const state = readPanelState('kernels');
  const backend = h('select', { id: 'kernel-backend' });
  const hasWebgpu = 'gpu' in navigator;
  for (const name of BACKENDS) {
    const option = h('option', { value: name }, name);
    // Without WebGPU in this browser the option says so instead of failing a run.
    if (name === 'webgpu' && !hasWebgpu) {
      option.disabled = true;
      option.textContent = 'webgpu (not in this browser)';
    }
    backend.append(option);
  }
  const wanted = state.get('backend');
  backend.value = wanted === 'webgl' || (wanted === 'webgpu' && hasWebgpu) ? wanted : 'cpu';
  const shape = h('input', {
    id: 'kernel-shape',
    type: 'text',
    spellcheck: 'false',
    value: state.get('kshape') ?? 'f32[3,5]{1,0:T(2,2)}',
  });
  const idx = h('input', {
    id: 'kernel-idx',
    type: 'text',
    spellcheck: 'false',
    value: state.get('idx') ?? SCATTER_IDX_DEFAULT,
  });
  const run = h('button', { type: 'button', id: 'kernel-run' }, 'Run');
  const layoutOut = h('div', { class: 'kernel-output' });
  const scatterOut = h('div', { class: 'kernel-output' });
  const status = h('p', { class: 'status', role: 'status' });
  const timing = h('p', { class: 'timing' });
  const results = h(
    'div',
    { class: 'kernel-results', 'data-state': 'idle', 'data-testid': 'kernel-results' },
    layoutOut,
    scatterOut,
    status,
  );
  // A later click supersedes a run still in progress: only the latest run is shown.
  let generation = 0;
  run.addEventListener('click', async () => {
    const mine = ++generation;
    writePanelState('kernels', { backend: backend.value, kshape: shape.value, idx: idx.value });
    results.dataset.state = 'running';
    // Nothing of the previous run stays beside this one's result or error.
    layoutOut.replaceChildren();
    scatterOut.replaceChildren();
    timing.textContent = '';
    status.textContent = `running on ${backend.value}…`;
    let shown: KernelsRun | Error;
    try {
      await useBackend(backend.value as Backend);
      const { layout, timing: timingText } = await runLayoutOps(shape.value);
      shown = { layout, scatter: await runScatter(idx.value), timing: timingText };
    } catch (error) {
      shown = error instanceof Error ? error : new Error(String(error));
    }
    if (mine !== generation) return;
    if (shown instanceof Error) {
      status.replaceChildren(h('span', { class: 'error', role: 'alert' }, describeError(shown)));
    } else {
      layoutOut.replaceChildren(...shown.layout);
      scatterOut.replaceChildren(...shown.scatter);
      timing.textContent = shown.timing;
      status.textContent = `ran on ${tf.getBackend()}`;
    }
    results.dataset.state = 'done';
  });
  root.append(
    h('h2', {}, 'Kernels'),
    h(
      'div',
      { class: 'controls' },
      labelled('Backend', backend),
      labelled('Shape and layout', shape),
      labelled('TSCATTER index row (8 offsets into a 2x8 tile)', idx),
      run,
    ),
    results,
    timing,
  );
}
