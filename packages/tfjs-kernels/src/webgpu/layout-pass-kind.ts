/**
 * Turns an index chain into what the WebGPU LayoutGatherProgram needs: its *kind*, the
 * structure its WGSL is generated from (and so its pipeline cache key), and its uniform values.
 *
 * What goes where follows tfjs's own programs: the code is specialised on what changes the
 * instructions (the number of steps and of digit terms in each, which terms have a bound, whether
 * digits come out by shifts or divisions and by successive remainders, how many consecutive
 * outputs one invocation writes and which digit moves between them, whether a run is read as
 * one vector, and the shape of a staged block), while every number (strides, bounds, weights,
 * increments, sizes, block counts, the pad value) is a uniform. So the chain is
 * unrolled with no loops over uniform-held terms, and a new shape of a kind already met (the
 * same layout at another size, usually) compiles nothing.
 */
import type { DataType } from '@tensorflow/tfjs-core';
import type { UniformValue } from '@tilekit/tfjs-backend-support/webgpu-passes';
import {
  webgpuDispatchWorkgroups as dispatchWorkgroups,
  WEBGPU_WORKGROUP_SIZE as WORKGROUP_SIZE,
} from '@tilekit/tfjs-backend-support/webgpu-passes';
import { planRuns, type RunPlan, unitSourceStride } from '../gpu/chain-runs.js';
import {
  chainStructure,
  decomposesByRemainders,
  type IndexChain,
  stridesArePowersOfTwo,
  UNBOUNDED,
} from '../gpu/index-chain.js';

/** Run widths tried, widest first: consecutive outputs one invocation writes. */
const RUN_WIDTHS = [4, 2] as const;

/**
 * Staged block shapes tried, largest first: up to 1,024 elements, each side at least 8 (a
 * 32-byte sector of 4-byte values), so even the smallest block moves whole sectors both ways.
 */
const STAGED_TILES: readonly { across: number; down: number }[] = [128, 64, 32, 16, 8]
  .flatMap((across) => [32, 16, 8].map((down) => ({ across, down })))
  .filter(({ across, down }) => across * down <= 1024)
  .sort((x, y) => y.across * y.down - x.across * x.down || y.down - x.down);

/**
 * A staged pass: the output in blocks of `across` consecutive outputs by `down` rows `stride`
 * apart, whose sources are `delta` apart across and contiguous down. A workgroup loads a block
 * from the source down its contiguous runs into workgroup memory, then stores it across (a
 * shared-memory transpose), so both sides move whole runs where the outputs' own runs are short.
 */
export interface StagedTile {
  readonly across: number;
  readonly down: number;
  /**
   * Per step, the term whose digit moves down the block (the kind's `movedTerms` move across
   * it): where it has a bound, outputs past it are padding.
   */
  readonly downTerms: readonly number[];
}

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
  /**
   * Every run of four outputs copies one aligned vec4 of the source (delta 1, aligned run
   * starts, a source of whole vec4s): the source is bound as vec4s and read once per run, so
   * consecutive invocations read consecutive 16-byte vectors, as they write them.
   */
  readonly vectorLoads: boolean;
  /** The staged tile, for chains whose consecutive outputs read far-apart sources. */
  readonly staged: StagedTile | null;
}

