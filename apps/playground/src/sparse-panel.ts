/**
 * Sparse panel: tensor index notation + formats -> the loops the sparse emitter writes, the
 * vectorized loops, the WGSL passes generated from them (or why there are none), and a run of
 * the op on a chosen backend (cpu, webgl, webgpu) with its result, the path it took and its time.
 */
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-webgl';
import '@tensorflow/tfjs-backend-webgpu';
import { compileWgsl } from '@tilekit/loop-engines';
import { printModule } from '@tilekit/loop-ir';
import { type FormatSpec, isUnique, type SparseKernel, sparsify } from '@tilekit/sparse';
import {
  lastSparseKernelRun,
  type SparseOperand,
  sparseOp,
  TfSparseTensor,
} from '@tilekit/sparse/tfjs';
import '@tilekit/sparse/tfjs/register-cpu';
import '@tilekit/sparse/tfjs/register-webgl';
import '@tilekit/sparse/tfjs/register-webgpu';
import { vectorize } from '@tilekit/sparse-vectorizer';
import { describeError, h, integerInput, labelled } from './dom.ts';
import { medianTime } from './median-time.ts';
import { readState, writeState } from './url-state.ts';

const BACKENDS = ['cpu', 'webgl', 'webgpu'] as const;
type Backend = (typeof BACKENDS)[number];

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

/** Operand values: element k of every tensor is ((k * 7 + seed) % 9) / 4 - 1, zeros kept sparse. */
function operandData(size: number, seed: number, sparse: boolean): Float32Array {
  return Float32Array.from({ length: size }, (_, k) =>
    sparse && (k * 5 + seed) % 3 !== 0 ? 0 : ((k * 7 + seed) % 9) / 4 - 1 || 0.5,
  );
}

async function useBackend(backend: Backend): Promise<void> {
  if (tf.getBackend() === backend) return;
  if (!(await tf.setBackend(backend))) throw new Error(`the ${backend} backend did not start`);
}

/** Runs the op on `backend` with every index of extent `extent`; describes the result. */
async function runOp(
  expr: string,
  formats: Record<string, FormatSpec>,
  extent: number,
  backend: Backend,
): Promise<HTMLElement> {
  await useBackend(backend);
  if (backend === 'webgpu') tf.env().set('WEBGPU_CPU_FORWARD', false);
  const op = sparseOp(expr, formats);
  const inputs = op.kernel.plan.inputs;
  const operands: SparseOperand[] = [];
  const owned: (tf.Tensor | TfSparseTensor)[] = [];
  inputs.forEach((t, k) => {
    if (t.indices.length === 0) {
      operands.push(2);
      return;
    }
    const shape = t.indices.map(() => extent);
    const size = shape.reduce((a, b) => a * b, 1);
    const dense = tf.tensor(operandData(size, k, formats[t.name] !== undefined), shape);
    if (formats[t.name] === undefined) {
      operands.push(dense);
      owned.push(dense);
    } else {
      const sparse = TfSparseTensor.fromDense(dense, formats[t.name] as FormatSpec);
      dense.dispose();
      operands.push(sparse);
      owned.push(sparse);
    }
  });
  try {
    const out = op(...operands);
    const values = Array.from(await out.data(), (v) => (v === 0 ? 0 : v));
    const shape = out.shape;
    out.dispose();
    const run = lastSparseKernelRun();
    const ms = await medianTime(() => op(...operands));
    return h(
      'div',
      { class: 'sparse-run', 'data-testid': 'sparse-run', 'data-path': run?.path ?? '' },
      h('p', {}, `result [${shape.join(', ')}]: ${values.join(' ')}`),
      h(
        'p',
        { class: 'sparse-path' },
        run?.path === 'gpu'
          ? `ran as generated ${backend === 'webgpu' ? 'WGSL' : 'GLSL'} on ${backend}`
          : `ran the compiled loops on the host (${backend}${run?.reason ? `: ${run.reason}` : ''})`,
      ),
      h('p', { class: 'timing' }, `median of 5 calls (result read back): ${ms.toFixed(2)} ms`),
    );
  } finally {
    for (const t of owned) t.dispose();
  }
}

/** Builds the Sparse panel into `root`. */
export function mountSparsePanel(root: HTMLElement): void {
  const state = readState();
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
  const loops = h('pre', { class: 'mlir-out', 'aria-label': 'Emitted loops', tabindex: 0 });
  const vectorized = h('pre', { class: 'mlir-out', 'aria-label': 'Vectorized loops', tabindex: 0 });
  const wgsl = h('pre', { class: 'mlir-out', 'aria-label': 'Generated WGSL', tabindex: 0 });
  const result = h('div', { class: 'sparse-result', 'aria-live': 'polite' });
  let generation = 0;
  const update = async () => {
    const mine = ++generation;
    writeState({
      expr: expr.value,
      formats: formats.value,
      n: extent.value,
      backend: backend.value,
    });
    result.replaceChildren();
    try {
      const f = parseFormats(formats.value);
      const kernel = sparsify(expr.value, f);
      loops.textContent = printModule(kernel.module);
      const v = vectorize(kernel.module, { vectorLength: 8, enableSIMDIndex32: true });
      vectorized.textContent = printModule(v.module);
      const program = compileWgsl(kernel.module, kernel.functionName, {
        distinctArrays: distinctArrays(kernel),
      });
      wgsl.textContent = program.parallel
        ? program.passes.map((p, k) => `// pass ${k}\n${p.code}`).join('\n\n')
        : `// no WGSL: ${program.reason}`;
      const run = await runOp(expr.value, f, Number(extent.value), backend.value as Backend);
      if (mine === generation) result.replaceChildren(run);
    } catch (error) {
      if (mine === generation)
        result.replaceChildren(h('p', { class: 'error', role: 'alert' }, describeError(error)));
    }
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
    h(
      'div',
      { class: 'side-by-side' },
      h('div', {}, h('h3', {}, 'Emitted loops'), loops),
      h('div', {}, h('h3', {}, 'Vectorized (vl 8)'), vectorized),
    ),
    h('div', {}, h('h3', {}, 'Generated WGSL'), wgsl),
  );
  void update();
}
