/**
 * The shader passes' schedules (src/shader/pass-schedule.ts) checked without a GPU: which
 * rewrite each loop shape gets and why others keep one iteration per invocation, the launch
 * numbers, and the simulated index math of the invocations (src/shader/simulate-invocations.ts,
 * which evaluates the same index expressions the WGSL prints): over seeded random CSR patterns
 * (empty rows, one huge row, no rows) every stored entry is read by exactly one invocation and
 * every output element is stored by exactly one, and 32 consecutive invocations read and
 * write consecutive elements (few 128-byte segments), where one iteration per invocation
 * strides.
 */
import { parseModule } from '@tilekit/loop-ir';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileGlsl,
  compileWgsl,
  type SimulatedInvocation,
  simulateInvocations,
  type WgslPass,
  warpAccesses,
} from '../../src/index.js';
import { csrFunction, spmmRow, spmvRow, toDenseRow } from './support/csr-loops.js';

/** CSR SpMV rows as the sparsifier emits them (the running sum is carried). */
const SPMV = csrFunction(
  'spmv',
  '%x: memref<?xf32>, %y: memref<?xf32>, %m: index, %n: index',
  `
  %zero = arith.constant 0.000000e+00 : f32
  scf.for %i = %c0 to %m step %c1 {${spmvRow('%zero')}
  }`,
);

/** CSR SpMM (C = A B, B dense k columns): a zero fill, then rows accumulating into C. */
const SPMM = csrFunction(
  'spmm',
  '%b: memref<?x?xf32>, %c: memref<?x?xf32>, %m: index, %k: index',
  `
  %zero = arith.constant 0.000000e+00 : f32
  scf.for %i = %c0 to %m step %c1 {
    scf.for %q = %c0 to %k step %c1 {
      memref.store %zero, %c[%i, %q] : memref<?x?xf32>
    }
  }
  scf.for %i = %c0 to %m step %c1 {${spmmRow('%k')}
  }`,
);

/** SpMM whose fill stores a scalar argument (not a constant). */
const SPMM_FILLED_FROM_ARGUMENT = SPMM.replace('%k: index', '%k: index, %start: f32').replace(
  'memref.store %zero, %c[%i, %q]',
  'memref.store %start, %c[%i, %q]',
);

/** SpMM whose fill covers columns up to %m, not the grid's %k. */
const SPMM_FILL_OTHER_BOUNDS = SPMM.replace(
  'scf.for %q = %c0 to %k step %c1 {\n      memref.store',
  'scf.for %q = %c0 to %m step %c1 {\n      memref.store',
);

/** CSR to dense: each row's entries stored through their column coordinates. */
const TO_DENSE = csrFunction(
  'dense',
  '%d: memref<?x?xf32>, %m: index, %n: index',
  `
  scf.for %i = %c0 to %m step %c1 {${toDenseRow()}
  }`,
);

/** Rows whose sum is a maximum (no identity the tree could start from: not rewritten). */
const ROW_MAX = SPMV.replace(
  '%s = arith.addf %acc, %t : f32',
  '%s = arith.maximumf %acc, %t : f32',
);

/** Rows whose sum also reads the output inside the summing loop (not rewritten). */
const ROW_READS_OUTPUT = SPMV.replace(
  '%s = arith.addf %acc, %t : f32',
  '%o = memref.load %y[%i] : memref<?xf32>\n      %u = arith.addf %t, %o : f32\n      %s = arith.addf %acc, %u : f32',
);

function passesOf(text: string, name: string, segmentDistinct: number[] = []): readonly WgslPass[] {
  const program = compileWgsl(parseModule(text), name, {
    segmentDistinctArrays: new Set(segmentDistinct),
  });
  if (!program.parallel) throw new Error(program.reason);
  return program.passes;
}

/** A CSR pattern: row pointers and column coordinates. */
interface Pattern {
  readonly rows: number;
  readonly columns: number;
  readonly pos: Int32Array;
  readonly crd: Int32Array;
}

