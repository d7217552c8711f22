/**
 * Turns an index chain into what LayoutGatherProgram needs: its *kind* (the structure the
 * shader is generated from) and its uniform values (strides, bounds, weights, pair data).
 * Sizes never reach the shader source, so every shape and layout of one structure shares a
 * compiled program; the structure is the number of digit terms per step, which terms have a
 * bound (pads), which digit carries the output pair (see ../gpu/chain-runs.ts), how the source
 * texture is read (see `SourceAccess`), and whether all strides are powers of two (shifts
 * replace divisions, which software rasterisers run one lane at a time).
 */

import { planRuns } from '../gpu/chain-runs.js';
import type { ChainStep, IndexChain } from '../gpu/index-chain.js';
import {
  chainStructure,
  decomposesByRemainders,
  fitsGeneratedPass,
  stridesArePowersOfTwo,
} from '../gpu/index-chain.js';

/**
 * How the pass reads its source: `texel`, an unpacked texture addressed by (row, column)
 * straight from the last step (no division); `flat`, an unpacked texture by flat index;
 * `packed`, a packed 1-D texture (two consecutive values per texel); `quads`, a packed texture
 * whose texels hold four consecutive values (as the layout pass writes when it can, see
 * `outputWidth`).
 */
export type SourceAccess = 'texel' | 'flat' | 'packed' | 'quads';

/**
 * Consecutive values per texel of a source texture: 1 unpacked, 2 a packed 1-D texture, 4 a
 * packed `[n/4, 2, 2]` texture (each texel one 2x2 block, four consecutive values).
 */
export type TexelValues = 1 | 2 | 4;

/** The source texture as the pass sees it. */
export interface SourceTexture {
  readonly texelValues: TexelValues;
  /** Texels per row (0 when rows cannot be addressed directly, e.g. a slice view). */
  readonly columns: number;
}

/** The structure a LayoutGatherProgram is generated from. */
export interface ChainKind {
  /**
   * Consecutive outputs per fragment: 4 (a `[n/4, 2, 2]` packed output, one 2x2 texel per four
   * outputs) where the chain relates four consecutive outputs linearly and the size allows it,
   * else 2 (a packed 1-D output). Wider runs halve the fragments and the index arithmetic.
   */
  readonly width: 2 | 4;
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

/** How each source packing is read. */
const ACCESS_OF_PACKING: Record<TexelValues, SourceAccess> = { 1: 'flat', 2: 'packed', 4: 'quads' };

/**
 * The shader form of `chain` reading `source` and writing `outputSize` values, or `null` when
 * the shader cannot run it. Four outputs per fragment need a run plan of width 4 and a size
 * divisible by 4 (`outputSize` 0: two per fragment).
 */
export function shaderChain(
  chain: IndexChain,
  source: SourceTexture,
  outputSize = 0,
): ShaderChain | null {
  if (!fitsGeneratedPass(chain)) return null;
  if (!decomposesByRemainders(chain)) return null;
  const last = chain.at(-1);
  const texel =
    last !== undefined && source.texelValues === 1 && source.columns > 0
      ? texelWeights(last, source.columns)
      : null;
  const quads =
    chain.length === 0 || outputSize === 0 || outputSize % 4 !== 0 ? null : planRuns(chain, 4);
  const pairs = quads ?? (chain.length === 0 ? null : planRuns(chain, 2));
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
      width: quads !== null ? 4 : 2,
      ...chainStructure(chain),
      movedTerms: pairs?.moved.map((m) => m.term) ?? null,
      source: texel !== null ? 'texel' : ACCESS_OF_PACKING[source.texelValues],
      shifts,
    },
    terms,
    increments: pairs?.moved.map((m) => m.increment) ?? chain.map(() => 0),
    delta,
  };
}
