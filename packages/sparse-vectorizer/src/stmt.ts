/**
 * MLIR's `vectorizeStmt` and `ForOpRewriter`: a sparsifier loop either ends in a store
 * (parallel: widen the step and vectorize the store in place) or yields one reduction
 * (rebuild the loop over a vector accumulator, then reduce horizontally after it).
 */
import {
  Builder,
  type CombiningKind,
  createBlock,
  createOperation,
  createRegion,
  createValue,
  index,
  isScalar,
  type Operation,
  operand,
  operands,
  type Replacement,
  result,
  type Value,
  withResults,
} from '@tilekit/loop-ir';
import { isContiguous, vectorizeExpr } from './expr.js';
import { checkAgainstMiscompiles } from './guards.js';
import { LOOP_MARKER, type LoopView, viewLoop } from './loop-view.js';
import { genVectorMask } from './mask.js';
import { genVectorStore } from './memory.js';
import { type VL, vectorType } from './options.js';
import { accept, generated, type Outcome, type Rejection, reject } from './outcome.js';
import { classifyReduction, genVectorReducInit } from './reduction.js';
import { genShortReductionPath, takesShortPath } from './short-reduction.js';
import { vectorizeSubscripts } from './subscripts.js';
import type { Codegen, Walk } from './walker.js';

/** A vectorized loop: its replacement and what kind of loop it was. */
interface VectorizedLoop {
  readonly replacement: Replacement;
  readonly form: 'parallel' | 'reduction';
  readonly kind: CombiningKind | undefined;
}

/**
 * ForOpRewriter.matchAndRewrite: check the preconditions, analyse, and only when the
 * analysis succeeds generate code with the very same walk.
 */
export function rewriteForOp(
  loop: Operation,
  defs: ReadonlyMap<Value, Operation>,
  vl: VL,
): VectorizedLoop | Rejection {
  const view = viewLoop(loop, defs);
  if ('ok' in view) return view;
  const analysis = vectorizeStmt(view, vl, false);
  if (!analysis.ok) return analysis;
  const rewrite = vectorizeStmt(view, vl, true);
  if (!rewrite.ok) throw new Error(`internal: codegen disagrees with analysis: ${rewrite.detail}`);
  return generated(rewrite);
}

/** Analyses (`codegen = false`) or rewrites (`codegen = true`) one loop. */
export function vectorizeStmt(view: LoopView, vl: VL, codegen: boolean): Outcome<VectorizedLoop> {
  const ops = view.body.operations;
  if (ops.length <= 1) return reject('empty-body', 'the body holds only the terminator');
  if (view.yielded.length > 0) return vectorizeReduction(view, vl, codegen);
  const last = ops[ops.length - 2] as Operation;
  if (last.name !== 'memref.store') {
    return reject('no-final-store', `the body ends in \`${last.name}\`, not a memref.store`);
  }
  return vectorizeParallel(view, vl, codegen, last);
}

/** The vector step `vl` (times `vector.vscale` under VLA), built before the loop. */
function genStep(pre: Builder, vl: VL): { step: Value; constantStep: bigint | undefined } {
  const length = pre.constantIndex(vl.vectorLength);
  if (!vl.enableVLAVectorization) return { step: length, constantStep: BigInt(vl.vectorLength) };
  return { step: pre.muli(pre.vscale(), length), constantStep: undefined };
}

