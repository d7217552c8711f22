/**
 * Sparse panel: tensor index notation + formats, run on a chosen backend (cpu, webgl, webgpu)
 * with generated operands. It shows the operands and the result as pictures (a sparse operand's
 * stored pattern, values as colour), the path the op took (generated shader code or the host
 * loops, and why), and its time per call. The generated code (the emitted and vectorized loops,
 * the WGSL and GLSL passes, or why there are none) is a collapsed section below.
 */
import * as tf from '@tensorflow/tfjs-core';
import { compileGlsl, compileWgsl, type GlslProgram } from '@tilekit/loop-engines';
import { printModule } from '@tilekit/loop-ir';
import { type FormatSpec, isUnique, type SparseKernel, sparsify } from '@tilekit/sparse';
import {
  lastSparseKernelRun,
  type SparseKernelRun,
  type SparseOperand,
  sparseOp,
  TfSparseTensor,
} from '@tilekit/sparse/tfjs';
import '@tilekit/sparse/tfjs/register-cpu';
import '@tilekit/sparse/tfjs/register-webgl';
import '@tilekit/sparse/tfjs/register-webgpu';
import { vectorize } from '@tilekit/sparse-vectorizer';
import { BACKENDS, type Backend, useBackend } from './backends.ts';
import {
  type CallTiming,
  describeSamples,
  formatDuration,
  READ_BACK_NOTE,
  timeCalls,
} from './call-timing.ts';
import { describeError, h, integerInput, labelled } from './dom.ts';
import { type PanelOperand, panelOperands } from './sparse-operands.ts';
import { type TensorPictureInput, tensorPicture } from './tensor-picture.ts';
import { readPanelState, writePanelState } from './url-state.ts';

/** Reads `A:CSR, B:COO` into per-tensor formats. */
export function parseFormats(text: string): Record<string, FormatSpec> {
  const formats: Record<string, FormatSpec> = {};
  for (const part of text.split(',')) {
    const [name, format] = part.split(':').map((s) => s.trim());
    if (name === undefined || name === '') continue;
    if (format === undefined || format === '')
      throw new Error(`format of '${name}' is missing (write ${name}:CSR)`);
    formats[name] = format as FormatSpec;
  }
  return formats;
}

/** Arguments holding the coordinates of a unique root level (distinct entries), as the ops pass them. */
function distinctArrays(kernel: SparseKernel): Set<number> {
  const formats = new Map(kernel.plan.inputs.map((t) => [t.name, t.format]));
  const distinct = new Set<number>();
  kernel.parameters.forEach((p, k) => {
    const root = p.kind === 'coordinates' ? formats.get(p.tensor)?.levels[0] : undefined;
    if (p.kind === 'coordinates' && p.level === 0 && root !== undefined && isUnique(root))
      distinct.add(k);
  });
  return distinct;
}

/** What a picture of a sparse operand needs: its stored elements and their values. */
async function storedPicture(
  operand: PanelOperand,
  sparse: TfSparseTensor,
): Promise<TensorPictureInput> {
  const { coordinates, values } = (await sparse.toSparseTensor()).toCoordinates();
  const size = operand.values.length;
  const stored = new Uint8Array(size);
  const shownValues = new Float32Array(size);
  coordinates.forEach((index, e) => {
    const at = index.reduce((flat, i, d) => flat * (operand.shape[d] as number) + i, 0);
    stored[at] = 1;
    shownValues[at] = values[e] as number;
  });
  return {
    name: operand.name,
    caption: `${operand.name}: ${String(operand.format)}, ${operand.shape.join('×')}, ${coordinates.length} of ${size} stored`,
    shape: operand.shape,
    values: shownValues,
    stored,
  };
}

/** A dense operand's (or a scalar's) picture. */
function densePicture(operand: PanelOperand): TensorPictureInput {
  return {
    name: operand.name,
    caption:
      operand.shape.length === 0
        ? `${operand.name}: scalar ${operand.values[0]}`
        : `${operand.name}: dense, ${operand.shape.join('×')}`,
    shape: operand.shape,
    values: operand.values,
  };
}

