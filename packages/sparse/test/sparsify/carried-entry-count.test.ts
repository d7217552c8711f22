/**
 * The loops of a kernel that appends to a sparse output carry the output's entry count in a
 * register through every loop of a row (the co-iteration loop and the tails of the operand
 * left over) and from row to row (the row loop's value), and `runKernel` allocates the arrays
 * it appends to without zero-filling them; a call with too little room runs again. Held bit for bit (positions, coordinates and values) on every engine to a plain merge
 * written here, row by row, over random operands: random, disjoint and equal patterns, one
 * operand empty, skewed rows (a few long rows among empty ones), every value type and storage
 * widths of 8 to 64 bits and index; and to the kernel whose co-iteration branches
 * (`caseDispatch: 'branch'`, which keeps the count in the state memref).
 */
import { compile, type EngineName } from '@tilekit/loop-engines';
import { findFunction, type Operation, type Value } from '@tilekit/loop-ir';
import { describe, expect, it } from 'vitest';
import {
  allocateOutputStorage,
  type FormatSpec,
  runKernel,
  SparseTensor,
  sparsify,
} from '../../src/index.js';
import { clearKernelCache } from '../../src/sparsify/calling/kernel-cache.js';
import { ENGINES } from './every-engine.js';
import { rng } from './fixtures.js';

type ValueType = 'f64' | 'f32' | 'i32' | 'i64';
const DTYPES = { f64: 'float64', f32: 'float32', i32: 'int32', i64: 'int64' } as const;
type Pattern = 'random' | 'disjoint' | 'equal' | 'one empty' | 'skewed';
const PATTERNS: readonly Pattern[] = ['random', 'disjoint', 'equal', 'one empty', 'skewed'];

/** A matrix as sorted entries per row: column and value. */
type Rows = [number, number][][];

/** The two operands' entries under `pattern`, with small exact values (-0 for floats too). */
function operandRows(
  pattern: Pattern,
  m: number,
  n: number,
  float: boolean,
  next: () => number,
): [Rows, Rows] {
  const value = () => {
    if (float && next() < 0.05) return -0;
    const v = (Math.floor(next() * 15) - 7 || 3) * (float ? 0.5 : 1);
    return v;
  };
  const a: Rows = [];
  const b: Rows = [];
  for (let i = 0; i < m; i++) {
    const long = pattern === 'skewed' && next() < 0.15;
    const density = pattern === 'skewed' ? (long ? 0.9 : next() < 0.5 ? 0 : 2 / n) : next() * 0.6;
    const ra: [number, number][] = [];
    const rb: [number, number][] = [];
    for (let j = 0; j < n; j++) {
      const inA = next() < density;
      const inB = next() < density;
      if (pattern === 'disjoint') {
        if (inA) (j % 2 === 0 ? ra : rb).push([j, value()]);
        continue;
      }
      if (pattern === 'equal') {
        if (inA) {
          ra.push([j, value()]);
          rb.push([j, value()]);
        }
        continue;
      }
      if (inA) ra.push([j, value()]);
      // Skewed rows of B are long where A's are short, so long tails follow the merge.
      const tail = pattern === 'skewed' && !long && next() < 0.1;
      if ((inB && pattern !== 'one empty') || tail) rb.push([j, value()]);
    }
    a.push(ra);
    b.push(rb);
  }
  return next() < 0.5 ? [a, b] : [b, a];
}

/**
 * What a kernel computes where both operands hold an entry (`both`), and where only A or only
 * B does (the expression without the absent operand: `A - B` is `-B` there, so a stored -0
 * keeps its sign); an intersection has no single-operand entries.
 */
interface Rule {
  readonly both: (x: number, y: number) => number;
  readonly onlyA?: (x: number) => number;
  readonly onlyB?: (y: number) => number;
}
const same = (x: number) => x;
const SUM: Rule = { both: (x, y) => x + y, onlyA: same, onlyB: same };

/** The kernels under test, with the plain per-entry rule each applies. */
const KERNELS: readonly { rhs: string; rule: Rule }[] = [
  { rhs: 'A(i,j) + B(i,j)', rule: SUM },
  { rhs: 'A(i,j) - B(i,j)', rule: { both: (x, y) => x - y, onlyA: same, onlyB: (y) => -y } },
  { rhs: 'A(i,j) * B(i,j)', rule: { both: (x, y) => x * y } },
];

