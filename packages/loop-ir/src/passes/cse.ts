/**
 * Common subexpression elimination with the semantics of MLIR's `--cse` (CSE.cpp):
 *
 * - An op with no memory effects is replaced by an earlier identical op (same name, operands,
 *   attributes and result types) that dominates it: one in the same block, or in a block
 *   enclosing its own. Ops in sibling regions never merge.
 * - An op that only reads memory (a load or gather) is replaced by an identical earlier op
 *   only in the same block, and only when no op between them may write memory (any write,
 *   whatever memref it touches: there is no alias analysis, as in MLIR).
 * - An op whose results are unused when it is reached, and that only reads or touches no
 *   memory, is erased (MLIR's trivially dead ops; uses by other erased ops still count).
 * - Nested regions are simplified before the op that holds them; terminators stay.
 *
 * Not covered: ops holding regions are never merged (MLIR also merges two effect-free ops
 * with equivalent single-block regions), and a block of a multi-block region sees only the
 * values of its enclosing blocks, not those of the blocks that dominate it.
 */
import { expectModule } from '../argument-checks.js';
import type { AttributeMap } from '../ir/attributes.js';
import { attributeMapsEqual } from '../ir/attributes.js';
import {
  type Block,
  createBlock,
  createModule,
  createRegion,
  type Module,
  type Operation,
  type Region,
  type Value,
  withRegions,
  withResults,
} from '../ir/operation.js';
import { getOpDef } from '../ir/ops/index.js';
import { IRMapping } from '../ir/rewriter.js';
import { typeEquals } from '../ir/types.js';
import { walkOperations } from '../ir/walk.js';
import { printAttribute } from '../print/attributes.js';
import { printType } from '../print/types.js';
import {
  isMemoryEffectFree,
  mayWriteMemory,
  onlyReadsMemory,
  wouldBeTriviallyDead,
} from './effects.js';

/** An op available for reuse, with where it sits (read-only ops merge within one block). */
interface Known {
  readonly op: Operation;
  readonly block: Block;
  readonly index: number;
}

/** A hash of everything CSE compares; equal keys are confirmed structurally. */
function keyOf(op: Operation): string {
  const attributes = Object.keys(op.attributes)
    .sort()
    .map((name) => `${name}=${printAttribute(op.attributes[name] as AttributeMap[string])}`);
  const operands = op.operands.map((v) => v.id).join(',');
  const types = op.results.map((v) => printType(v.type)).join(',');
  return `${op.name}(${operands}){${attributes.join(',')}}->(${types})`;
}

function equivalent(a: Operation, b: Operation): boolean {
  return (
    a.name === b.name &&
    a.operands.length === b.operands.length &&
    a.operands.every((v, k) => v === b.operands[k]) &&
    a.results.length === b.results.length &&
    a.results.every((v, k) => typeEquals(v.type, (b.results[k] as Value).type)) &&
    attributeMapsEqual(a.attributes, b.attributes)
  );
}

/** One function's (or other isolated op's) CSE state. */
class CseDriver {
  readonly #uses = new Map<Value, number>();
  readonly #mapping = new IRMapping();
  readonly #scopes: Map<string, Known[]>[] = [];

  constructor(root: Operation) {
    walkOperations(root, (op) => {
      for (const v of op.operands) this.#uses.set(v, (this.#uses.get(v) ?? 0) + 1);
    });
  }

  simplifyRegion(region: Region): Region {
    // Each block gets its own scope (see "Not covered" above for multi-block regions).
    return createRegion(
      region.blocks.map((block) => {
        this.#scopes.push(new Map());
        try {
          return this.#simplifyBlock(block);
        } finally {
          this.#scopes.pop();
        }
      }),
    );
  }

  #simplifyBlock(block: Block): Block {
    const kept: Operation[] = [];
    for (const [index, original] of block.operations.entries()) {
      const op = this.#rebuild(original);
      if (!this.#simplifyOperation(op, block, index)) kept.push(op);
    }
    return createBlock(block.arguments, kept);
  }

  /** `op` with operands remapped to the values that replaced them and regions simplified. */
  #rebuild(op: Operation): Operation {
    const regions = op.regions.map((r) => this.simplifyRegion(r));
    const operands = op.operands.map((v) => this.#mapping.lookup(v));
    return withResults({ name: op.name, operands, attributes: op.attributes, regions }, op.results);
  }

  /** Whether `op` was erased (dead, or replaced by an earlier identical op). */
  #simplifyOperation(op: Operation, block: Block, index: number): boolean {
    if (getOpDef(op.name)?.traits.includes('terminator')) return false;
    if (op.results.every((r) => (this.#uses.get(r) ?? 0) === 0) && wouldBeTriviallyDead(op)) {
      return true;
    }
    if (op.regions.length > 0) return false;
    const readOnly = !isMemoryEffectFree(op);
    if (readOnly && !onlyReadsMemory(op)) return false;
    const existing = this.#lookup(op);
    const reusable =
      existing !== undefined &&
      (!readOnly || (existing.block === block && !writesBetween(block, existing.index, index)));
    if (reusable) {
      this.#replace(op, existing.op);
      return true;
    }
    this.#insert({ op, block, index });
    return false;
  }

  #lookup(op: Operation): Known | undefined {
    const key = keyOf(op);
    for (let s = this.#scopes.length - 1; s >= 0; s--) {
      const candidates = this.#scopes[s]?.get(key) ?? [];
      // The latest insertion shadows earlier ones, as in MLIR's scoped hash table.
      for (let k = candidates.length - 1; k >= 0; k--) {
        const known = candidates[k] as Known;
        if (equivalent(known.op, op)) return known;
      }
    }
    return undefined;
  }

  #insert(known: Known): void {
    const scope = this.#scopes[this.#scopes.length - 1];
    if (scope === undefined) throw new Error('internal: CSE outside any scope');
    const key = keyOf(known.op);
    scope.set(key, [...(scope.get(key) ?? []), known]);
  }

  #replace(op: Operation, by: Operation): void {
    for (const [k, result] of op.results.entries()) {
      const target = by.results[k] as Value;
      this.#mapping.map(result, target);
      this.#uses.set(target, (this.#uses.get(target) ?? 0) + (this.#uses.get(result) ?? 0));
    }
  }
}

/** Whether an op strictly between positions `from` and `to` of `block` may write memory. */
function writesBetween(block: Block, from: number, to: number): boolean {
  return block.operations.slice(from + 1, to).some(mayWriteMemory);
}

/**
 * Eliminates common subexpressions and trivially dead ops in every top-level op of `module`
 * (each `func.func` on its own, as it is isolated from above), like `mlir-opt --cse`.
 * The input is not modified.
 */
export function cse(module: Module): Module {
  expectModule(module);
  return createModule(
    module.operations.map((op) => {
      if (op.regions.length === 0) return op;
      const driver = new CseDriver(op);
      const regions = op.regions.map((r) => driver.simplifyRegion(r));
      return withRegions(op, regions);
    }),
  );
}
