/**
 * Turns an index chain into what the WebGPU LayoutGatherProgram needs: its *kind*, the
 * structure its WGSL is generated from (and so its pipeline cache key), and its uniform values.
 *
 * What goes where follows tfjs's own programs: the code is specialised on what changes the
 * instructions (the number of steps and of digit terms in each, which terms have a bound, whether
 * digits come out by shifts or divisions and by successive remainders, how many consecutive
 * outputs one invocation writes and which digit moves between them), while every number
 * (strides, bounds, weights, increments, sizes, the pad value) is a uniform. So the chain is
 * unrolled with no loops over uniform-held terms, and a new shape of a kind already met (the
 * same layout at another size, usually) compiles nothing.
 */
import type { DataType } from '@tensorflow/tfjs-core';
import { planRuns, type RunPlan } from '../gpu/chain-runs.js';
import {
  chainStructure,
  decomposesByRemainders,
  type IndexChain,
  stridesArePowersOfTwo,
} from '../gpu/index-chain.js';
import type { UniformValue } from './residency.js';

/** Run widths tried, widest first: consecutive outputs one invocation writes. */
const RUN_WIDTHS = [4, 2] as const;

/** The structure a LayoutGatherProgram is generated from. */
export interface LayoutPassKind {
  readonly dtype: 'float32' | 'int32';
  /** Number of digit terms in each step. */
  readonly stepTerms: readonly number[];
  /** Global indices of the terms with a bound (pads): only those are checked for padding. */
  readonly bounded: readonly number[];
  /** Every stride is a power of two: digits come out by shifts (stride fields hold log2). */
  readonly shifts: boolean;
  /** Digits come out by successive remainders (else a division and a remainder each). */
  readonly remainders: boolean;
  /** Consecutive outputs per invocation (1, 2 or 4). */
  readonly width: number;
  /** Per step, the term whose digit moves between the outputs of a run (empty for width 1). */
  readonly movedTerms: readonly number[];
}

/** A chain ready for the pass. */
export interface LayoutPassCall {
  readonly kind: LayoutPassKind;
  /** Invocations' worth of work: output runs. */
  readonly runs: number;
  readonly uniforms: UniformValue[];
}

/** The pipeline cache key of a kind (everything its WGSL depends on). */
export function kindKey(kind: LayoutPassKind): string {
  return [
    kind.dtype,
    kind.stepTerms.join('.'),
    `b${kind.bounded.join('.')}`,
    kind.shifts ? 'shift' : 'div',
    kind.remainders ? 'rem' : 'mod',
    `w${kind.width}`,
    `m${kind.movedTerms.join('.')}`,
  ].join('_');
}

/** The widest run plan whose width divides the output size, or `null`. */
function widestRuns(chain: IndexChain, size: number): RunPlan | null {
  for (const width of RUN_WIDTHS) {
    if (size % width !== 0) continue;
    const plan = planRuns(chain, width);
    if (plan !== null) return plan;
  }
  return null;
}

/** `values` as vec4 uniforms, zero-padded to a whole number of vec4s (at least one). */
function vec4s(values: readonly number[]): UniformValue[] {
  const count = Math.max(1, Math.ceil(values.length / 4));
  return Array.from({ length: count }, (_, k) => ({
    type: 'int32' as const,
    data: Array.from({ length: 4 }, (_, c) => values[4 * k + c] ?? 0),
  }));
}

/**
 * The kind and uniforms of a pass writing `size` outputs of `dtype` through `chain` (which
 * must fit, see `fitsGeneratedPass`).
 */
export function layoutPassCall(
  chain: IndexChain,
  size: number,
  dtype: DataType,
  padValue: number,
): LayoutPassCall {
  const shifts = stridesArePowersOfTwo(chain);
  const remainders = decomposesByRemainders(chain);
  const runs = widestRuns(chain, size);
  const kind: LayoutPassKind = {
    dtype: dtype === 'float32' ? 'float32' : 'int32',
    ...chainStructure(chain),
    shifts,
    remainders,
    width: runs?.width ?? 1,
    movedTerms: runs?.moved.map((m) => m.term) ?? [],
  };
  const terms = chain
    .flat()
    .map((t) => [shifts ? Math.log2(t.stride) : t.stride, t.bound, t.weight, t.size]);
  return {
    kind,
    runs: size / kind.width,
    uniforms: [
      { type: 'int32', data: [size / kind.width] },
      { type: 'float32', data: [padValue] },
      { type: 'int32', data: [padValue] },
      { type: 'int32', data: [runs?.delta ?? 0] },
      ...vec4s(runs?.moved.map((m) => m.increment) ?? []),
      ...(terms.length === 0 ? vec4s([]) : terms.map((data) => ({ type: 'int32' as const, data }))),
    ],
  };
}
