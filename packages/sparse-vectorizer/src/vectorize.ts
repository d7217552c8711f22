/**
 * `vectorize(module, options)`: the sparse vectorization pass. Loops are rewritten in one pass
 * over each function, innermost first, each loop once the loops inside it are rewritten (so
 * every analysis sees the IR it rewrites); then reduction chains are folded and the result canonicalized as MLIR's
 * greedy driver would. The input module is never modified.
 */

import type { Module, Operation } from '@tilekit/loop-ir';
import {
  createModule,
  definingOps,
  IRMapping,
  isFrozenModule,
  remapOperation,
  walkOperations,
} from '@tilekit/loop-ir';
import { VectorizerArgumentError } from './argument-checks.js';
import { canonicalizeFunction, hoistConstants } from './canonicalize/index.js';
import { foldReductionChains } from './chain.js';
import { innermostFirst, listLoops } from './loops.js';
import { resolveOptions, type VectorizeOptions, type VL } from './options.js';
import type { ChainReport, LoopReport, VectorizeResult } from './report.js';
import { rewriteForOp } from './stmt.js';

/**
 * What {@link vectorize} made of each immutable module, per resolved options. Weak: the
 * entries go with the module (`sparsify`'s bounded kernel cache keeps its modules alive).
 */
const VECTORIZED = new WeakMap<Module, Map<string, VectorizeResult>>();

/**
 * Vectorizes the sparsifier's loops in `module` (MLIR's `--sparse-vectorization`), with the
 * three correctness fixes documented in the README. Returns the new module and a report
 * with, for every `scf.for`, whether it was vectorized or why not.
 *
 * A module whose every node is frozen (as every module the IR's builders, parser and passes
 * make) cannot change, so a repeat call with the same module object and equal options returns
 * the (frozen) result of the first, without vectorizing again.
 *
 * @throws {VectorizeOptionsError} when `options.vectorLength` is not a positive integer.
 */
export function vectorize(module: Module, options: VectorizeOptions): VectorizeResult {
  if (typeof module !== 'object' || module === null || !Array.isArray(module.operations)) {
    throw new VectorizerArgumentError(
      'module',
      'a Module (from parseModule or buildModule)',
      module,
    );
  }
  const vl = resolveOptions(options);
  const key = optionsKey(vl);
  const known = key === undefined ? undefined : VECTORIZED.get(module)?.get(key);
  if (known !== undefined) return known;
  const result = vectorizeModule(module, vl);
  if (key !== undefined && isFrozenModule(module)) {
    const byKey = VECTORIZED.get(module) ?? new Map<string, VectorizeResult>();
    VECTORIZED.set(module, byKey.set(key, result));
  }
  return result;
}

/** The options spelled, or `undefined` when a flag is not a boolean (then nothing is cached). */
function optionsKey(vl: VL): string | undefined {
  const { vectorLength, enableVLAVectorization, enableSIMDIndex32, halfWidthShortReductions } = vl;
  if (typeof enableVLAVectorization !== 'boolean' || typeof enableSIMDIndex32 !== 'boolean')
    return undefined;
  return `${vectorLength},${enableVLAVectorization},${enableSIMDIndex32},${halfWidthShortReductions}`;
}

/** {@link vectorize} without the cache. */
function vectorizeModule(module: Module, vl: VL): VectorizeResult {
  const loops: LoopReport[] = [];
  const chains: ChainReport[] = [];
  const operations = module.operations.map((op) => {
    if (op.name !== 'func.func') return op;
    const name = functionName(op);
    const vectorized = vectorizeFunction(hoistConstants(op).func, name, vl, loops);
    const chained = foldReductionChains(vectorized, name);
    chains.push(...chained.chains);
    return canonicalizeFunction(chained.func);
  });
  return Object.freeze({
    module: createModule(operations),
    report: Object.freeze({ loops: Object.freeze(loops), chains: Object.freeze(chains) }),
  });
}

function functionName(func: Operation): string {
  const sym = func.attributes.sym_name;
  return sym?.kind === 'string' ? sym.value : '';
}

function vectorizeFunction(
  func: Operation,
  name: string,
  vl: VL,
  reports: LoopReport[],
): Operation {
  const sites = listLoops(func);
  // The rewrite below meets the loops in this order: every op after the ops it encloses.
  const order = innermostFirst(sites);
  let visited = 0;
  const defs = definingOps(func);
  const decided: LoopReport[] = [];
  const rewritten = remapOperation(func, new IRMapping(), (op) => {
    // Each op is met once it is rebuilt (its loops rewritten), before any op that uses it.
    for (const v of op.results) defs.set(v, op);
    if (op.name !== 'scf.for') return undefined;
    const position = order[visited++];
    const site = position === undefined ? undefined : sites[position];
    if (site === undefined) throw new Error('internal: loop positions changed during rewriting');
    // The short path pays off over many short reductions (a matrix's rows); one that runs once
    // per call (a dot product) would gain at most one partial step and carry both paths' code.
    const siteVl = site.repeated ? vl : { ...vl, halfWidthShortReductions: false };
    const result = rewriteForOp(op, defs, siteVl);
    const where = { function: name, loop: site.position, depth: site.depth };
    if (!('replacement' in result)) {
      decided.push({ ...where, vectorized: false, code: result.code, reason: result.detail });
      return undefined;
    }
    decided.push({
      ...where,
      vectorized: true,
      form: result.form,
      ...(result.kind === undefined ? {} : { kind: result.kind }),
    });
    for (const made of result.replacement.operations) {
      walkOperations(made, (inner) => {
        for (const v of inner.results) defs.set(v, inner);
      });
    }
    return result.replacement;
  });
  reports.push(...decided.sort((a, b) => a.loop - b.loop));
  return rewritten;
}
