/**
 * Vectorizes the whole corpus with one option set, by us and by mlir-opt-22, once per test
 * file (cached): our module, its text and report, and MLIR's output parsed back.
 */
import {
  definingOps,
  type Module,
  type Operation,
  parseModule,
  printModule,
  type Value,
  walkOperations,
} from '@tilekit/loop-ir';
import type { Kernel } from '@tilekit/test-support';
import { runChunks } from '@tilekit/test-support';
import { type VectorizeReport, vectorize } from '../../src/index.js';
import { listLoops } from '../../src/loops.js';
import type { OptionSet } from './option-sets.js';

/** Both vectorizations of one kernel. */
export interface Versions {
  readonly kernel: Kernel;
  readonly ours: {
    readonly module: Module;
    readonly text: string;
    readonly report: VectorizeReport;
  };
  /** MLIR's output module, or the error mlir-opt-22 gave. */
  readonly mlir: { readonly module: Module } | { readonly error: string };
}

const cache = new Map<string, Map<string, Versions>>();

/** Vectorizes every kernel with `set` (ours and mlir-opt-22), memoized per option set. */
export function vectorizeCorpus(corpus: readonly Kernel[], set: OptionSet): Map<string, Versions> {
  const hit = cache.get(set.label);
  if (hit !== undefined) return hit;
  const mlirOut = runChunks(
    corpus.map((k) => k.text),
    [`--sparse-vectorization=${set.flag}`],
  );
  const out = new Map<string, Versions>();
  corpus.forEach((kernel, k) => {
    const result = vectorize(kernel.module, set.options);
    const chunk = mlirOut[k];
    const mlir =
      chunk?.ok === true
        ? { module: parseModule(chunk.text) }
        : { error: chunk?.error ?? 'missing' };
    out.set(kernel.name, {
      kernel,
      ours: { module: result.module, text: printModule(result.module), report: result.report },
      mlir,
    });
  });
  cache.set(set.label, out);
  return out;
}

/** The single function of a corpus module. */
export function onlyFunction(module: Module): Operation {
  const func = module.operations.find((op) => op.name === 'func.func');
  if (func === undefined) throw new Error('module without a function');
  return func;
}

function touchesVectors(op: Operation): boolean {
  return [...op.operands, ...op.results].some((v) => v.type.kind === 'vector');
}

/**
 * Per loop (pre-order), whether it was vectorized: its step is no longer the constant 1 and
 * its own body (not a nested loop's) computes on vectors. Reduction inits and horizontal
 * reductions of a vectorized inner loop sit in the outer body but leave its step alone.
 */
export function loopDecisions(module: Module): boolean[] {
  const func = onlyFunction(module);
  const defs = definingOps(func);
  return listLoops(func).map((site) => {
    const step = defs.get(site.op.operands[2] as Value);
    const stepValue = step?.attributes.value;
    const unitStep =
      step?.name === 'arith.constant' && stepValue?.kind === 'integer' && stepValue.value === 1n;
    return !unitStep && (site.op.regions[0]?.blocks[0]?.operations ?? []).some(touchesVectors);
  });
}

/** How many times each op name occurs in the module. */
export function opCounts(module: Module): Map<string, number> {
  const counts = new Map<string, number>();
  walkOperations(module, (op) => {
    if (op.name !== 'func.func') counts.set(op.name, (counts.get(op.name) ?? 0) + 1);
  });
  return counts;
}

/** `counts` as a sorted plain object (readable in assertion diffs). */
export function asRecord(counts: ReadonlyMap<string, number>): Record<string, number> {
  return Object.fromEntries(
    [...counts].filter(([, n]) => n !== 0).sort(([a], [b]) => a.localeCompare(b)),
  );
}
