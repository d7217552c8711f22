/**
 * Vectorizing the expression a loop stores or reduces: invariants become broadcasts, the
 * induction variable `[i, i+1, ..]`, loads vector accesses, and ops in the tables their
 * lane-wise vector form. Anything else keeps the loop scalar.
 */
import type { Operation, ScalarType, Value } from '@tilekit/loop-ir';
import { denseAttr, isScalar, operand, operands, vectorOf } from '@tilekit/loop-ir';
import { isBlockArgument, isInvariantValue } from './loop-view.js';
import { genVectorLoad } from './memory.js';
import { vectorType } from './options.js';
import { accept, generated, type Outcome, reject } from './outcome.js';
import { BINARY_OPS, CAST_OPS, SHIFT_OPS, UNARY_OPS } from './rules.js';
import { stripSubscriptCasts, vectorizeSubscripts } from './subscripts.js';
import type { Walk } from './walker.js';

/**
 * Analyses (or, in codegen mode, generates) the vector form of scalar `exp`. Like MLIR it
 * revisits shared subexpressions once per use (each use gets its own vector ops).
 */
export function vectorizeExpr(walk: Walk, exp: Value): Outcome {
  const { view } = walk;
  if (!isScalar(exp.type)) {
    return reject(
      'unsupported-type',
      `a value of type ${exp.type.kind} cannot be a vector element`,
    );
  }
  if (isBlockArgument(view, exp)) {
    if (exp === view.iv) return accept(walk.gen && inductionVector(walk, exp.type));
    // The accumulator of a rebuilt reduction loop is its vector iter_arg (MLIR reaches the
    // same form by broadcasting and relinking, which folds the no-op broadcast away).
    if (walk.gen !== undefined && view.iterArgs.includes(exp) && walk.gen.accumulator) {
      return accept(walk.gen.accumulator);
    }
    return accept(walk.gen && invariant(walk, exp, exp.type));
  }
  const def = view.defs.get(exp) as Operation;
  if (isInvariantValue(view, exp)) return accept(walk.gen && invariant(walk, exp, exp.type));
  if (def.name === 'memref.load') return vectorizeLoad(walk, def);
  // Any other op is taken by arity (unary, cast or binary of any dialect), then checked
  // against the op tables once its operands vectorize.
  const [x, y, ...more] = def.operands;
  if (x !== undefined && y === undefined) return vectorizeUnary(walk, def, x, exp.type);
  if (x !== undefined && y !== undefined && more.length === 0)
    return vectorizeBinary(walk, def, x, y);
  return unsupported(def);
}

/** `broadcast(v)`; later loop optimizations (LICM) may hoist it. */
function invariant(walk: Walk, v: Value, type: ScalarType): Value {
  const gen = walk.gen as NonNullable<Walk['gen']>;
  return gen.b.broadcast(v, vectorType(walk.vl, type));
}

/** `a[i] = i` becomes `[i, i+1, .., i+vl-1]`: broadcast plus a step vector. */
function inductionVector(walk: Walk, type: ScalarType): Value {
  const gen = walk.gen as NonNullable<Walk['gen']>;
  const vtp = vectorType(walk.vl, type);
  const splat = gen.b.broadcast(gen.iv, vtp);
  const lanes = walk.vl.enableVLAVectorization
    ? gen.b.step(walk.vl.vectorLength, true)
    : gen.b.constant(
        denseAttr(
          vectorOf(walk.vl.vectorLength, type),
          Array.from({ length: walk.vl.vectorLength }, (_, k) => BigInt(k)),
        ),
      );
  return gen.b.addi(splat, lanes);
}

function vectorizeLoad(walk: Walk, load: Operation): Outcome {
  const memref = operand(load, 'memref');
  const subs = operands(load, 'indices');
  const idxs = vectorizeSubscripts(walk, subs);
  if (!idxs.ok) return idxs;
  if (isContiguous(walk, subs)) walk.contiguous.push(memref);
  const gen = walk.gen;
  return accept(gen && genVectorLoad(gen.b, walk.vl, memref, generated(idxs), gen.vmask));
}

/** Whether an access with these subscripts is contiguous (not a gather/scatter). */
export function isContiguous(walk: Walk, subs: readonly Value[]): boolean {
  const last = subs[subs.length - 1];
  if (last === undefined) return true;
  const source = walk.view.defs.get(stripSubscriptCasts(walk, last));
  return !(source?.name === 'memref.load' && !isInvariantValue(walk.view, last));
}

function vectorizeUnary(walk: Walk, def: Operation, x: Value, resultType: ScalarType): Outcome {
  const vx = vectorizeExpr(walk, x);
  if (!vx.ok) return vx;
  const gen = walk.gen;
  if (UNARY_OPS.has(def.name)) return accept(gen?.b.unary(def.name, generated(vx)));
  if (CAST_OPS.has(def.name)) {
    return accept(gen?.b.cast(def.name, generated(vx), vectorType(walk.vl, resultType)));
  }
  return unsupported(def);
}

function vectorizeBinary(walk: Walk, def: Operation, x: Value, y: Value): Outcome {
  const vx = vectorizeExpr(walk, x);
  if (!vx.ok) return vx;
  const vy = vectorizeExpr(walk, y);
  if (!vy.ok) return vy;
  if (SHIFT_OPS.has(def.name) && !isInvariantValue(walk.view, y)) {
    return reject(
      'variant-shift',
      `\`${def.name}\` shifts by an amount not defined by an operation outside the loop`,
    );
  }
  if (!BINARY_OPS.has(def.name)) return unsupported(def);
  const gen = walk.gen;
  if (gen === undefined) return accept(undefined);
  const divisor =
    INTEGER_DIVISIONS.has(def.name) && !isNonZeroInEveryLane(walk, y)
      ? safeDivisor(walk, generated(vy), y.type as ScalarType)
      : generated(vy);
  return accept(gen.b.binary(def.name, generated(vx), divisor));
}

/** Integer divisions: a zero divisor is undefined behaviour (a trap on every engine here). */
const INTEGER_DIVISIONS: ReadonlySet<string> = new Set(['arith.divsi', 'arith.divui']);

/**
 * Whether divisor `y` is as safe in the masked-off lanes as in the active ones: a value
 * defined outside the loop is the same in every lane, and `x | c` with a non-zero constant `c`
 * is never zero. Anything loaded is not: masked-off lanes load the pass-through zero.
 */
function isNonZeroInEveryLane(walk: Walk, y: Value): boolean {
  if (isInvariantValue(walk.view, y)) return true;
  const def = walk.view.defs.get(y);
  if (def?.name !== 'arith.ori') return false;
  return def.operands.some((o) => {
    const c = walk.view.defs.get(o);
    const value = c?.name === 'arith.constant' ? c.attributes.value : undefined;
    return value?.kind === 'integer' && value.value !== 0n;
  });
}

/**
 * `select(mask, divisor, 1)`: the masked-off lanes divide by one, as LLVM's loop vectorizer
 * does for a predicated division (MLIR's sparse vectorizer divides by the pass-through zero
 * there, which is undefined behaviour; the active lanes are unchanged).
 */
function safeDivisor(walk: Walk, divisor: Value, element: ScalarType): Value {
  const gen = walk.gen as NonNullable<Walk['gen']>;
  const one = gen.b.constant(denseAttr(vectorType(walk.vl, element), [1n]));
  return gen.b.select(gen.vmask, divisor, one);
}

function unsupported(def: Operation): Outcome {
  return reject('unsupported-op', `\`${def.name}\` has no vector form in the op tables`);
}