/** The path line: generated shader code, or the host loops (and why, on a GPU backend). */
function describePath(run: SparseKernelRun | undefined, backend: Backend): string {
  if (run?.path === 'gpu')
    return `ran as generated ${backend === 'webgpu' ? 'WGSL' : 'GLSL'} on ${backend}`;
  if (backend === 'cpu') return 'ran the compiled loops on the host (cpu backend)';
  return `ran on the host, not as generated shader code, on ${backend}${run?.reason ? `: ${run.reason}` : ''}`;
}

/** The timing line: per-call time, how it was measured, and what a host run on a GPU includes. */
function describeTime(
  timing: CallTiming,
  run: SparseKernelRun | undefined,
  backend: Backend,
): string {
  const host =
    run?.path === 'host' && backend !== 'cpu'
      ? `; the host route on ${backend}, so each call also reads its operands back from the GPU`
      : '';
  return `${formatDuration(timing.perCallMs)} per call on ${backend} (${describeSamples(timing)}; ${READ_BACK_NOTE})${host}`;
}

/**
 * Runs the op on `backend` with the panel's operands (every index of extent `extent`) and shows
 * it; gives up before timing (returning `undefined`) once `wanted()` says a newer input came.
 */
async function runOp(
  expr: string,
  formats: Record<string, FormatSpec>,
  extent: number,
  backend: Backend,
  wanted: () => boolean,
): Promise<HTMLElement | undefined> {
  const op = sparseOp(expr, formats);
  const inputs = op.operandNames.map((name) => {
    const input = op.kernel.plan.inputs.find((t) => t.name === name);
    return { name, indices: input?.indices ?? [] };
  });
  const generated = panelOperands(inputs, formats, extent);
  await useBackend(backend);
  if (backend === 'webgpu') tf.env().set('WEBGPU_CPU_FORWARD', false);
  const operands: SparseOperand[] = [];
  const owned: (tf.Tensor | TfSparseTensor)[] = [];
  try {
    const pictures: TensorPictureInput[] = [];
    for (const operand of generated) {
      if (operand.shape.length === 0) {
        operands.push(operand.values[0] as number);
        pictures.push(densePicture(operand));
        continue;
      }
      const dense = tf.tensor(operand.values, operand.shape as number[]);
      if (operand.format === undefined) {
        owned.push(dense);
        operands.push(dense);
        pictures.push(densePicture(operand));
        continue;
      }
      let sparse: TfSparseTensor;
      try {
        sparse = TfSparseTensor.fromDense(dense, operand.format);
      } finally {
        dense.dispose();
      }
      owned.push(sparse);
      operands.push(sparse);
      pictures.push(await storedPicture(operand, sparse));
    }
    const out = op(...operands);
    // Read at once: another run may record its own while this one waits for its result.
    const run = lastSparseKernelRun();
    const shape = out.shape;
    let values: Float32Array;
    try {
      values = Float32Array.from(await out.data());
    } finally {
      out.dispose();
    }
    if (!wanted()) return undefined;
    const timing = await timeCalls(() => op(...operands));
    const outName = op.kernel.plan.output.name;
    return h(
      'div',
      { class: 'sparse-run', 'data-testid': 'sparse-run', 'data-path': run?.path ?? '' },
      h(
        'div',
        { class: 'sparse-pictures', 'data-testid': 'sparse-pictures' },
        h('h3', {}, 'Operands'),
        h('div', { class: 'pictures' }, ...pictures.map(tensorPicture)),
        h('h3', {}, 'Result'),
        h(
          'div',
          { class: 'pictures' },
          tensorPicture({
            name: outName,
            caption: `${outName}: ${shape.length === 0 ? 'scalar' : shape.join('×')}, computed on ${backend}`,
            shape,
            values,
          }),
        ),
      ),
      h('p', { class: 'sparse-path' }, describePath(run, backend)),
      h('p', { class: 'timing' }, describeTime(timing, run, backend)),
    );
  } finally {
    for (const t of owned) t.dispose();
  }
}

/** A shader program's passes as text, or why the loops have none. */
function passesText(program: GlslProgram): string {
  return program.parallel
    ? program.passes.map((p, k) => `// pass ${k}\n${p.code}`).join('\n\n')
    : `// no passes: ${program.reason}`;
}

