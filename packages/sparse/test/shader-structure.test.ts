/**
 * The structure of every WebGPU pass the sparse kernels generate (spmv, spmm, sddmm,
 * sparseToDense, sparseDot and the derivative kernels of spmv's and spmm's operands), checked
 * without a GPU: each kernel is emitted as the tfjs ops emit it, compiled by the wgsl engine,
 * and its invocations simulated from the pass's own plan (the index math the shader prints):
 * where a pass is rewritten (row groups, the column grid), 32 consecutive invocations load A's
 * entries (and, in a column grid, B's rows) and store their outputs in runs (one per row a
 * warp's row groups cover; gathers and scatters through A's coordinates aside); every output element is stored by one invocation; and each pass keeps
 * the schedule recorded here, so a change in what is rewritten shows.
 */
import {
  compileWgsl,
  type SimulationInput,
  simulateInvocations,
  type WgslPass,
  warpAccesses,
} from '@tilekit/loop-engines';
import { describe, expect, it } from 'vitest';
import type { FormatSpec } from '../src/sparse-tensor/index.js';
import { sparsify } from '../src/sparsify/index.js';
import { accessesOf, parseNotation } from '../src/sparsify/planning/notation.js';
import { derivativeKernel } from '../src/tfjs/gradients/derivative.js';
import {
  FIXED_EXPRESSIONS,
  SparseDot,
  SparseSddmm,
  SparseSpmm,
  SparseSpmv,
} from '../src/tfjs/kernel-names.js';
import { segmentDistinctCoordinateArrays } from '../src/tfjs/shader-programs.js';

/** A format spelled out: levels and optional dimension order. */
type Format = Extract<FormatSpec, { levels: unknown }>;

const CSR: Format = { levels: ['dense', 'compressed'], posWidth: 32, crdWidth: 32 };
/** Column-major compressed: the output-major form of a gradient that sums over A's rows. */
const CSC: Format = { ...CSR, order: [1, 0] };
const SPARSE_VECTOR: Format = { levels: ['compressed'], posWidth: 32, crdWidth: 32 };

const SPMV = FIXED_EXPRESSIONS[SparseSpmv] as string;
const SPMM = FIXED_EXPRESSIONS[SparseSpmm] as string;
const SDDMM = FIXED_EXPRESSIONS[SparseSddmm] as string;

/** A derivative kernel's expression (the tfjs gradients run these). */
function derivative(expression: string, tensor: string, sample?: string): string {
  const { expr } = derivativeKernel(expression, tensor, sample);
  if (expr === undefined) throw new Error(`no derivative of ${expression} by ${tensor}`);
  return expr;
}

/** A kernel as the tfjs ops emit it, with the schedule each of its passes is expected to get. */
interface KernelCase {
  readonly name: string;
  readonly expression: string;
  readonly formats: Readonly<Record<string, Format>>;
  readonly schedules: readonly string[];
}

const KERNELS: readonly KernelCase[] = [
  { name: 'spmv', expression: SPMV, formats: { A: CSR }, schedules: ['row-group'] },
  {
    name: 'spmm',
    expression: SPMM,
    formats: { A: CSR },
    // The zero fill is absorbed into the grid (loop-engines' absorbed-fill.ts).
    schedules: ['column-grid'],
  },
  // The emitted loops run a row's entries inside the loop over k, storing through S's
  // coordinates (distinct within the row): the row's lanes share its entries.
  {
    name: 'sddmm',
    expression: SDDMM,
    formats: { S: CSR },
    schedules: ['column-grid', 'row-group'],
  },
  {
    name: 'sparseToDense',
    expression: 'D(i,j) = A(i,j)',
    formats: { A: CSR },
    schedules: ['column-grid', 'row-group'],
  },
  {
    name: 'spmv gradient of x (output-major)',
    expression: derivative(SPMV, 'x'),
    formats: { A: CSC },
    schedules: ['row-group'],
  },
  {
    name: 'spmv gradient of A (sampled at A)',
    expression: derivative(SPMV, 'A', 'P'),
    formats: { P: CSR },
    schedules: ['column-grid', 'row-group'],
  },
  {
    name: 'spmm gradient of B (output-major)',
    expression: derivative(SPMM, 'B'),
    formats: { A: CSC },
    // The zero fill is absorbed into the grid (loop-engines' absorbed-fill.ts).
    schedules: ['column-grid'],
  },
  {
    name: 'spmm gradient of A (sampled at A)',
    expression: derivative(SPMM, 'A', 'P'),
    formats: { P: CSR },
    schedules: ['column-grid', 'row-group'],
  },
];

/** Extent of every index variable in the simulations. */
const EXTENTS: Readonly<Record<string, number>> = { i: 384, j: 4096, k: 64 };
/** Stored entries per row (or column) of a sparse matrix: about 1 % of 4096, varied. */
const rowLength = (r: number) => 30 + ((r * 37) % 23);

/** Sorted distinct coordinates below `extent` for row `r`. */
function rowCoordinates(r: number, length: number, extent: number): number[] {
  const picked = new Set<number>();
  let state = (r + 1) * 2_654_435_761;
  while (picked.size < Math.min(length, extent)) {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    picked.add(state % extent);
  }
  return [...picked].sort((a, b) => a - b);
}