/** A chain ready for the pass. */
export interface LayoutPassCall {
  readonly kind: LayoutPassKind;
  /** Invocations the pass dispatches: one per output run, or a workgroup per staged block. */
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
    kind.vectorLoads ? 'v4' : 's',
    kind.staged === null
      ? 'direct'
      : `t${kind.staged.across}x${kind.staged.down}_d${kind.staged.downTerms.join('.')}`,
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

/** Whether runs of `plan` are aligned vec4 copies of a source of `sourceSize` elements. */
function copiesVectors(plan: RunPlan | null, sourceSize: number): boolean {
  return (
    plan !== null && plan.width === 4 && plan.delta === 1 && plan.aligned && sourceSize % 4 === 0
  );
}

/** A staged plan of `chain` over `size` outputs: its tile, runs across and down, row stride. */
interface StagedPlan {
  readonly tile: StagedTile;
  readonly across: RunPlan;
  readonly down: RunPlan;
  readonly stride: number;
}

/**
 * Whether an output of a block is padding exactly when its digit moving across or the one
 * moving down crosses its bound: the two never share a bounded digit.
 */
function paddingSeparates(chain: IndexChain, across: RunPlan, down: RunPlan): boolean {
  return chain.every((step, s) => {
    const term = across.moved[s]!.term;
    return term !== down.moved[s]!.term || step[term]!.bound === UNBOUNDED;
  });
}

/**
 * The staged plan of `chain`, or `null` where consecutive outputs already read contiguous
 * sources or no block shape relates linearly (sources `delta` apart across, contiguous down).
 */
function stagedPlan(chain: IndexChain, size: number): StagedPlan | null {
  const stride = unitSourceStride(chain);
  if (stride === null || stride === 1) return null;
  for (const { across, down } of STAGED_TILES) {
    if (stride % across !== 0 || size % (stride * down) !== 0) continue;
    const acrossRuns = planRuns(chain, across);
    const downRuns = planRuns(chain, down, stride);
    if (
      acrossRuns !== null &&
      downRuns?.delta === 1 &&
      paddingSeparates(chain, acrossRuns, downRuns)
    ) {
      const downTerms = downRuns.moved.map((m) => m.term);
      return { tile: { across, down, downTerms }, across: acrossRuns, down: downRuns, stride };
    }
  }
  return null;
}

/**
 * The kind and uniforms of a pass writing `size` outputs of `dtype` through `chain` (which
 * must fit, see `fitsGeneratedPass`) from a source of `sourceSize` elements; the pad value
 * uniforms hold 0 until {@link withPadValue} sets them.
 */
export function layoutPassCall(
  chain: IndexChain,
  size: number,
  dtype: DataType,
  sourceSize: number,
): LayoutPassCall {
  const direct = widestRuns(chain, size);
  const shifts = stridesArePowersOfTwo(chain);
  const remainders = decomposesByRemainders(chain);
  // Stage only where the direct pass's runs would read strided sources.
  const staged = direct?.delta === 1 ? null : stagedPlan(chain, size);
  // The runs whose moved digits the pass tracks: across a staged block, or the direct ones.
  const runs = staged === null ? direct : staged.across;
  const kind: LayoutPassKind = {
    dtype: dtype === 'float32' ? 'float32' : 'int32',
    ...chainStructure(chain),
    shifts,
    remainders,
    width: staged === null ? (runs?.width ?? 1) : 1,
    movedTerms: runs?.moved.map((m) => m.term) ?? [],
    vectorLoads: staged === null && copiesVectors(runs, sourceSize),
    staged: staged?.tile ?? null,
  };
  // A staged pass loops over blocks, one workgroup each per round; a direct one over runs.
  const blocks = staged === null ? 0 : size / (staged.tile.across * staged.tile.down);
  const workgroups = dispatchWorkgroups(blocks * WORKGROUP_SIZE);
  const terms = chain
    .flat()
    .map((t) => [shifts ? Math.log2(t.stride) : t.stride, t.bound, t.weight, t.size]);
  return {
    kind,
    runs: staged === null ? size / kind.width : blocks * WORKGROUP_SIZE,
    uniforms: [
      { type: 'int32', data: [staged === null ? size / kind.width : blocks] },
      { type: 'float32', data: [0] },
      { type: 'int32', data: [0] },
      { type: 'int32', data: [runs?.delta ?? 0] },
      // Staged: output row stride, blocks per row band, rounds, workgroups.
      {
        type: 'int32',
        data:
          staged === null
            ? [0, 0, 0, 0]
            : [
                staged.stride,
                staged.stride / staged.tile.across,
                Math.ceil(blocks / workgroups),
                workgroups,
              ],
      },
      ...vec4s(runs?.moved.map((m) => m.increment) ?? []),
      ...vec4s(staged?.down.moved.map((m) => m.increment) ?? []),
      ...(terms.length === 0 ? vec4s([]) : terms.map((data) => ({ type: 'int32' as const, data }))),
    ],
  };
}

/** The uniforms of `call` with `padValue` (as float32 and int32) in place of its own. */
export function withPadValue(call: LayoutPassCall, padValue: number): UniformValue[] {
  const uniforms = [...call.uniforms];
  uniforms[1] = { type: 'float32', data: [padValue] };
  uniforms[2] = { type: 'int32', data: [padValue] };
  return uniforms;
}