/** A plain merge of two sorted rows: the entries of the union or the intersection. */
function mergeRows(a: Rows, b: Rows, rule: Rule, round: (x: number) => number): Rows {
  return a.map((ra, i) => {
    const rb = b[i] as [number, number][];
    const out: [number, number][] = [];
    let p = 0;
    let q = 0;
    while (p < ra.length || q < rb.length) {
      const [ca, va] = ra[p] ?? [Number.POSITIVE_INFINITY, 0];
      const [cb, vb] = rb[q] ?? [Number.POSITIVE_INFINITY, 0];
      if (ca === cb) {
        out.push([ca, round(rule.both(va, vb))]);
        p++;
        q++;
      } else if (ca < cb) {
        if (rule.onlyA !== undefined) out.push([ca, round(rule.onlyA(va))]);
        p++;
      } else {
        if (rule.onlyB !== undefined) out.push([cb, round(rule.onlyB(vb))]);
        q++;
      }
    }
    return out;
  });
}

/** Sorted rows as a CSR tensor of `format`, built by the package's own constructor. */
function tensorOf(
  rows: Rows,
  shape: [number, number],
  format: FormatSpec,
  valueType: ValueType,
): SparseTensor {
  const coordinates = rows.flatMap((r, i) => r.map(([j]) => [i, j]));
  const values = rows.flatMap((r) =>
    r.map(([, v]) => (valueType === 'i64' ? BigInt(v) : v) as number),
  );
  return SparseTensor.fromCoordinates(coordinates, values, shape, format, {
    dtype: DTYPES[valueType],
  });
}

