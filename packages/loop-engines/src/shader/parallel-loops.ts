/**
 * Which top-level loops of a function may run as GPU invocations, the decision MLIR's sparse
 * GPU code generator makes for the outermost parallel loop (SparseGPUCodegen.cpp maps it onto
 * a grid-stride loop over threads): a top-level `scf.for` whose iterations write disjoint
 * output slices. A store (and every load of the stored memref) must index it with an
 * iteration-owned value: the induction variable itself (a dense loop), or a coordinate read at
 * the induction variable from an array whose entries are distinct (a compressed level, e.g. the
 * root level of DCSR). Everything else at the top level must be pure scalar code or loads of
 * memrefs nothing stores (recomputed by every invocation); otherwise the function is not
 * parallelisable and the reason says why.
 */
import type { Block, Operation, Value } from '@tilekit/loop-ir';
import { operand, operands, walkOperations } from '@tilekit/loop-ir';

/** One top-level loop that runs as a GPU pass. */
export interface ParallelLoop {
  readonly loop: Operation;
  /** Function argument index of the memref the loop writes. */
  readonly output: number;
}

/** The decision for a whole function. */
export type ParallelPlan =
  | { readonly parallel: true; readonly loops: readonly ParallelLoop[] }
  | { readonly parallel: false; readonly reason: string };

/** Ops that copy an integer without changing it in the 32-bit value range the engine holds. */
const INDEX_COPIES: ReadonlySet<string> = new Set([
  'arith.extui',
  'arith.extsi',
  'arith.index_cast',
  'arith.index_castui',
]);

/** Whether an op at the top level is recomputed by every invocation (no effects, no writes read). */
function isPreludeOp(op: Operation, stored: ReadonlySet<Value>): boolean {
  if (op.regions.length > 0) return false;
  if (op.name === 'memref.store' || op.name.startsWith('vector.')) return false;
  if (op.name === 'memref.load') return !stored.has(operand(op, 'memref'));
  return op.name.startsWith('arith.') || op.name.startsWith('math.') || op.name === 'memref.dim';
}

/** Decides which top-level loops of `func` run in parallel. */
export function planParallelLoops(
  func: Operation,
  distinctArrays: ReadonlySet<number>,
): ParallelPlan {
  const entry = func.regions[0]?.blocks[0];
  if (entry === undefined) return { parallel: false, reason: 'the function has no body' };
  const args = entry.arguments;
  const stored = new Set<Value>();
  walkOperations(func, (op) => {
    if (op.name === 'memref.store') stored.add(operand(op, 'memref'));
    if (op.name.startsWith('vector.') && op.name.includes('store'))
      stored.add(op.operands[1] as Value);
  });
  const defining = new Map<Value, Operation>();
  walkOperations(func, (op) => {
    for (const r of op.results) defining.set(r, op);
  });
  const loops: ParallelLoop[] = [];
  for (const op of entry.operations) {
    if (op.name === 'func.return') continue;
    if (isPreludeOp(op, stored)) continue;
    if (op.name !== 'scf.for')
      return {
        parallel: false,
        reason: `the top level has ${op.name}, which runs once, not per iteration`,
      };
    if (op.results.length > 0)
      return {
        parallel: false,
        reason: 'the outermost loop carries values between iterations (a reduction)',
      };
    const verdict = parallelLoop(op, args, stored, defining, distinctArrays);
    if (typeof verdict === 'string') return { parallel: false, reason: verdict };
    loops.push(verdict);
  }
  return { parallel: true, loops };
}

/** The loop as a pass, or why its iterations may not run at the same time. */
function parallelLoop(
  loop: Operation,
  args: readonly Value[],
  stored: ReadonlySet<Value>,
  defining: ReadonlyMap<Value, Operation>,
  distinctArrays: ReadonlySet<number>,
): ParallelLoop | string {
  const body = loop.regions[0]?.blocks[0] as Block;
  const iv = body.arguments[0] as Value;
  /**
   * What makes `v` different in every iteration: `'iv'`, or the distinct array it is read from
   * at the induction variable (`undefined`: `v` may repeat across iterations).
   */
  const ownerOf = (v: Value): string | undefined => {
    if (v === iv) return 'iv';
    const def = defining.get(v);
    if (def === undefined) return undefined;
    if (INDEX_COPIES.has(def.name)) return ownerOf(def.operands[0] as Value);
    if (def.name !== 'memref.load') return undefined;
    const array = args.indexOf(operand(def, 'memref'));
    const at = operands(def, 'indices');
    return array >= 0 && distinctArrays.has(array) && at.length === 1 && at[0] === iv
      ? `array ${array}`
      : undefined;
  };
  // Every access to the output must be owned by the same thing, so each iteration's slice is one.
  let owner: string | undefined;
  let output: Value | undefined;
  let problem: string | undefined;
  walkOperations(loop, (op) => {
    if (problem !== undefined) return;
    if (op.name.startsWith('vector.')) {
      problem = `${op.name} is vector code (the GPU form is generated from scalar loops)`;
      return;
    }
    const isStore = op.name === 'memref.store';
    if (!isStore && op.name !== 'memref.load') return;
    const memref = operand(op, 'memref');
    if (!isStore && !stored.has(memref)) return;
    if (isStore) {
      if (output !== undefined && output !== memref) {
        problem = 'the loop writes more than one memref';
        return;
      }
      output = memref;
    }
    const owners = operands(op, 'indices')
      .map(ownerOf)
      .filter((o): o is string => o !== undefined);
    const mine = owners.find((o) => o === owner) ?? owners[0];
    if (mine === undefined || (owner !== undefined && mine !== owner))
      problem = `a ${isStore ? 'store to' : 'load from'} the output is not indexed by the iteration (iterations would share output elements)`;
    owner = mine;
  });
  if (problem !== undefined) return problem;
  if (output === undefined) return 'the loop writes nothing';
  const index = args.indexOf(output);
  if (index < 0) return 'the loop writes a memref that is not a function argument';
  return { loop, output: index };
}
