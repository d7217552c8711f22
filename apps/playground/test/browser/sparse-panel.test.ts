import * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { SAMPLE_MS } from '../../src/call-timing.ts';
import { operandValue } from '../../src/sparse-operands.ts';
import { MAX_CELLS_ACROSS, MAX_CELLS_DOWN, MAX_STRIP_CELLS } from '../../src/tensor-picture.ts';
import { openPanel } from './page.ts';

/** Waits until the panel has shown its latest input's run or error. */
async function settled(app: HTMLElement): Promise<HTMLElement> {
  const area = app.querySelector<HTMLElement>('.sparse-result')!;
  await expect.poll(() => area.dataset.state, { timeout: 60_000 }).toBe('done');
  return area;
}

/** Edits a control the way a user does: a new value, then its change event. */
function edit(app: HTMLElement, selector: string, value: string): void {
  const control = app.querySelector<HTMLInputElement | HTMLSelectElement>(selector)!;
  control.value = value;
  control.dispatchEvent(new Event('change'));
}

/** The cells of the picture of tensor `name`, keyed `row,col`. */
function cells(app: HTMLElement, name: string): Map<string, SVGRectElement> {
  const rects = app.querySelectorAll<SVGRectElement>(`figure[data-tensor="${name}"] rect.cell`);
  return new Map([...rects].map((r) => [`${r.dataset.row},${r.dataset.col}`, r]));
}

const storedKeys = (app: HTMLElement, name: string): string[] =>
  [...cells(app, name)].filter(([, r]) => r.classList.contains('cell-stored')).map(([k]) => k);

/** The operands' values (the panel's generator) as an n x n matrix A and a vector x. */
function operands(n: number): { a: (i: number, j: number) => number; x: (j: number) => number } {
  return { a: (i, j) => operandValue(i * n + j, 0, true), x: (j) => operandValue(j, 1, false) };
}

/** y = A x by a plain loop in float32, summing j in order as the kernels do. */
function expectedSpmv(n: number): number[] {
  const { a, x } = operands(n);
  return Array.from({ length: n }, (_, i) => {
    let sum = 0;
    for (let j = 0; j < n; j++) sum = Math.fround(sum + Math.fround(a(i, j) * x(j)));
    return sum;
  });
}

/** The values a one-row picture shows, in order. */
const stripValues = (app: HTMLElement, name: string): number[] =>
  [...cells(app, name).values()].map((r) => Number(r.dataset.value));