/** The kernel's passes and a simulation input over CSR-like storage of its sparse operand. */
function compileCase(c: KernelCase, extents: Readonly<Record<string, number>>) {
  const kernel = sparsify(c.expression, c.formats, { valueType: 'f32' });
  const program = compileWgsl(kernel.module, kernel.functionName, {
    segmentDistinctArrays: segmentDistinctCoordinateArrays(kernel.parameters, c.formats),
  });
  if (!program.parallel) throw new Error(`${c.name}: ${program.reason}`);
  const notation = parseNotation(c.expression);
  const indicesOf = new Map<string, readonly string[]>();
  for (const a of [notation.output, ...accessesOf(notation.rhs)])
    indicesOf.set(a.tensor, a.indices);
  const data = new Map<number, Int32Array>();
  const shapes = new Map<number, number[]>();
  const scalars = new Map<number, number>();
  kernel.parameters.forEach((p, arg) => {
    if (p.kind === 'size') {
      scalars.set(arg, extents[p.index] ?? 1);
      return;
    }
    if (!('tensor' in p)) return;
    const indices = indicesOf.get(p.tensor) ?? [];
    const format = c.formats[p.tensor];
    if (format === undefined) {
      shapes.set(
        arg,
        indices.map((x) => extents[x] ?? 1),
      );
      return;
    }
    // Storage of a sparse operand: outer level dense (or compressed for a vector).
    const order: readonly number[] = format.order ?? indices.map((_, d) => d);
    const ordered = order.map((d) => extents[indices[d] as string] ?? 1);
    const outer = indices.length === 1 ? 1 : (ordered[0] as number);
    const inner = ordered.at(-1) as number;
    const pos = [0];
    const crd: number[] = [];
    for (let r = 0; r < outer; r++) {
      crd.push(...rowCoordinates(r, rowLength(r), inner));
      pos.push(crd.length);
    }
    if (p.kind === 'positions') data.set(arg, Int32Array.from(pos));
    if (p.kind === 'coordinates') data.set(arg, Int32Array.from(crd));
    const length = p.kind === 'positions' ? pos.length : crd.length;
    shapes.set(arg, [length]);
  });
  const input: SimulationInput = {
    scalar: (arg) => scalars.get(arg) ?? 0,
    extent: (arg, dim) => shapes.get(arg)?.[dim] ?? 0,
    data: (arg) => data.get(arg),
  };
  return { passes: program.passes, input };
}

/**
 * Accesses of a warp that touch more 32-element segments than runs would: one run for the
 * warp's consecutive elements, or in a row group one run per row the warp covers (its `group`
 * lanes read `group` consecutive entries a step; a run spans at most two segments).
 */
function stridedAccesses(pass: WgslPass, input: SimulationInput, first: number): string[] {
  const warp = Array.from({ length: 32 }, (_, l) => first + l);
  const sims = simulateInvocations(pass, input, warp);
  // A column grid's invocations share the row's entries, so even B's rows, chosen by A's
  // coordinates, are read in runs; elsewhere accesses through coordinates depend on the data.
  const all = pass.plan.schedule.kind === 'column-grid';
  const group =
    pass.plan.schedule.kind === 'row-group' ? (pass.launch(input).schedule?.group ?? 32) : 32;
  const runs = Math.max(1, 32 / group);
  return warpAccesses(pass, sims)
    .filter(
      (w) =>
        (all || !w.dataDependent) &&
        w.segments > Math.max(Math.ceil(w.elements.length / 32) + 1, 2 * runs),
    )
    .map((w) => `${w.kind} of argument ${w.memref} #${w.occurrence}: ${w.segments} segments`);
}

describe('generated sparse WebGPU passes', () => {
  for (const c of KERNELS) {
    describe(c.name, () => {
      const { passes, input } = compileCase(c, EXTENTS);

      it('gets the recorded schedule for each pass', () => {
        expect(passes.map((p) => p.plan.schedule.kind)).toEqual(c.schedules);
      });

      it('rewritten passes: 32 consecutive invocations access elements in runs', () => {
        for (const pass of passes) {
          if (pass.plan.schedule.kind === 'per-iteration') continue;
          const launched = (pass.launch(input).schedule?.workgroups ?? 0) * 64;
          // The first warp, one in the middle and the last whole one of the launch.
          for (const first of [0, 32 * Math.floor(launched / 64), Math.max(0, launched - 32)])
            expect(stridedAccesses(pass, input, first), `${c.name} from ${first}`).toEqual([]);
        }
      });

      it('every output element is stored by exactly one invocation', () => {
        const small = compileCase(c, { i: 40, j: 96, k: 8 });
        for (const pass of small.passes) {
          const launch = pass.launch(small.input);
          const count = (launch.schedule?.workgroups ?? 0) * 64;
          const sims = simulateInvocations(
            pass,
            small.input,
            Array.from({ length: count }, (_, n) => n),
          );
          const writers = new Map<number, Set<number>>();
          for (const sim of sims)
            for (const a of sim.accesses)
              if (a.kind === 'store' && a.memref === pass.output)
                writers.set(a.index, (writers.get(a.index) ?? new Set()).add(sim.invocation));
          expect(writers.size).toBeGreaterThan(0);
          expect([...writers.values()].filter((who) => who.size !== 1)).toEqual([]);
        }
      });
    });
  }

  it('the wgsl engine finds no parallel loop in a sparse dot product (a reduction to a scalar)', () => {
    const kernel = sparsify(
      FIXED_EXPRESSIONS[SparseDot] as string,
      { a: SPARSE_VECTOR },
      {
        valueType: 'f32',
      },
    );
    const program = compileWgsl(kernel.module, kernel.functionName);
    expect(program).toMatchObject({ parallel: false });
  });
});