function vectorizeParallel(
  view: LoopView,
  vl: VL,
  codegen: boolean,
  store: Operation,
): Outcome<VectorizedLoop> {
  const value = operand(store, 'value');
  const memref = operand(store, 'memref');
  const subs = operands(store, 'indices');
  const setup = codegen ? setUp(view, vl, view.iv, undefined) : undefined;
  const walk: Walk = { view, vl, gen: setup?.gen, contiguous: [] };
  const idxs = vectorizeSubscripts(walk, subs);
  if (!idxs.ok) return idxs;
  if (isContiguous(walk, subs)) walk.contiguous.push(memref);
  const vrhs = vectorizeExpr(walk, value);
  if (!vrhs.ok) return vrhs;
  const unsafe = checkAgainstMiscompiles(walk, store);
  if (unsafe !== undefined) return unsafe;
  if (setup === undefined) return accept();
  genVectorStore(setup.gen.b, memref, generated(idxs), setup.gen.vmask, generated(vrhs));
  // The loop is updated in place: new step, the scalar store replaced by the vector code.
  const kept = view.body.operations.slice(0, -1).filter((op) => op !== store);
  const terminator = view.body.operations[view.body.operations.length - 1] as Operation;
  const body = createBlock(view.body.arguments, [...kept, ...setup.gen.b.operations, terminator]);
  const lo = operand(view.loop, 'lowerBound');
  const hi = operand(view.loop, 'upperBound');
  const loop = withResults(
    {
      name: 'scf.for',
      operands: [lo, hi, setup.step],
      attributes: view.loop.attributes,
      regions: [createRegion([body])],
    },
    view.loop.results,
  );
  return accept({
    replacement: { operations: [...setup.pre.operations, loop], results: [] },
    form: 'parallel',
    kind: undefined,
  });
}

function vectorizeReduction(view: LoopView, vl: VL, codegen: boolean): Outcome<VectorizedLoop> {
  if (view.yielded.length !== 1) {
    return reject('multiple-results', `the loop carries ${view.yielded.length} values, not one`);
  }
  const [red, acc, init] = [view.yielded[0], view.iterArgs[0], view.inits[0]] as [
    Value,
    Value,
    Value,
  ];
  const kind = classifyReduction(view, red, acc);
  if (!kind.ok) return kind;
  if (!isScalar(init.type)) {
    return reject('unsupported-type', `a ${init.type.kind} accumulator cannot be a vector element`);
  }
  const vtp = vectorType(vl, init.type);
  const accumulator = createValue(vtp);
  const setup = codegen ? setUp(view, vl, createValue(index), accumulator) : undefined;
  const walk: Walk = { view, vl, gen: setup?.gen, contiguous: [] };
  const vrhs = vectorizeExpr(walk, red);
  if (!vrhs.ok) return vrhs;
  const unsafe = checkAgainstMiscompiles(walk, undefined, acc);
  if (unsafe !== undefined) return unsafe;
  if (setup === undefined) return accept();
  const { pre, gen, step } = setup;
  const combining = generated(kind);
  const vinit = genVectorReducInit(pre, combining, init, vtp);
  // Lanes outside the iteration space keep their old partial value.
  gen.b.yield([gen.b.select(gen.vmask, generated(vrhs), accumulator)]);
  const lo = operand(view.loop, 'lowerBound');
  const hi = operand(view.loop, 'upperBound');
  const marker = view.loop.attributes[LOOP_MARKER];
  const loop = createOperation({
    name: 'scf.for',
    operands: [lo, hi, step, vinit],
    resultTypes: [vtp],
    attributes: marker === undefined ? {} : { [LOOP_MARKER]: marker },
    regions: [createRegion([createBlock([gen.iv, accumulator], gen.b.operations)])],
  });
  const post = new Builder();
  const total = post.reduction(combining, result(loop));
  const { operations, results } = takesShortPath(vl)
    ? genShortReductionPath(view, vl, combining, init, { loop, post: post.operations, total })
    : { operations: [loop, ...post.operations], results: [total] };
  return accept({
    replacement: { operations: [...pre.operations, ...operations], results },
    form: 'reduction',
    kind: combining,
  });
}

/** Codegen set-up shared by both loop forms: the step before the loop, the mask inside. */
function setUp(view: LoopView, vl: VL, iv: Value, accumulator: Value | undefined) {
  const pre = new Builder();
  const { step, constantStep } = genStep(pre, vl);
  const b = new Builder();
  const vmask = genVectorMask(b, vl, view.defs, {
    iv,
    lowerBound: view.lowerBound,
    upperBound: view.upperBound,
    step,
    constantStep,
  });
  const gen: Codegen = { b, vmask, iv, accumulator };
  return { pre, step, gen };
}