function pattern(rowLengths: readonly number[], columns: number, seed: number): Pattern {
  const pos = new Int32Array(rowLengths.length + 1);
  rowLengths.forEach((len, i) => {
    pos[i + 1] = (pos[i] as number) + len;
  });
  const crd = new Int32Array(pos[rowLengths.length] as number);
  let state = seed >>> 0;
  for (let p = 0; p < crd.length; p++) {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    crd[p] = state % columns;
  }
  return { rows: rowLengths.length, columns, pos, crd };
}

/** A pattern whose rows hold distinct, ascending columns (a unique compressed level). */
function uniquePattern(rowLengths: readonly number[], columns: number, seed: number): Pattern {
  const p = pattern(
    rowLengths.map((l) => Math.min(l, columns)),
    columns,
    seed,
  );
  for (let i = 0; i < p.rows; i++) {
    const lo = p.pos[i] as number;
    const hi = p.pos[i + 1] as number;
    const start = (p.crd[lo] ?? 0) % Math.max(1, columns - (hi - lo) + 1);
    for (let e = lo; e < hi; e++) p.crd[e] = start + (e - lo);
  }
  return p;
}

/** Simulation input of SpMV (args: pos, crd, val, x, y, m, n) on `p`. */
function spmvInput(p: Pattern) {
  const extents = [p.pos.length, p.crd.length, p.crd.length, p.columns, p.rows];
  return {
    scalar: (k: number) => (k === 5 ? p.rows : p.columns),
    extent: (arg: number) => extents[arg] ?? 0,
    data: (arg: number) => (arg === 0 ? p.pos : arg === 1 ? p.crd : undefined),
  };
}

/** Simulation input of SpMM (args: pos, crd, val, b, c, m, k) with `k` dense columns. */
function spmmInput(p: Pattern, k: number) {
  const extents = [[p.pos.length], [p.crd.length], [p.crd.length], [p.columns, k], [p.rows, k]];
  return {
    scalar: (arg: number) => (arg === 5 ? p.rows : k),
    extent: (arg: number, dim: number) => extents[arg]?.[dim] ?? 0,
    data: (arg: number) => (arg === 0 ? p.pos : arg === 1 ? p.crd : undefined),
  };
}

/** Every invocation of the pass's launch. */
function allInvocations(pass: WgslPass, input: Parameters<WgslPass['launch']>[0]): number[] {
  const launch = pass.launch(input);
  const count = (launch.schedule?.workgroups ?? 0) * 64;
  return Array.from({ length: count }, (_, n) => n);
}

/** How many times each element of `memref` was accessed (`kind`), by how many invocations. */
function accessCounts(
  sims: readonly SimulatedInvocation[],
  memref: number,
  kind: 'load' | 'store',
): { times: Map<number, number>; invocations: Map<number, Set<number>> } {
  const times = new Map<number, number>();
  const invocations = new Map<number, Set<number>>();
  for (const sim of sims)
    for (const a of sim.accesses)
      if (a.memref === memref && a.kind === kind) {
        times.set(a.index, (times.get(a.index) ?? 0) + 1);
        const who = invocations.get(a.index) ?? new Set<number>();
        who.add(sim.invocation);
        invocations.set(a.index, who);
      }
  return { times, invocations };
}

/** Random row lengths: empty rows, short and long ones, sometimes one huge row, or no rows. */
const rowLengths = fc.oneof(
  { weight: 1, arbitrary: fc.constant<number[]>([]) },
  {
    weight: 8,
    arbitrary: fc.array(
      fc.oneof(
        { weight: 3, arbitrary: fc.constant(0) },
        { weight: 10, arbitrary: fc.integer({ min: 1, max: 12 }) },
        { weight: 4, arbitrary: fc.integer({ min: 13, max: 90 }) },
        { weight: 1, arbitrary: fc.integer({ min: 400, max: 1500 }) },
      ),
      { minLength: 1, maxLength: 160 },
    ),
  },
);

