/**
 * MLIR's ReducChainRewriter: when one vectorized reduction loop feeds the next, skip the
 * horizontal reduction in between and start the second loop from the first loop's vector.
 *
 *     v = for { }                  v = for { }
 *     s = reduce(v)          ->    for (v) { }
 *     u = init(s)
 *     for (u) { }
 *
 * Fix 1: MLIR applies this to any `vector.insert` / `vector.broadcast` of such a reduction,
 * whatever consumes it. That is only sound when the consumer is a reduction loop of the same
 * combining kind: an ADD loop feeding a MUL loop would multiply partial sums, and a
 * broadcast of a sum used as a plain invariant (`x[i] / sum`) would use a partial sum per lane.
 */
import type { Attribute, Operation, Value } from '@tilekit/loop-ir';
import {
  definingOps,
  IRMapping,
  operand,
  operands,
  remapOperation,
  result,
  usersOf,
} from '@tilekit/loop-ir';
import { LOOP_MARKER } from './loop-view.js';
import { listLoops } from './loops.js';
import type { ChainReport } from './report.js';

/** The op forms that build a reduction's initial vector from a scalar, and that scalar's segment. */
const INIT_OPS: ReadonlyMap<string, string> = new Map([
  ['vector.insert', 'valueToStore'],
  ['vector.broadcast', 'source'],
]);

function kindOf(op: Operation | undefined): string | undefined {
  const kind: Attribute | undefined = op?.attributes.kind;
  return kind?.kind === 'combiningKind' ? kind.value : undefined;
}

/** Folds every sound reduction chain in `func`; reports every chain MLIR would fold. */
export function foldReductionChains(
  func: Operation,
  functionName: string,
): { func: Operation; chains: ChainReport[] } {
  const defs = definingOps(func);
  const users = usersOf(func);
  const loops = listLoops(func);
  const positionOf = (op: Operation | undefined) => loops.find((s) => s.op === op)?.position;
  const substitutes = new Map<Value, Value>();
  const chains: ChainReport[] = [];
  const visit = (op: Operation): void => {
    for (const region of op.regions) {
      for (const block of region.blocks) for (const inner of block.operations) visit(inner);
    }
    const scalar = INIT_OPS.get(op.name);
    if (scalar === undefined) return;
    const reduction = defs.get(operand(op, scalar));
    if (reduction?.name !== 'vector.reduction') return;
    const partials = operand(reduction, 'vector');
    const producer = defs.get(partials);
    if (producer?.name !== 'scf.for' || producer.attributes[LOOP_MARKER] === undefined) return;
    const init = result(op);
    const uses = users.get(init) ?? [];
    const consumer = uses.length === 1 && uses[0]?.name === 'scf.for' ? uses[0] : undefined;
    // The consumer carries the init as its first iter_arg; its first result is that chain.
    const [carried] = consumer?.results ?? [];
    const consumerKind =
      consumer !== undefined && operands(consumer, 'initArgs')[0] === init && carried !== undefined
        ? kindOf(users.get(carried)?.find((u) => u.name === 'vector.reduction'))
        : undefined;
    const folded = consumerKind !== undefined && consumerKind === kindOf(reduction);
    if (folded) substitutes.set(init, partials);
    chains.push({
      function: functionName,
      producer: positionOf(producer) as number,
      consumer: positionOf(consumer),
      folded,
      reason: folded
        ? `both loops reduce with <${consumerKind}>: the second starts from the first's partial vector`
        : consumerKind === undefined
          ? `the ${op.name} does not start a vectorized reduction loop (MLIR would still substitute the partial vector)`
          : `<${kindOf(reduction)}> feeds <${consumerKind}>: kinds differ (MLIR would still fold)`,
    });
  };
  visit(func);
  if (substitutes.size === 0) return { func, chains };
  const mapping = new IRMapping();
  for (const [from, to] of substitutes) mapping.map(from, to);
  return { func: remapOperation(func, mapping), chains };
}
