/**
 * Reads an operand through affine subscripts (`I(i+k, j+l)`) once every index variable they use
 * is bound: the element is located, never iterated, so such an operand takes part in every loop
 * as a dense one does (it never narrows the iteration; the other operands' stored entries or
 * the dense ranges drive the loops, as in MLIR's convolution kernels with a dense image).
 *
 * A dense operand is a load at the subscripts' values. A sparse one (formats arrive here
 * locatable, see planning/locatable-format.ts: at most the outermost level dense, every other
 * level compressed) is located level by level: a dense level is the coordinate itself, a
 * compressed level a binary search of the coordinate in its parent's segment (`O(log n)` per
 * level); an element not stored reads zero. This is the "locate" strategy rather than MLIR's
 * slice-driven iteration (which walks the stored coordinates of a sparse image and derives the
 * filter index): every combination of the loops' indices is visited, so a sparse image costs
 * what a dense one does times the searches, and the result is exact for any pattern.
 */
import type { Builder, Type, Value } from '@tilekit/loop-ir';
import { f32, i32, index } from '@tilekit/loop-ir';
import type { AffineSubscript } from '../planning/expression.js';
import type { TensorPlan } from '../planning/kernel-plan.js';
import { loadIndex } from './emit-context.js';

/** What locating needs from the emitter. */
export interface LocateContext {
  /** The argument of `kind` for the located operand (at `level` for storage arrays). */
  readonly arg: (kind: 'dense' | 'positions' | 'coordinates' | 'values', level?: number) => Value;
  /** The hoisted `index` constant `n`. */
  readonly c: (n: number) => Value;
  /** The value element zero, and its type. */
  readonly zero: Value;
  readonly element: Type;
}

/** The value of `c1*i1 + ... + offset` for the bound index values. */
function emitSubscript(
  b: Builder,
  s: AffineSubscript,
  idx: ReadonlyMap<string, Value>,
  c: (n: number) => Value,
): Value {
  let value: Value | undefined;
  for (const { index: i, coefficient } of s.terms) {
    const v = idx.get(i) as Value;
    const term = coefficient === 1 ? v : b.muli(v, c(coefficient));
    value = value === undefined ? term : b.addi(value, term);
  }
  if (value === undefined) return c(s.offset);
  return s.offset === 0 ? value : b.addi(value, c(s.offset));
}

/**
 * The first position in the non-empty `[lo, hi)` whose coordinate is not below `target` (a
 * lower bound; the coordinates of one segment are sorted, as every `SparseTensor`'s are), by a
 * branch-free binary search: a window `[base, base + n]` holding the answer halves each step
 * (`base` moves to the midpoint where the midpoint's coordinate is below `target`) until one
 * candidate is left. Every read is inside the segment.
 */
function emitLowerBound(
  b: Builder,
  crd: Value,
  lo: Value,
  hi: Value,
  target: Value,
  c: (n: number) => Value,
): Value {
  const search = b.whileOp(
    [lo, b.subi(hi, lo)],
    [index, index],
    (wb, base, n) => [wb.cmpi('ugt', n as Value, c(1)), base as Value, n as Value],
    (wb, base, n) => {
      const from = base as Value;
      const half = halfOf(wb, n as Value);
      const mid = wb.addi(from, half);
      const below = wb.cmpi('ult', loadIndex(wb, crd, mid), target);
      return [wb.select(below, mid, from), wb.subi(n as Value, half)];
    },
  );
  const base = search.results[0] as Value;
  const below = b.cmpi('ult', loadIndex(b, crd, base), target);
  return b.select(below, b.addi(base, c(1)), base);
}

/**
 * A split point of `n >= 2` candidates: `floor(n / 2)`, through `f32` (the shader engines have
 * no integer division or shift); where `f32` rounds `n` up (past 2^24) the split is taken from
 * the other end, so it stays in `[1, n / 2]`.
 */
function halfOf(b: Builder, n: Value): Value {
  const asFloat = b.cast('arith.sitofp', b.cast('arith.index_cast', n, i32), f32);
  const half = b.mulf(asFloat, b.constantFloat(0.5, f32));
  const h = b.cast('arith.index_cast', b.cast('arith.fptosi', half, i32), index);
  return b.select(b.cmpi('ugt', b.addi(h, h), n), b.subi(n, h), h);
}

/**
 * Emits the read of located operand `t` (its `subscripts` set) at the bound indices `idx`: the
 * element's value, or zero where a sparse operand stores none.
 */
export function emitLocatedRead(
  b: Builder,
  t: TensorPlan,
  idx: ReadonlyMap<string, Value>,
  ctx: LocateContext,
): Value {
  const subscripts = t.subscripts as readonly AffineSubscript[];
  const coordinates = subscripts.map((s) => emitSubscript(b, s, idx, ctx.c));
  const format = t.format;
  if (format === undefined) return b.load(ctx.arg('dense'), coordinates);
  const levels = format.levels.length;
  const locate = (lb: Builder, level: number, parent: Value): Value => {
    if (level === levels) return lb.load(ctx.arg('values'), [parent]);
    const target = coordinates[format.order[level] as number] as Value;
    // Only the outermost level is ever dense (see locatableFormat): its position is the
    // coordinate.
    if (format.levels[level] === 'dense') return locate(lb, level + 1, target);
    const positions = ctx.arg('positions', level);
    const crd = ctx.arg('coordinates', level);
    const lo = loadIndex(lb, positions, parent);
    const hi = loadIndex(lb, positions, lb.addi(parent, ctx.c(1)));
    const inSegment = lb.ifOp(
      lb.cmpi('ult', lo, hi),
      [ctx.element],
      (ib) => {
        const at = emitLowerBound(ib, crd, lo, hi, target, ctx.c);
        const within = ib.cmpi('ult', at, hi);
        const probe = ib.select(within, at, ib.subi(hi, ctx.c(1)));
        const found = ib.binary(
          'arith.andi',
          within,
          ib.cmpi('eq', loadIndex(ib, crd, probe), target),
        );
        const stored = ib.ifOp(
          found,
          [ctx.element],
          (fb) => [locate(fb, level + 1, at)],
          () => [ctx.zero],
        );
        return [stored.results[0] as Value];
      },
      () => [ctx.zero],
    );
    return inSegment.results[0] as Value;
  };
  return locate(b, 0, ctx.c(0));
}
