/**
 * Turns an index chain into what LayoutGatherProgram needs: its *kind* (the structure the
 * shader is generated from) and its uniform values (strides, bounds, weights, pair data).
 * Sizes never reach the shader source, so every shape and layout of one structure shares a
 * compiled program; the structure is the number of digit terms per step, which terms have a
 * bound (pads), which digit carries the output pair (see ../gpu/chain_runs.ts), how the source
 * texture is read (see `SourceAccess`), and whether all strides are powers of two (shifts
 * replace divisions, which software rasterisers run one lane at a time).
 */

import { planRuns } from '../gpu/chain_runs.js';
import type { ChainStep, IndexChain } from '../gpu/index_chain.js';
import {
  decomposesByRemainders,
  stridesArePowersOfTwo,
  termCount,
  UNBOUNDED,
} from '../gpu/index_chain.js';

/** Most steps and terms a generated shader may have; longer chains run on the CPU. */
export const MAX_CHAIN_STEPS = 8;
export const MAX_CHAIN_TERMS = 48;

/**
 * How the pass reads its source: `texel`, an unpacked texture addressed by (row, column)
 * straight from the last step (no division); `flat`, an unpacked texture by flat index;
 * `packed`, a packed 1-D texture (two values per texel, as the layout pass itself writes).
 */
export type SourceAccess = 'texel' | 'flat' | 'packed';

/** The source texture as the pass sees it. */
export interface SourceTexture {
  readonly packed: boolean;
  /** Texels per row (0 when rows cannot be addressed directly, e.g. a slice view). */
  readonly columns: number;
}

/** The structure a LayoutGatherProgram is generated from. */
export interface ChainKind {
  /** Number of digit terms in each step. */
  readonly stepTerms: readonly number[];
  /** Per step, the term whose digit moves from output p to p + 1; `null`: no pairs. */
  readonly movedTerms: readonly number[] | null;
  readonly source: SourceAccess;
  /** Every stride is a power of two: digits come out by shifts (stride fields hold log2). */
  readonly shifts: boolean;
  /** Global indices of the terms with a bound (pads); only those are checked for padding. */
  readonly bounded: readonly number[];
}

/** A chain ready for the shader. */
export interface ShaderChain {
  readonly kind: ChainKind;
  /** (stride, bound, weight, column weight) per term, steps one after another. */
  readonly terms: readonly number[];
  /** Per step, how far the moved digit moves (zeros without pairs). */
  readonly increments: readonly number[];
  /** Source of output p + 1 minus source of output p: (flat, 0) or (rows, columns). */
  readonly delta: readonly [number, number];
}

/**
 * Row and column weights of the last step's terms in a source texture `columns` texels wide,
 * when every term lands whole in one of them (a multiple of the row length, or column offsets
 * that together stay inside a row); else `null`.
 */
function texelWeights(last: ChainStep, columns: number): [number, number][] | null {
  let columnReach = 0;
  const weights = last.map((t): [number, number] => {
    if (t.weight % columns === 0) return [t.weight / columns, 0];
    columnReach += t.weight * (t.size - 1);
    return [0, t.weight];
  });
  return columnReach < columns ? weights : null;
}

/** The shader form of `chain` reading `source`, or `null` when the shader cannot run it. */
export function shaderChain(chain: IndexChain, source: SourceTexture): ShaderChain | null {
  if (chain.length > MAX_CHAIN_STEPS || termCount(chain) > MAX_CHAIN_TERMS) return null;
  if (!decomposesByRemainders(chain)) return null;
  const last = chain.at(-1);
  const texel =
    last !== undefined && !source.packed && source.columns > 0
      ? texelWeights(last, source.columns)
      : null;
  const pairs = chain.length === 0 ? null : planRuns(chain, 2);
  const shifts = stridesArePowersOfTwo(chain);
  const terms: number[] = [];
  chain.forEach((step, s) => {
    step.forEach((t, k) => {
      const [weight, columnWeight] =
        s === chain.length - 1 && texel !== null ? texel[k]! : [t.weight, 0];
      terms.push(shifts ? Math.log2(t.stride) : t.stride, t.bound, weight, columnWeight);
    });
  });
  let delta: [number, number] = [pairs?.delta ?? 0, 0];
  if (pairs !== null && texel !== null) {
    const moved = pairs.moved.at(-1)!;
    const [rows, columns] = texel[moved.term]!;
    delta = [moved.increment * rows, moved.increment * columns];
  }
  return {
    kind: {
      stepTerms: chain.map((step) => step.length),
      movedTerms: pairs?.moved.map((m) => m.term) ?? null,
      source: texel !== null ? 'texel' : source.packed ? 'packed' : 'flat',
      shifts,
      bounded: chain.flat().flatMap((t, g) => (t.bound === UNBOUNDED ? [] : [g])),
    },
    terms,
    increments: pairs?.moved.map((m) => m.increment) ?? chain.map(() => 0),
    delta,
  };
}