/** One form of generated code: a heading and its `<pre>`. */
function codeView(label: string): { view: HTMLElement; pre: HTMLPreElement } {
  const pre = h('pre', { class: 'mlir-out', 'aria-label': label, tabindex: 0 });
  return { view: h('div', {}, h('h3', {}, label), pre), pre };
}

/** Builds the Sparse panel into `root`. */
export function mountSparsePanel(root: HTMLElement): void {
  const state = readPanelState('sparse');
  const expr = h('input', {
    id: 'sparse-expr',
    type: 'text',
    size: 36,
    value: state.get('expr') ?? 'y(i) = A(i,j) * x(j)',
  });
  const formats = h('input', {
    id: 'sparse-formats',
    type: 'text',
    size: 16,
    value: state.get('formats') ?? 'A:CSR',
  });
  const extent = integerInput('sparse-extent', 1, 512, state.get('n') ?? '6');
  const backend = h(
    'select',
    { id: 'sparse-backend' },
    ...BACKENDS.filter((b) => b !== 'webgpu' || 'gpu' in navigator).map((b) =>
      h('option', { value: b }, b),
    ),
  );
  backend.value = BACKENDS.find((b) => b === state.get('backend')) ?? 'cpu';
  const loops = codeView('Emitted loops (MLIR)');
  const vectorized = codeView('Vectorized loops (MLIR, vl 8)');
  const wgsl = codeView('WGSL passes (webgpu)');
  const glsl = codeView('GLSL passes (webgl, one output element per fragment)');
  const code = h(
    'details',
    { class: 'generated-code' },
    h('summary', {}, 'Generated code: the loops, vectorized loops, WGSL and GLSL'),
    h('div', { class: 'side-by-side' }, loops.view, vectorized.view),
    h('div', { class: 'side-by-side' }, wgsl.view, glsl.view),
  );
  const result = h('div', {
    class: 'sparse-result',
    'aria-live': 'polite',
    'data-state': 'idle',
    'data-testid': 'sparse-result-area',
  });
  // A later edit supersedes a run still in progress: only the latest run is shown.
  let generation = 0;
  const update = async () => {
    const mine = ++generation;
    writePanelState('sparse', {
      expr: expr.value,
      formats: formats.value,
      n: extent.value,
      backend: backend.value,
    });
    // Nothing of the previous input stays beside this one's result or error.
    for (const view of [loops, vectorized, wgsl, glsl]) view.pre.textContent = '';
    result.dataset.state = 'running';
    result.replaceChildren(h('p', { class: 'status' }, `running on ${backend.value}…`));
    const wanted = () => mine === generation;
    let shown: HTMLElement | undefined;
    try {
      const f = parseFormats(formats.value);
      const kernel = sparsify(expr.value, f);
      loops.pre.textContent = printModule(kernel.module);
      vectorized.pre.textContent = printModule(
        vectorize(kernel.module, { vectorLength: 8, enableSIMDIndex32: true }).module,
      );
      const options = { distinctArrays: distinctArrays(kernel) };
      wgsl.pre.textContent = passesText(compileWgsl(kernel.module, kernel.functionName, options));
      glsl.pre.textContent = passesText(compileGlsl(kernel.module, kernel.functionName, options));
      shown = await runOp(expr.value, f, Number(extent.value), backend.value as Backend, wanted);
    } catch (error) {
      shown = h('p', { class: 'error', role: 'alert' }, describeError(error));
    }
    // An input that does not compile has no code to show.
    code.hidden = loops.pre.textContent === '';
    if (!wanted() || shown === undefined) return;
    result.replaceChildren(shown);
    result.dataset.state = 'done';
  };
  for (const control of [expr, formats, extent, backend])
    control.addEventListener('change', () => void update());
  root.append(
    h('h2', {}, 'Sparse'),
    h(
      'div',
      { class: 'controls' },
      labelled('Expression', expr),
      labelled('Formats', formats),
      labelled('Extent of every index', extent),
      labelled('Backend', backend),
    ),
    result,
    code,
  );
  void update();
}