describe('pass schedules', () => {
  it('sums CSR rows in groups of invocations and gives SpMM a (row, column) grid', () => {
    expect(passesOf(SPMV, 'spmv').map((p) => p.plan.schedule.kind)).toEqual(['row-group']);
    // SpMM's zero fill is absorbed: one pass, whose element of C starts from the fill's zero in
    // a register and is written once, never read.
    const passes = passesOf(SPMM, 'spmm');
    expect(passes.map((p) => p.plan.schedule.kind)).toEqual(['column-grid']);
    const [rows] = passes;
    expect(rows?.code).toMatch(/var tkOwn = f32\(0e\+0\);/);
    expect(rows?.code).not.toMatch(/= result\[/);
    // Where the fill's value is not a constant, or its bounds are not the grid's, both passes
    // stay, the grid reading the element the fill wrote.
    for (const variant of [SPMM_FILLED_FROM_ARGUMENT, SPMM_FILL_OTHER_BOUNDS]) {
      const [fill, grid] = passesOf(variant, 'spmm');
      expect([fill?.plan.schedule.kind, grid?.plan.schedule.kind]).toEqual([
        'column-grid',
        'column-grid',
      ]);
      expect(grid?.code).toMatch(/var tkOwn = result\[tkOwnAt\];/);
      expect(fill?.code).not.toMatch(/tkOwn/);
    }
    // The glsl engine's fragment passes have no register to start from: its fill stays.
    const glsl = compileGlsl(parseModule(SPMM), 'spmm');
    expect(glsl.parallel && glsl.passes.length).toBe(2);
  });

  it('keeps one iteration per invocation where a guard fails', () => {
    // A maximum, and a sum that reads the output inside the loop.
    expect(passesOf(ROW_MAX, 'spmv').map((p) => p.plan.schedule.kind)).toEqual(['per-iteration']);
    expect(passesOf(ROW_READS_OUTPUT, 'spmv').map((p) => p.plan.schedule.kind)).toEqual([
      'per-iteration',
    ]);
    expect(passesOf(ROW_MAX, 'spmv')[0]?.code).not.toMatch(/workgroupBarrier/);
  });

  it('sizes the group from the average row length, sizes never in the code', () => {
    const [rows] = passesOf(SPMV, 'spmv');
    if (rows === undefined) throw new Error('no pass');
    const launch = (m: number, nnz: number) =>
      rows.launch({
        scalar: (k) => (k === 5 ? m : 4096),
        extent: (arg) => (arg === 0 ? m + 1 : arg === 1 || arg === 2 ? nnz : 4096),
      });
    // 4096 rows of about 41 entries: 8 lanes a row (see rowGroupSize), 8 rows a workgroup.
    expect(launch(4096, 167_772).schedule).toMatchObject({ group: 8, workgroups: 512 });
    // 1,048,576 rows of 8: 2 lanes a row, 32 rows a workgroup, in one round.
    expect(launch(1_048_576, 8_388_608).schedule).toMatchObject({
      group: 2,
      workgroups: 32_768,
      rounds: 1,
    });
    // 4,194,304 rows of 1: one lane a row, workgroups capped, the rest in rounds.
    expect(launch(4_194_304, 4_194_304).schedule).toMatchObject({
      group: 1,
      workgroups: 65_535,
      rounds: 2,
    });
    // Rows of 128: 16 lanes; rows of 1: one lane.
    expect(launch(100, 12_800).schedule).toMatchObject({ group: 16, workgroups: 25 });
    expect(launch(640, 640).schedule).toMatchObject({ group: 1, workgroups: 10 });
    // The launch's uniform values follow the pass's uniform list.
    const values = launch(4096, 167_772).uniforms;
    expect(rows.uniforms.map((u) => u.name)).toEqual(['a5', 'tkGroup', 'tkRounds']);
    expect(values).toEqual([4096, 8, 1]);
    expect(rows.code).not.toMatch(/4096|167772/);
  });

  it('spmv rows: each entry read by one invocation, each row stored once (random patterns)', () => {
    const [rows] = passesOf(SPMV, 'spmv');
    if (rows === undefined) throw new Error('no pass');
    fc.assert(
      fc.property(rowLengths, fc.integer({ min: 1, max: 64 }), fc.nat(), (lengths, n, seed) => {
        const p = pattern(lengths, n, seed);
        const input = spmvInput(p);
        const sims = simulateInvocations(rows, input, allInvocations(rows, input));
        const values = accessCounts(sims, 2, 'load');
        const group = rows.launch(input).schedule?.group ?? 0;
        // Every stored entry is read exactly once: the lanes' strided shares partition the row.
        expect([...values.times.keys()].sort((a, b) => a - b)).toEqual(
          Array.from({ length: p.crd.length }, (_, e) => e),
        );
        expect([...values.times.values()].every((t) => t === 1)).toBe(true);
        // Each row is stored exactly once, by one invocation, and summed by at most `group`.
        const stores = accessCounts(sims, 4, 'store');
        expect([...stores.times.keys()].sort((a, b) => a - b)).toEqual(
          Array.from({ length: p.rows }, (_, i) => i),
        );
        expect([...stores.invocations.values()].every((who) => who.size === 1)).toBe(true);
        for (let i = 0; i < p.rows; i++) {
          const readers = new Set<number>();
          for (let e = p.pos[i] as number; e < (p.pos[i + 1] as number); e++)
            for (const who of values.invocations.get(e) ?? []) readers.add(who);
          expect(readers.size).toBe(
            Math.min(group, (p.pos[i + 1] as number) - (p.pos[i] as number)),
          );
        }
      }),
      { seed: 33, numRuns: 40 },
    );
  });

  it('spmm rows: each (entry, column) read by one invocation, each C element stored by one', () => {
    const [rows] = passesOf(SPMM, 'spmm');
    if (rows === undefined) throw new Error('no pass');
    fc.assert(
      fc.property(
        rowLengths,
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 70 }),
        fc.nat(),
        (lengths, n, k, seed) => {
          const p = pattern(
            lengths.map((l) => Math.min(l, 200)),
            n,
            seed,
          );
          const input = spmmInput(p, k);
          const sims = simulateInvocations(rows, input, allInvocations(rows, input));
          const stores = accessCounts(sims, 4, 'store');
          // Each element of C is held in a register for its row and written once, by one
          // invocation.
          expect([...stores.times.keys()].sort((a, b) => a - b)).toEqual(
            Array.from({ length: p.rows * k }, (_, e) => e),
          );
          expect([...stores.times.values()].every((t) => t === 1)).toBe(true);
          expect([...stores.invocations.values()].every((who) => who.size === 1)).toBe(true);
          const b = accessCounts(sims, 3, 'load');
          const total = [...b.times.values()].reduce((x, y) => x + y, 0);
          expect(total).toBe(p.crd.length * k);
          // The absorbed fill's zero starts every element: C is never read.
          expect(accessCounts(sims, 4, 'load').times.size).toBe(0);
        },
      ),
      { seed: 34, numRuns: 30 },
    );
  });

  it('to-dense rows: lanes share a row only where its coordinates are distinct', () => {
    expect(passesOf(TO_DENSE, 'dense').map((p) => p.plan.schedule.kind)).toEqual(['per-iteration']);
    const [rows] = passesOf(TO_DENSE, 'dense', [1]);
    if (rows === undefined) throw new Error('no pass');
    const schedule = rows.plan.schedule;
    expect(schedule.kind === 'row-group' && schedule.combine === undefined).toBe(true);
    expect(rows.code).not.toMatch(/workgroupBarrier|tkPartial/);
    fc.assert(
      fc.property(rowLengths, fc.integer({ min: 1, max: 300 }), fc.nat(), (lengths, n, seed) => {
        const p = uniquePattern(lengths, n, seed);
        const input = {
          scalar: (k: number) => (k === 4 ? p.rows : n),
          extent: (arg: number, dim: number) =>
            [[p.pos.length], [p.crd.length], [p.crd.length], [p.rows, n]][arg]?.[dim] ?? 0,
          data: (arg: number) => (arg === 0 ? p.pos : arg === 1 ? p.crd : undefined),
        };
        const sims = simulateInvocations(rows, input, allInvocations(rows, input));
        // Every entry is read once and stored once, at its own element, by one invocation.
        const values = accessCounts(sims, 2, 'load');
        expect(values.times.size).toBe(p.crd.length);
        expect([...values.times.values()].every((t) => t === 1)).toBe(true);
        const stores = accessCounts(sims, 3, 'store');
        const expected = new Set<number>();
        for (let i = 0; i < p.rows; i++)
          for (let e = p.pos[i] as number; e < (p.pos[i + 1] as number); e++)
            expected.add(i * n + (p.crd[e] as number));
        expect(new Set(stores.times.keys())).toEqual(expected);
        expect([...stores.invocations.values()].every((who) => who.size === 1)).toBe(true);
      }),
      { seed: 35, numRuns: 40 },
    );
  });

  /**
   * Segments touched vs the fewest possible, for every access of a warp whose indices are not
   * loaded data (in a column grid for every access: its invocations share the row's entries).
   */
  function stridedAccesses(pass: WgslPass, sims: readonly SimulatedInvocation[]): string[] {
    const all = pass.plan.schedule.kind === 'column-grid';
    return warpAccesses(pass, sims)
      .filter(
        (w) => (all || !w.dataDependent) && w.segments > Math.ceil(w.elements.length / 32) + 1,
      )
      .map((w) => `${w.kind} of argument ${w.memref} #${w.occurrence}: ${w.segments} segments`);
  }

  it("32 consecutive invocations read each row's share as one run, where one row each would stride", () => {
    const [rows] = passesOf(SPMV, 'spmv');
    if (rows === undefined) throw new Error('no pass');
    const p = pattern(
      Array.from({ length: 512 }, (_, i) => 30 + ((i * 7) % 23)),
      4096,
      5,
    );
    const input = spmvInput(p);
    const group = rows.launch(input).schedule?.group ?? 0;
    expect(group).toBe(8);
    // A warp runs 32 / group rows; each row's lanes read `group` consecutive entries a step, a
    // run that spans at most two 128-byte segments.
    const rowsPerWarp = 32 / group;
    const segmentsOfEntryLoads = (pass: WgslPass, warp: number[]) =>
      warpAccesses(pass, simulateInvocations(pass, input, warp))
        // The loads of the entries' coordinates and values (arguments 1 and 2).
        .filter((w) => w.kind === 'load' && (w.memref === 1 || w.memref === 2))
        .map((w) => w.segments);
    for (const first of [0, 64 * 10, 64 * 63]) {
      const warp = Array.from({ length: 32 }, (_, l) => first + l);
      const segments = segmentsOfEntryLoads(rows, warp);
      expect(segments.length).toBeGreaterThan(0);
      for (const count of segments) expect(count).toBeLessThanOrEqual(2 * rowsPerWarp);
    }
    // The same warp under one row per invocation: the entries' loads stride by the row length,
    // one segment or more per lane.
    const plain = { ...rows, plan: { ...rows.plan, schedule: { kind: 'per-iteration' as const } } };
    const strided = segmentsOfEntryLoads(
      plain,
      Array.from({ length: 32 }, (_, l) => l),
    );
    expect(Math.max(...strided)).toBeGreaterThan(2 * rowsPerWarp);
  });

  it('SpMM and its fill coalesce over the dense columns', () => {
    const p = pattern(
      Array.from({ length: 64 }, (_, i) => (i * 5) % 40),
      4096,
      9,
    );
    const input = spmmInput(p, 64);
    for (const pass of passesOf(SPMM, 'spmm')) {
      const sims = simulateInvocations(
        pass,
        input,
        Array.from({ length: 32 }, (_, l) => 96 + l),
      );
      expect(sims.some((s) => s.accesses.length > 0)).toBe(true);
      expect(stridedAccesses(pass, sims)).toEqual([]);
    }
  });
});