const TIMING =
  /^(\d+(?:\.\d+)?) (ms|µs) per call on (\w+) \(median of (\d+) samples \(≥ (\d+) ms each, (\d+) calls in all\) after (\d+) warm-up calls; each call's result read back \(await data\(\)\)\)/;

/** The timing line's numbers; fails unless it states its method. */
function timing(app: HTMLElement) {
  const text = app.querySelector('.timing')!.textContent!;
  const match = TIMING.exec(text);
  expect(match, text).not.toBeNull();
  const [, value, unit, backend, samples, sampleMs, calls, warmUp] = match!;
  return {
    text,
    ms: Number(value) / (unit === 'µs' ? 1000 : 1),
    backend,
    samples: Number(samples),
    sampleMs: Number(sampleMs),
    calls: Number(calls),
    warmUp: Number(warmUp),
  };
}

describe('Sparse panel', () => {
  it("cpu spmv: A's grid marks exactly its stored entries, and y is the plain-loop product", async () => {
    const n = 6;
    const app = openPanel(`panel=sparse&backend=cpu&n=${n}`);
    await settled(app);
    expect(app.querySelector('[role=alert]')).toBeNull();
    const { a, x } = operands(n);
    const stored: string[] = [];
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) if (a(i, j) !== 0) stored.push(`${i},${j}`);
    // The generator leaves two thirds unstored, so the picture has both kinds of cell.
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.length).toBeLessThan(n * n);
    const grid = cells(app, 'A');
    expect(grid.size).toBe(n * n);
    expect(storedKeys(app, 'A')).toEqual(stored);
    for (const key of stored) {
      const [i, j] = key.split(',').map(Number) as [number, number];
      expect(Number(grid.get(key)!.dataset.value)).toBe(a(i, j));
    }
    expect(app.querySelector('figure[data-tensor="A"] figcaption')!.textContent).toBe(
      `A: CSR, ${n}×${n}, ${stored.length} of ${n * n} stored`,
    );
    expect(stripValues(app, 'x')).toEqual(Array.from({ length: n }, (_, j) => x(j)));
    expect(stripValues(app, 'y')).toEqual(expectedSpmv(n));
    const run = app.querySelector<HTMLElement>('.sparse-run')!;
    expect(run.dataset.path).toBe('host');
    const t = timing(app);
    expect(t.ms).toBeGreaterThan(0);
    expect(t.backend).toBe('cpu');
    expect(t.samples).toBeGreaterThanOrEqual(3);
    expect(t.sampleMs).toBe(SAMPLE_MS);
    expect(t.calls).toBeGreaterThanOrEqual(t.samples);
    expect(t.warmUp).toBeGreaterThan(0);
  });

  it('colours by value: equal values share a colour, positive is red, negative blue, with a legend', async () => {
    const app = openPanel('panel=sparse&backend=cpu&n=6');
    await settled(app);
    const byValue = new Map<number, Set<string>>();
    for (const r of cells(app, 'x').values()) {
      const value = Number(r.dataset.value);
      byValue.set(value, (byValue.get(value) ?? new Set()).add(r.getAttribute('fill')!));
    }
    for (const fills of byValue.values()) expect(fills.size).toBe(1);
    const rgb = (value: number) => {
      const fill = [...byValue.get(value)!][0]!;
      return [1, 3, 5].map((k) => Number.parseInt(fill.slice(k, k + 2), 16)) as [
        number,
        number,
        number,
      ];
    };
    const [r1, , b1] = rgb(1);
    const [rm, , bm] = rgb(-1);
    expect(r1).toBeGreaterThan(b1);
    expect(bm).toBeGreaterThan(rm);
    const legend = [...app.querySelectorAll('figure[data-tensor="x"] .legend-label')].map(
      (l) => l.textContent,
    );
    expect(legend).toEqual(['-1', '0', '1']);
  });

  it('runs the generated GLSL on webgl with the same result', async () => {
    const app = openPanel('panel=sparse&backend=webgl&n=6');
    await settled(app);
    expect(stripValues(app, 'y')).toEqual(expectedSpmv(6));
    expect(app.querySelector<HTMLElement>('.sparse-run')!.dataset.path).toBe('gpu');
    expect(app.querySelector('.sparse-path')!.textContent).toBe('ran as generated GLSL on webgl');
    expect(timing(app).ms).toBeGreaterThan(0);
  });

  it('COO on webgpu: says it took the host route and why, and times the work that ran', async () => {
    expect('gpu' in navigator).toBe(true);
    const app = openPanel('panel=sparse&backend=webgpu&formats=A:COO&n=6');
    await settled(app);
    expect(app.querySelector('[role=alert]')).toBeNull();
    expect(stripValues(app, 'y')).toEqual(expectedSpmv(6));
    expect(app.querySelector<HTMLElement>('.sparse-run')!.dataset.path).toBe('host');
    expect(app.querySelector('.sparse-path')!.textContent).toMatch(
      /^ran on the host, not as generated shader code, on webgpu: \S/,
    );
    const t = timing(app);
    expect(t.backend).toBe('webgpu');
    expect(t.ms).toBeGreaterThan(0);
    expect(t.text).toContain('the host route on webgpu');
    expect(t.text).not.toMatch(/\b0\.00 ms/);
  });

  it('a large extent is drawn in a bounded number of cells that hold the block means', async () => {
    const n = 512;
    const app = openPanel(`panel=sparse&backend=cpu&n=${n}`);
    await settled(app);
    expect(app.querySelector('[role=alert]')).toBeNull();
    const grid = cells(app, 'A');
    expect(grid.size).toBeLessThanOrEqual(MAX_CELLS_DOWN * MAX_CELLS_ACROSS);
    expect(cells(app, 'x').size).toBeLessThanOrEqual(MAX_STRIP_CELLS);
    expect(cells(app, 'y').size).toBeLessThanOrEqual(MAX_STRIP_CELLS);
    expect(app.querySelectorAll('#app *').length).toBeLessThan(2500);
    const svg = app.querySelector<SVGElement>('figure[data-tensor="A"] svg')!;
    const step = Number(svg.dataset.rowStep);
    expect(Number(svg.dataset.colStep)).toBe(step);
    expect(Math.ceil(n / step)).toBeLessThanOrEqual(MAX_CELLS_DOWN);
    expect(app.querySelector('figure[data-tensor="A"] .picture-note')!.textContent).toBe(
      `${n}×${n} drawn as ${Math.ceil(n / step)}×${Math.ceil(n / step)} cells of up to ${step}×${step} elements, each coloured by the mean of its stored entries`,
    );
    // Every cell shows the mean of the stored entries of its block.
    const { a } = operands(n);
    for (const [key, rect] of grid) {
      const [r, c] = key.split(',').map(Number) as [number, number];
      let sum = 0;
      let count = 0;
      for (let i = r * step; i < Math.min((r + 1) * step, n); i++)
        for (let j = c * step; j < Math.min((c + 1) * step, n); j++)
          if (a(i, j) !== 0) {
            sum += a(i, j);
            count++;
          }
      expect(rect.classList.contains('cell-stored')).toBe(count > 0);
      if (count > 0) expect(Number(rect.dataset.value)).toBeCloseTo(sum / count, 6);
    }
    // The result strip's cells are the means of the plain-loop y over their blocks.
    const y = expectedSpmv(n);
    const yStep = Number(
      app.querySelector<SVGElement>('figure[data-tensor="y"] svg')!.dataset.colStep,
    );
    stripValues(app, 'y').forEach((shown, c) => {
      const block = y.slice(c * yStep, (c + 1) * yStep);
      expect(shown).toBeCloseTo(block.reduce((s, v) => s + v, 0) / block.length, 5);
    });
    // Pointing at a cell names its block.
    grid.get('0,0')!.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    expect(app.querySelector('figure[data-tensor="A"] .cell-readout')!.textContent).toMatch(
      new RegExp(`^A rows 0–${step - 1}, columns 0–${step - 1}: \\d+ stored, mean -?\\d`),
    );
  });

  it('a rank-3 operand is drawn with its last indices flattened across, and pointing names the element', async () => {
    const n = 4;
    const expr = encodeURIComponent('y(i) = B(i,j,k) * x(k)');
    const app = openPanel(`panel=sparse&backend=cpu&expr=${expr}&formats=B:COO&n=${n}`);
    await settled(app);
    expect(app.querySelector('[role=alert]')).toBeNull();
    const b = (i: number, j: number, k: number) => operandValue((i * n + j) * n + k, 0, true);
    const x = (k: number) => operandValue(k, 1, false);
    const stored: string[] = [];
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++)
        for (let k = 0; k < n; k++) if (b(i, j, k) !== 0) stored.push(`${i},${j * n + k}`);
    expect(storedKeys(app, 'B')).toEqual(stored);
    expect(app.querySelector('figure[data-tensor="B"] .picture-note')!.textContent).toBe(
      `drawn as ${n} rows of ${n * n}: the first index down, the other 2 flattened across`,
    );
    const [first] = stored[0]!.split(',').map(Number) as [number, number];
    const column = Number(stored[0]!.split(',')[1]);
    cells(app, 'B')
      .get(stored[0]!)!
      .dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    expect(app.querySelector('figure[data-tensor="B"] .cell-readout')!.textContent).toBe(
      `B(${first}, ${Math.floor(column / n)}, ${column % n}) = ${b(first, Math.floor(column / n), column % n)}`,
    );
    const y = Array.from({ length: n }, (_, i) => {
      let sum = 0;
      for (let j = 0; j < n; j++) for (let k = 0; k < n; k++) sum += b(i, j, k) * x(k);
      return sum;
    });
    stripValues(app, 'y').forEach((value, i) => {
      expect(value).toBeCloseTo(y[i]!, 5);
    });
  });

  it('puts the generated code in a collapsed section, and says why a CSC spmv has no WGSL', async () => {
    const app = openPanel('panel=sparse&backend=cpu&formats=A:CSC');
    await settled(app);
    const details = app.querySelector<HTMLDetailsElement>('details.generated-code')!;
    expect(details.open).toBe(false);
    expect(details.hidden).toBe(false);
    const code = (shown: HTMLElement, label: string) =>
      shown.querySelector(`pre[aria-label^="${label}"]`)!.textContent ?? '';
    expect(code(app, 'Emitted loops')).toContain('scf.for');
    expect(code(app, 'Vectorized loops')).toContain('vector<8xf32>');
    expect(code(app, 'WGSL')).toMatch(/no passes: .*not indexed by the iteration/);
    const csr = openPanel('panel=sparse&backend=cpu&formats=A:CSR');
    await settled(csr);
    expect(code(csr, 'WGSL')).toContain('fn main(index : i32)');
    expect(code(csr, 'GLSL')).toContain('void main()');
  });

  it('an error replaces the previous result: no pictures, timing or code of the earlier input', async () => {
    await tf.setBackend('cpu');
    const before = tf.memory().numTensors;
    const app = openPanel('panel=sparse&backend=cpu&n=6');
    await settled(app);
    expect(app.querySelector('.sparse-run')).not.toBeNull();
    edit(app, '#sparse-formats', 'A:XYZ');
    await settled(app);
    expect(app.querySelector('[role=alert]')!.textContent).toMatch(/^SparseFormatError/);
    expect(app.querySelector('.sparse-run, figure, .timing')).toBeNull();
    for (const pre of app.querySelectorAll('pre')) expect(pre.textContent).toBe('');
    expect(app.querySelector<HTMLElement>('details.generated-code')!.hidden).toBe(true);
    // A run that fails after the kernel compiled (an operand too large) also replaces it.
    edit(app, '#sparse-formats', 'A:CSR');
    await settled(app);
    expect(app.querySelector('[role=alert]')).toBeNull();
    edit(app, '#sparse-expr', 'y(i) = B(i,j,k) * x(k)');
    edit(app, '#sparse-formats', 'B:COO');
    edit(app, '#sparse-extent', '512');
    await settled(app);
    expect(app.querySelector('[role=alert]')!.textContent).toMatch(
      /^RangeError: operand B would hold 512\^3/,
    );
    expect(app.querySelector('.sparse-run, figure, .timing')).toBeNull();
    // The runs the later edits superseded free their operands when they stop.
    await expect.poll(() => tf.memory().numTensors).toBe(before);
  });

  it('random sequences of good and bad inputs show exactly the last input’s result or error', async () => {
    const random = seededRandom(37);
    const inputs = [
      { formats: 'A:CSR', n: '5', ok: true },
      { formats: 'A:COO', n: '7', ok: true },
      { formats: 'A:CSC', n: '4', ok: true },
      { formats: 'A:XYZ', n: '6', ok: false },
      { formats: 'A', n: '6', ok: false },
    ];
    const app = openPanel('panel=sparse&backend=cpu');
    await settled(app);
    for (let step = 0; step < 8; step++) {
      const input = inputs[Math.floor(random() * inputs.length)]!;
      edit(app, '#sparse-extent', input.n);
      edit(app, '#sparse-formats', input.formats);
      const area = await settled(app);
      const alerts = area.querySelectorAll('[role=alert]');
      expect(alerts.length, `${step}: ${input.formats}`).toBe(input.ok ? 0 : 1);
      expect(area.querySelectorAll('.sparse-run').length).toBe(input.ok ? 1 : 0);
      if (input.ok) expect(stripValues(app, 'y')).toEqual(expectedSpmv(Number(input.n)));
    }
  });

  it('matches its screenshot (the pictures only: timings are not captured)', async () => {
    const app = openPanel('panel=sparse&backend=cpu&n=6');
    await settled(app);
    await expect.element(page.getByTestId('sparse-pictures')).toMatchScreenshot('sparse-panel');
  });
});
