/**
 * Vectorizing memory subscripts. The sparsifier emits simple subscripts only: invariant
 * outer indices, the induction variable innermost (`a[i][j]`), `base + j` after LICM, and
 * one level of indirection through a coordinate load (`a[ind[j]]`), which becomes the
 * index vector of a gather/scatter.
 */
import { type Operation, operand, operands, type Value } from '@tilekit/loop-ir';
import { defInBody, isBlockArgument, isInvariantArg, isInvariantValue } from './loop-view.js';
import { genVectorLoad, memrefElement } from './memory.js';
import { vectorType } from './options.js';
import { accept, type Outcome, reject } from './outcome.js';
import { SUBSCRIPT_CASTS, widenedIndexElement } from './rules.js';
import { relink, type Walk } from './walker.js';

/** Follows `index_cast` / `extui` operands back to the value they convert. */
export function stripSubscriptCasts(walk: Walk, v: Value): Value {
  for (let def = walk.view.defs.get(v); def !== undefined && SUBSCRIPT_CASTS.has(def.name); ) {
    v = operand(def, 'in');
    def = walk.view.defs.get(v);
  }
  return v;
}

/**
 * Analyses (or, in codegen mode, vectorizes) the subscripts of one access. On success in
 * codegen mode the value lists the scalar subscripts, with an index vector last for an
 * indirect access.
 */
export function vectorizeSubscripts(walk: Walk, subs: readonly Value[]): Outcome<Value[]> {
  const idxs: Value[] = [];
  for (const [d, sub] of subs.entries()) {
    const outcome = vectorizeSubscript(walk, sub, d === subs.length - 1);
    if (!outcome.ok) return outcome;
    if (outcome.value !== undefined) idxs.push(outcome.value);
  }
  return accept(walk.gen === undefined ? undefined : idxs);
}

function vectorizeSubscript(walk: Walk, sub: Value, innermost: boolean): Outcome<Value> {
  const { view } = walk;
  // Invariant subscripts pass through in outer dimensions (LICM hoists fully invariant
  // loads; an invariant innermost subscript would need a broadcast, not a vector access).
  if (isInvariantValue(view, sub)) {
    if (innermost) {
      return reject('unsupported-subscript', 'an invariant subscript in the innermost dimension');
    }
    return accept(walk.gen && sub);
  }
  // Outer induction variables pass through in outer dimensions, this loop's innermost.
  if (isBlockArgument(view, sub)) {
    if (isInvariantArg(view, sub) === innermost) {
      return reject(
        'unsupported-subscript',
        innermost
          ? 'the innermost subscript is an outer block argument, not the induction variable'
          : "this loop's induction variable in an outer dimension (a strided access)",
      );
    }
    return accept(walk.gen && relink(walk, sub));
  }
  const source = stripSubscriptCasts(walk, sub);
  const def = view.defs.get(source);
  if (def?.name === 'memref.load') return coordinateLoad(walk, def, innermost);
  if (def?.name === 'arith.addi') return offsetIndex(walk, def, innermost);
  return reject(
    'unsupported-subscript',
    `a subscript computed by \`${def?.name ?? 'a block argument'}\` (only i, base + i and ind[i] vectorize)`,
  );
}

/**
 * `a[ind[i]]`: the coordinates become a vector load, zero-extended to the gather/scatter
 * index width (see {@link widenedIndexElement}). Like MLIR, the coordinate load's own
 * subscripts are reused as they are.
 */
function coordinateLoad(walk: Walk, load: Operation, innermost: boolean): Outcome<Value> {
  const memref = operand(load, 'memref');
  const indices = operands(load, 'indices');
  if (!innermost) {
    return reject(
      'unsupported-subscript',
      'an indirect (coordinate) subscript in an outer dimension',
    );
  }
  walk.contiguous.push(memref);
  // A reduction loop is rebuilt from scratch, so scalars computed in its old body are gone.
  if (walk.view.iterArgs.length > 0 && indices.some((v) => defInBody(walk.view, v) !== undefined)) {
    return reject(
      'body-defined-coordinate-index',
      'a coordinate load indexed by a value computed inside a reduction loop',
    );
  }
  const gen = walk.gen;
  if (gen === undefined) return accept();
  const scalarIdxs = indices.map((v) => relink(walk, v));
  let vload = genVectorLoad(gen.b, walk.vl, memref, scalarIdxs, gen.vmask);
  const widened = widenedIndexElement(walk.vl, memrefElement(memref));
  if (widened !== undefined) {
    vload = gen.b.cast('arith.extui', vload, vectorType(walk.vl, widened));
  }
  return accept(vload);
}

/** `a[base + i]` (either operand order) with `base` defined outside the loop. */
function offsetIndex(walk: Walk, add: Operation, innermost: boolean): Outcome<Value> {
  const { view } = walk;
  let [inv, idx] = [operand(add, 'lhs'), operand(add, 'rhs')];
  if (!isInvariantValue(view, inv)) [inv, idx] = [idx, inv];
  if (!isInvariantValue(view, inv) || !isBlockArgument(view, idx)) {
    return reject(
      'unsupported-subscript',
      'an `arith.addi` subscript that is not (value defined outside the loop) + (induction variable)',
    );
  }
  if (isInvariantArg(view, idx) || !innermost) {
    return reject(
      'unsupported-subscript',
      'base + i must add the induction variable and sit in the innermost dimension',
    );
  }
  return accept(walk.gen?.b.addi(inv, relink(walk, idx)));
}
