/**
 * Makes index chains cheaper without changing what they compute: drops digits that are always
 * 0, merges neighbouring digits that move together, and fuses a step into the next when the
 * next step only re-reads the digits the first one wrote. Fewer terms means fewer integer
 * divisions per output element in the shader.
 */
import type { ChainStep, DigitTerm, IndexChain } from './index-chain.js';
import { UNBOUNDED } from './index-chain.js';

/** Whether `major` directly above `minor` reads and writes one contiguous, unbounded digit. */
function mergeable(major: DigitTerm, minor: DigitTerm): boolean {
  return (
    major.bound === UNBOUNDED &&
    minor.bound === UNBOUNDED &&
    major.stride === minor.stride * minor.size &&
    major.weight === minor.weight * minor.size
  );
}

/** Drops size-1 digits and merges contiguous neighbours (terms are kept major to minor). */
export function compactStep(step: ChainStep): ChainStep {
  const out: DigitTerm[] = [];
  for (const term of step) {
    if (term.size === 1) continue;
    const last = out.at(-1);
    if (last !== undefined && mergeable(last, term)) {
      out[out.length - 1] = { ...term, size: last.size * term.size };
    } else {
      out.push(term);
    }
  }
  return out;
}

/**
 * `second` after `first` as one step, when `second` reads exactly the digits `first` writes
 * (the same weight/size pairs): each digit then goes straight to `second`'s weight. Else `null`.
 * A bounded digit only reaches the next step below its bound (beyond it is padding), so that
 * is the size `second` must read it with.
 */
function fuse(first: ChainStep, second: ChainStep): ChainStep | null {
  if (first.length !== second.length) return null;
  const fused: DigitTerm[] = [];
  for (const term of first) {
    const written = Math.min(term.size, term.bound);
    const reader = second.find((t) => t.stride === term.weight && t.size === written);
    if (reader === undefined) return null;
    fused.push({ ...term, bound: Math.min(term.bound, reader.bound), weight: reader.weight });
  }
  return fused;
}

/** The chain with every step compacted and every fusable pair of steps fused. */
export function simplifyChain(chain: IndexChain): IndexChain {
  const out: ChainStep[] = [];
  for (const step of chain.map(compactStep)) {
    const previous = out.at(-1);
    const fused = previous === undefined ? null : fuse(previous, step);
    if (fused === null) out.push(step);
    else out[out.length - 1] = compactStep(fused);
  }
  return out;
}