/** Positions, coordinates and values as bytes, so -0 compares exactly. */
function storageBytes(t: SparseTensor): number[][] {
  const bytes = (a: ArrayBufferView | undefined) =>
    a === undefined ? [] : Array.from(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
  return [
    ...t.positions.map((p) => bytes(p as ArrayBufferView | undefined)),
    ...t.coordinates.map((c) => bytes(c as ArrayBufferView | undefined)),
    bytes(t.values as ArrayBufferView),
  ];
}

/** Whether two tensors' storage arrays hold the same bytes (fast on large arrays). */
function sameStorage(x: SparseTensor, y: SparseTensor): boolean {
  const arrays = (t: SparseTensor) =>
    [...t.positions, ...t.coordinates, t.values].map((a) =>
      a === undefined
        ? new Uint8Array(0)
        : new Uint8Array(a.buffer, (a as ArrayBufferView).byteOffset, a.byteLength),
    );
  const [xs, ys] = [arrays(x), arrays(y)];
  return (
    xs.length === ys.length && xs.every((a, k) => Buffer.compare(a, ys[k] as Uint8Array) === 0)
  );
}

/** Storage widths; 8-bit coordinates hold the shapes' column counts (at most 40). */
const WIDTHS = [
  { posWidth: 32, crdWidth: 32 },
  { posWidth: 64, crdWidth: 16 },
  { posWidth: 32, crdWidth: 'index' },
  { posWidth: 16, crdWidth: 8 },
  { posWidth: 'index', crdWidth: 64 },
] as const;
/** Runs of the seeded test: each width in turn for 8 runs (every value type and pattern). */
const RUNS = 8 * WIDTHS.length;

function csr(widths: (typeof WIDTHS)[number]): FormatSpec {
  return { levels: ['dense', 'compressed'], ...widths } as FormatSpec;
}

const compiled = (kernel: ReturnType<typeof sparsify>, engine: EngineName) =>
  compile(kernel.module, kernel.functionName, { engine });

describe('an appending sparse output with its entry count carried in registers', () => {
  it('equals a plain merge and the branching kernel bit for bit on every engine (seeded)', () => {
    const next = rng(3511);
    const valueTypes: ValueType[] = ['f64', 'f32', 'i32', 'i64'];
    let cases = 0;
    for (let run = 0; run < RUNS; run++) {
      const valueType = valueTypes[run % valueTypes.length] as ValueType;
      const pattern = PATTERNS[run % PATTERNS.length] as Pattern;
      const widths = WIDTHS[Math.floor(run / 8)] as (typeof WIDTHS)[number];
      const { rhs, rule } = KERNELS[run % KERNELS.length] as (typeof KERNELS)[number];
      const float = valueType === 'f64' || valueType === 'f32';
      const shape: [number, number] = [1 + Math.floor(next() * 12), 1 + Math.floor(next() * 40)];
      const [a, b] = operandRows(pattern, shape[0], shape[1], float, next);
      const format = csr(widths);
      const operands = {
        A: tensorOf(a, shape, format, valueType),
        B: tensorOf(b, shape, format, valueType),
      };
      const round = valueType === 'f32' ? Math.fround : (x: number) => x;
      const expected = tensorOf(mergeRows(a, b, rule, round), shape, format, valueType);
      const formats = { A: format, B: format, C: format };
      const selected = sparsify(`C(i,j) = ${rhs}`, formats, { valueType });
      const branching = sparsify(`C(i,j) = ${rhs}`, formats, { valueType, caseDispatch: 'branch' });
      for (const engine of ENGINES) {
        const label = `${rhs} ${pattern} ${valueType} ${JSON.stringify(widths)} ${shape} on ${engine}`;
        const got = runKernel(selected, compiled(selected, engine), operands) as SparseTensor;
        expect(storageBytes(got), label).toEqual(storageBytes(expected));
        const plain = runKernel(branching, compiled(branching, engine), operands) as SparseTensor;
        expect(storageBytes(plain), label).toEqual(storageBytes(expected));
        cases++;
      }
    }
    expect(cases).toBe(RUNS * ENGINES.length);
  });

  it('carries the count through a single operand loop and a three-way union', () => {
    const next = rng(977);
    const shape: [number, number] = [9, 30];
    const [a, b] = operandRows('skewed', shape[0], shape[1], true, next);
    const [d] = operandRows('random', shape[0], shape[1], true, next);
    const format = csr(WIDTHS[0]);
    const A = tensorOf(a, shape, format, 'f64');
    const B = tensorOf(b, shape, format, 'f64');
    const D = tensorOf(d, shape, format, 'f64');
    const scaled = tensorOf(
      a.map((row) => row.map(([j, v]): [number, number] => [j, v * 2])),
      shape,
      format,
      'f64',
    );
    // `A + B + D` sums as `(A + B) + D`, each case without its absent operands.
    const abd = tensorOf(mergeRows(mergeRows(a, b, SUM, same), d, SUM, same), shape, format, 'f64');
    const times2 = sparsify('C(i,j) = A(i,j) * 2', { A: format, C: format }, { valueType: 'f64' });
    const sum3 = sparsify(
      'C(i,j) = A(i,j) + B(i,j) + D(i,j)',
      { A: format, B: format, D: format, C: format },
      { valueType: 'f64' },
    );
    for (const engine of ENGINES) {
      const got2 = runKernel(times2, compiled(times2, engine), { A }) as SparseTensor;
      expect(storageBytes(got2), engine).toEqual(storageBytes(scaled));
      const got3 = runKernel(sum3, compiled(sum3, engine), { A, B, D }) as SparseTensor;
      expect(storageBytes(got3), engine).toEqual(storageBytes(abd));
    }
  });

  it('touches the entry count in the state memref only outside the loops', () => {
    // The loops' ops that read or write the state memref, found by walking their regions.
    const stateAccessesInLoops = (kernel: ReturnType<typeof sparsify>): number => {
      const fn = findFunction(kernel.module, kernel.functionName) as Operation;
      const at = kernel.parameters.findIndex((p) => p.kind === 'output-state');
      const state = fn.regions[0]?.blocks[0]?.arguments[at] as Value;
      let found = 0;
      const visit = (op: Operation, inLoop: boolean): void => {
        const accesses = op.name === 'memref.load' || op.name === 'memref.store';
        if (inLoop && accesses && op.operands.includes(state)) found++;
        const loop = inLoop || op.name === 'scf.for' || op.name === 'scf.while';
        for (const region of op.regions) {
          for (const block of region.blocks)
            for (const inner of block.operations) visit(inner, loop);
        }
      };
      visit(fn, false);
      return found;
    };
    const formats = { A: 'CSR', B: 'CSR', C: 'CSR' } as const;
    for (const { rhs, rule } of KERNELS) {
      for (const valueType of ['f64', 'i32'] as const) {
        const kernel = sparsify(`C(i,j) = ${rhs}`, formats, { valueType });
        const branching = sparsify(`C(i,j) = ${rhs}`, formats, {
          valueType,
          caseDispatch: 'branch',
        });
        // The branching form keeps the count in the state: the walk does find accesses.
        expect(stateAccessesInLoops(branching), rhs).toBeGreaterThan(0);
        // A union selects its cases and carries the count everywhere; an intersection's loop
        // branches and keeps it in the state, and the row loop adds no access of its own.
        const union = rule.onlyA !== undefined;
        expect(stateAccessesInLoops(kernel), rhs).toBe(union ? 0 : stateAccessesInLoops(branching));
      }
    }
  });

  it('gives the same storage when a call has too little room and runs again (seeded)', () => {
    // Room starts at what the previous call needed: after a call on fewer entries, the kernel
    // runs out of room part way through a row, counts on, and runs again with the room counted.
    const next = rng(8123);
    for (let run = 0; run < 12; run++) {
      const valueType = (['f64', 'f32', 'i32', 'i64'] as const)[run % 4] as ValueType;
      const pattern = PATTERNS[run % PATTERNS.length] as Pattern;
      const widths = WIDTHS[run % WIDTHS.length] as (typeof WIDTHS)[number];
      const float = valueType === 'f64' || valueType === 'f32';
      const shape: [number, number] = [2 + Math.floor(next() * 20), 2 + Math.floor(next() * 38)];
      const format = csr(widths);
      const round = valueType === 'f32' ? Math.fround : same;
      const [a, b] = operandRows(pattern, shape[0], shape[1], float, next);
      const operands = {
        A: tensorOf(a, shape, format, valueType),
        B: tensorOf(b, shape, format, valueType),
      };
      const none = tensorOf([], shape, format, valueType);
      const expected = tensorOf(mergeRows(a, b, SUM, round), shape, format, valueType);
      const formats = { A: format, B: format, C: format };
      for (const engine of ENGINES) {
        // A kernel of its own, with no room kept from other calls.
        clearKernelCache();
        const kernel = sparsify('C(i,j) = A(i,j) + B(i,j)', formats, { valueType });
        const fn = compiled(kernel, engine);
        let calls = 0;
        const counted = ((...args: unknown[]) => {
          calls++;
          return (fn as (...a: unknown[]) => unknown)(...args);
        }) as typeof fn;
        const empty = runKernel(kernel, counted, { A: none, B: none }) as SparseTensor;
        expect(empty.nnz).toBe(0);
        calls = 0;
        const got = runKernel(kernel, counted, operands) as SparseTensor;
        const label = `${pattern} ${valueType} ${JSON.stringify(widths)} ${shape} on ${engine}`;
        expect(storageBytes(got), label).toEqual(storageBytes(expected));
        expect(calls, label).toBe(expected.nnz === 0 ? 1 : 2);
      }
    }
  });

  it('gives the same storage from unfilled arrays, on a first call and a repeat (seeded)', () => {
    // Large enough that the appended arrays skip the zero fill (64 KiB and more).
    const next = rng(4242);
    const shape: [number, number] = [60, 1500];
    for (const pattern of ['random', 'skewed'] as const) {
      const [a, b] = operandRows(pattern, shape[0], shape[1], true, next);
      const format = csr(WIDTHS[0]);
      const operands = {
        A: tensorOf(a, shape, format, 'f64'),
        B: tensorOf(b, shape, format, 'f64'),
      };
      const expected = tensorOf(mergeRows(a, b, SUM, same), shape, format, 'f64');
      expect(expected.nnz * 8).toBeGreaterThan(1 << 16);
      // A kernel of its own per engine (the default dispatch spelt out for one of them, so the
      // kernel cache holds two): its first call sizes the storage from the operands (a copy of
      // the counted part is kept), the second from the first call's count.
      const formats = { A: format, B: format, C: format };
      const kernels = {
        js: sparsify('C(i,j) = A(i,j) + B(i,j)', formats, { valueType: 'f64' }),
        wasm: sparsify('C(i,j) = A(i,j) + B(i,j)', formats, {
          valueType: 'f64',
          caseDispatch: 'select',
        }),
      };
      expect(kernels.js).not.toBe(kernels.wasm);
      for (const engine of ['js', 'wasm'] as const) {
        const kernel = kernels[engine];
        const run = compiled(kernel, engine);
        for (const call of ['first', 'repeat']) {
          const got = runKernel(kernel, run, operands) as SparseTensor;
          expect(sameStorage(got, expected), `${pattern} ${engine} ${call}`).toBe(true);
        }
      }
    }
  });

  it('still hands out zero-filled storage from allocateOutputStorage', () => {
    const kernel = sparsify(
      'C(i,j) = A(i,j) + B(i,j)',
      { A: 'CSR', B: 'CSR', C: 'CSR' },
      { valueType: 'f64' },
    );
    const storage = allocateOutputStorage(kernel.plan, [100, 100], [100, 20000]);
    expect(storage.values.length).toBe(20000);
    expect((storage.values as Float64Array).every((v) => Object.is(v, 0))).toBe(true);
    expect((storage.coordinates[1] as Uint32Array).every((c) => c === 0)).toBe(true);
  });
});
