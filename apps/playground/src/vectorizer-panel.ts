/**
 * Vectorizer panel: paste MLIR (corpus kernels preloaded), pick vl / VLA / index32, and see the
 * report (why each loop was or was not vectorized) and the scalar and the vectorized function
 * run on the wasm engine with their results compared; the vectorized MLIR itself is a
 * collapsed section below.
 */

import denseScale from '@tilekit/conformance/corpus/dense_scale_f32.mlir?raw';
import fix2TwoStores from '@tilekit/conformance/corpus/fix2_two_stores.mlir?raw';
import redAdd from '@tilekit/conformance/corpus/red_add_f32.mlir?raw';
import cmpSelect from '@tilekit/conformance/corpus/scalar_cmp_select.mlir?raw';
import gather from '@tilekit/conformance/corpus/sparse_gather_i32.mlir?raw';
import { compile } from '@tilekit/loop-engines';
import { type InterpretArg, type Module, parseModule, printModule } from '@tilekit/loop-ir';
import { reportLines, type VectorizeReport, vectorize } from '@tilekit/sparse-vectorizer';
import { describeError, h, integerInput, labelled } from './dom.ts';
import { firstFunction, makeArguments } from './engine-arguments.ts';
import { readPanelState, writePanelState } from './url-state.ts';

/** Corpus kernels of the sparse-vectorizer tests, one per kind of decision. */
export const MLIR_EXAMPLES: Record<string, string> = {
  'red_add_f32 (reduction)': redAdd,
  'dense_scale_f32 (parallel, masked)': denseScale,
  'sparse_gather_i32 (gather)': gather,
  'scalar_cmp_select (not vectorized)': cmpSelect,
  'fix2_two_stores (kept scalar: fix 2)': fix2TwoStores,
};

/** The vectorizer's report lines (as `tilekit opt --report` prints them), one list item each. */
function reportView(report: VectorizeReport): HTMLElement {
  const items = reportLines(report).map((line, k) => {
    const loop = report.loops[k];
    const kind = loop === undefined ? 'chain' : loop.vectorized ? 'vectorized' : 'scalar';
    return h('li', { class: kind }, line);
  });
  return h('ul', { class: 'report' }, ...(items.length > 0 ? items : [h('li', {}, 'no loops')]));
}

const show = (value: InterpretArg | unknown): string =>
  ArrayBuffer.isView(value)
    ? Array.from(value as unknown as ArrayLike<number | bigint>, String).join(' ')
    : Array.isArray(value)
      ? value.map(String).join(' ')
      : String(value);

/** Runs `@name` of both modules on the wasm engine with equal arguments; lists each output. */
function compareRuns(scalar: Module, vector: Module): HTMLElement {
  const { op, name } = firstFunction(scalar);
  const run = (module: Module): [string, string][] => {
    const args = makeArguments(op);
    const results = compile(module, name, { engine: 'wasm' })(...args);
    // Memref arguments are outputs too: they are written in place.
    const memrefs = args.flatMap((arg, k): [string, string][] =>
      ArrayBuffer.isView(arg) ? [[`memref argument ${k}`, show(arg)]] : [],
    );
    return [...results.map((r, k): [string, string] => [`result ${k}`, show(r)]), ...memrefs];
  };
  const before = run(scalar);
  const after = run(vector);
  const same = before.length === after.length && before.every(([, v], k) => v === after[k]?.[1]);
  return h(
    'div',
    { class: 'comparison', 'data-same': String(same) },
    h(
      'p',
      { class: same ? 'ok' : 'error' },
      same ? 'wasm results agree (scalar = vectorized)' : 'wasm results DIFFER',
    ),
    h(
      'table',
      {},
      h(
        'thead',
        {},
        h('tr', {}, h('th', {}, 'output'), h('th', {}, 'scalar'), h('th', {}, 'vectorized')),
      ),
      h(
        'tbody',
        {},
        ...before.map(([label, value], k) =>
          h('tr', {}, h('td', {}, label), h('td', {}, value), h('td', {}, after[k]?.[1] ?? '')),
        ),
      ),
    ),
  );
}

/** Builds the Vectorizer panel into `root`. */
export function mountVectorizerPanel(root: HTMLElement): void {
  const state = readPanelState('vectorizer');
  const names = Object.keys(MLIR_EXAMPLES);
  const example = h(
    'select',
    { id: 'mlir-example' },
    ...names.map((n) => h('option', { value: n }, n)),
  );
  const source = h('textarea', { id: 'mlir-source', rows: 10, spellcheck: 'false', wrap: 'off' });
  // A corpus example travels as its name (`ex`), pasted text as itself (`mlir`).
  const named = names.find((n) => n === state.get('ex')) ?? names[0]!;
  example.value = named;
  source.value = state.get('mlir') ?? MLIR_EXAMPLES[named]!;
  const vl = integerInput('mlir-vl', 1, 64, state.get('vl') ?? '4');
  const vla = h('input', { id: 'mlir-vla', type: 'checkbox', checked: state.get('vla') === '1' });
  const index32 = h('input', {
    id: 'mlir-index32',
    type: 'checkbox',
    checked: state.get('i32') === '1',
  });
  const vectorized = h('pre', { class: 'mlir-out', 'aria-label': 'Vectorized MLIR', tabindex: 0 });
  const report = h('div', { class: 'mlir-report' });
  const update = () => {
    const exampleName = names.find((n) => MLIR_EXAMPLES[n] === source.value);
    writePanelState('vectorizer', {
      ex: exampleName,
      mlir: exampleName === undefined ? source.value : undefined,
      vl: vl.value,
      vla: vla.checked ? '1' : undefined,
      i32: index32.checked ? '1' : undefined,
    });
    report.replaceChildren();
    try {
      const module = parseModule(source.value);
      const result = vectorize(module, {
        vectorLength: Number(vl.value),
        enableVLAVectorization: vla.checked,
        enableSIMDIndex32: index32.checked,
      });
      vectorized.textContent = printModule(result.module);
      report.append(h('h3', {}, 'Report'), reportView(result.report));
      try {
        report.append(h('h3', {}, 'Run on the wasm engine'), compareRuns(module, result.module));
      } catch (error) {
        report.append(h('p', { class: 'error', role: 'alert' }, `run: ${describeError(error)}`));
      }
    } catch (error) {
      vectorized.textContent = '';
      report.append(h('p', { class: 'error', role: 'alert' }, describeError(error)));
    }
  };
  example.addEventListener('change', () => {
    source.value = MLIR_EXAMPLES[example.value] ?? '';
    update();
  });
  for (const control of [source, vl, vla, index32]) control.addEventListener('change', update);
  root.append(
    h('h2', {}, 'Vectorizer'),
    h(
      'div',
      { class: 'controls' },
      labelled('Example from the corpus', example),
      labelled('vl', vl),
      labelled('VLA', vla),
      labelled('index32', index32),
    ),
    labelled('MLIR input', source),
    report,
    h(
      'details',
      { class: 'generated-code' },
      h('summary', {}, 'Generated code: the vectorized MLIR'),
      vectorized,
    ),
  );
  update();
}
