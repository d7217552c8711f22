/**
 * Kernels panel: run relayout, unrelayout and tscatter on the shown tensors with the cpu, webgl
 * or webgpu backend (webgpu where the browser has `navigator.gpu`), highlight TSCATTER's
 * duplicate writers and the winner, and time each op beside tf's stock composition.
 */
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-webgl';
import '@tensorflow/tfjs-backend-webgpu';
import '@tilekit/tfjs-kernels/register-cpu';
import '@tilekit/tfjs-kernels/register-webgl';
import '@tilekit/tfjs-kernels/register-webgpu';
import { relayout, tscatter, unrelayout } from '@tilekit/tfjs-kernels';
import { describeError, h, labelled } from './dom.ts';
import { parseArrayShape } from './logical-shape.ts';
import { medianTime } from './median-time.ts';
import { scatterWriters } from './scatter-writers.ts';
import { stockRelayout } from './stock-composition.ts';
import { readState, writeState } from './url-state.ts';

const BACKENDS = ['cpu', 'webgl', 'webgpu'] as const;
type Backend = (typeof BACKENDS)[number];

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

async function useBackend(backend: Backend): Promise<void> {
  if (tf.getBackend() === backend) return;
  if (!(await tf.setBackend(backend))) throw new Error(`the ${backend} backend did not start`);
}

async function runLayoutOps(shapeText: string, out: HTMLElement, timing: HTMLElement) {
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
    const [bufferData, stockData, backData] = await Promise.all([
      buffer.data(),
      stock.data(),
      back.data(),
    ]);
    const same =
      bufferData.length === stockData.length && bufferData.every((v, k) => v === stockData[k]);
    out.replaceChildren(
      h('h3', {}, `x: [${dims.join(', ')}] holding 1..${size}`),
      h('h3', {}, 'relayout(x) → physical buffer (padding 0)'),
      h('output', { 'data-result': 'relayout' }, numbers(bufferData)),
      h('p', {}, `tf stock composition gives the same buffer: ${same ? 'yes' : 'NO'}`),
      h('h3', {}, 'unrelayout(buffer) → x again'),
      h('output', { 'data-result': 'unrelayout' }, numbers(backData)),
    );
    tf.dispose([buffer, stock, back]);
    const ours = await medianTime(() => relayout(x, shapeText));
    const theirs = await medianTime(() => stockRelayout(x, shapeText));
    timing.textContent = `relayout ${ours.toFixed(2)} ms; tf stock pad/reshape/transpose ${theirs.toFixed(2)} ms (median of 5, ${tf.getBackend()})${size < OVERHEAD_BOUND_ELEMENTS ? `. ${OVERHEAD_NOTE}` : ''}`;
  } finally {
    x.dispose();
  }
}

async function runScatter(idxText: string, out: HTMLElement) {
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
    out.replaceChildren(
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
    );
  } finally {
    tf.dispose([src, idx]);
  }
}

/** Builds the Kernels panel into `root`. */
export function mountKernelsPanel(root: HTMLElement): void {
  const state = readState();
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
  run.addEventListener('click', async () => {
    writeState({ backend: backend.value, kshape: shape.value, idx: idx.value });
    results.dataset.state = 'running';
    status.textContent = `running on ${backend.value}…`;
    try {
      await useBackend(backend.value as Backend);
      await runLayoutOps(shape.value, layoutOut, timing);
      await runScatter(idx.value, scatterOut);
      status.textContent = `ran on ${tf.getBackend()}`;
    } catch (error) {
      status.replaceChildren(h('span', { class: 'error', role: 'alert' }, describeError(error)));
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
