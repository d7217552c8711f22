/**
 * A read-only view of one `scf.for` and the facts the rules ask about it: which values are
 * invariant, which op defines a value, what the loop carries. Built once per loop, after the
 * ForOpRewriter preconditions hold.
 */
import type { Attribute, Block, Operation, Value } from '@tilekit/loop-ir';
import { type Rejection, reject } from './outcome.js';

/** The discardable attribute the sparsifier's loop emitter puts on every loop it emits. */
export const LOOP_MARKER = 'Emitted from';

/** Facts about the loop being vectorized. */
export interface LoopView {
  readonly loop: Operation;
  readonly body: Block;
  readonly iv: Value;
  readonly lowerBound: Value;
  readonly upperBound: Value;
  readonly inits: readonly Value[];
  readonly iterArgs: readonly Value[];
  /** Values yielded by the body's terminator. */
  readonly yielded: readonly Value[];
  /** Defining op of every op result in the enclosing function. */
  readonly defs: ReadonlyMap<Value, Operation>;
  /** The operations directly in the body (the terminator included). */
  readonly bodyOps: ReadonlySet<Operation>;
}

/**
 * Checks the ForOpRewriter preconditions (single block, constant unit step, emitted by the
 * sparsifier) and returns the loop's view, or why the loop is not a candidate at all.
 */
export function viewLoop(
  loop: Operation,
  defs: ReadonlyMap<Value, Operation>,
): LoopView | Rejection {
  const region = loop.regions[0];
  const body = region?.blocks[0];
  if (region === undefined || body === undefined || region.blocks.length !== 1) {
    return reject('not-single-block', 'the loop region does not have exactly one block');
  }
  const [lowerBound, upperBound, step, ...inits] = loop.operands;
  if (lowerBound === undefined || upperBound === undefined || step === undefined) {
    throw new Error('internal: scf.for without bounds');
  }
  if (constantInteger(defs, step) !== 1n) {
    return reject('non-unit-step', 'the step is not the constant 1');
  }
  if (loop.attributes[LOOP_MARKER] === undefined) {
    return reject(
      'not-sparsifier-loop',
      `no "${LOOP_MARKER}" attribute: the loop was not emitted by the sparsifier, so its body is not known to be free of dependences`,
    );
  }
  const [iv, ...iterArgs] = body.arguments;
  const terminator = body.operations[body.operations.length - 1];
  if (iv === undefined || terminator === undefined) throw new Error('internal: malformed scf.for');
  // The vector step is an `index`; MLIR builds an scf.for that fails verification otherwise.
  if (iv.type.kind !== 'index') {
    return reject(
      'unsupported-type',
      'the induction variable is not an index (the vector step is)',
    );
  }
  return Object.freeze({
    loop,
    body,
    iv,
    lowerBound,
    upperBound,
    inits,
    iterArgs,
    yielded: terminator.operands,
    defs,
    bodyOps: new Set(body.operations),
  });
}

/** The integer value of `v` when an `arith.constant` defines it. */
export function constantInteger(defs: ReadonlyMap<Value, Operation>, v: Value): bigint | undefined {
  const attr = constantAttr(defs, v);
  return attr?.kind === 'integer' ? attr.value : undefined;
}

/** The attribute of the `arith.constant` defining `v`, if any. */
export function constantAttr(defs: ReadonlyMap<Value, Operation>, v: Value): Attribute | undefined {
  const def = defs.get(v);
  return def?.name === 'arith.constant' ? def.attributes.value : undefined;
}

/** Whether `v` is a block argument (our IR: a value no operation defines). */
export function isBlockArgument(view: LoopView, v: Value): boolean {
  return !view.defs.has(v);
}

/**
 * MLIR's `isInvariantValue`: defined by an operation outside the loop body. Block arguments
 * (function arguments, outer induction variables) are deliberately *not* invariant values.
 */
export function isInvariantValue(view: LoopView, v: Value): boolean {
  const def = view.defs.get(v);
  return def !== undefined && !view.bodyOps.has(def);
}

/** MLIR's `isInvariantArg`: a block argument owned by a block other than the loop body. */
export function isInvariantArg(view: LoopView, arg: Value): boolean {
  return !view.body.arguments.includes(arg);
}

/** The op defining `v` when that op sits directly in the loop body. */
export function defInBody(view: LoopView, v: Value): Operation | undefined {
  const def = view.defs.get(v);
  return def !== undefined && view.bodyOps.has(def) ? def : undefined;
}
