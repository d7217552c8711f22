/**
 * Functional rewriting: passes never mutate their input; they build new blocks, regions and
 * modules. {@link IRMapping} records value substitutions; {@link cloneOperation} deep-copies
 * an op tree with fresh values; {@link rewriteModule} rebuilds a module, letting a callback
 * replace individual operations while uses of replaced results are remapped everywhere.
 */
import {
  expectBlock,
  expectFunction,
  expectModule,
  expectOperation,
  expectRegion,
  expectReplacement,
  expectValues,
  LoopIrArgumentError,
} from '../argument-checks.js';
import {
  type Block,
  createBlock,
  createModule,
  createOperation,
  createRegion,
  createValue,
  type Module,
  type Operation,
  type Region,
  type Value,
  withResults,
} from './operation.js';

/** A value substitution map (MLIR's IRMapping). Unmapped values map to themselves. */
export class IRMapping {
  readonly #map = new Map<Value, Value>();

  /** Records `from -> to` (later calls override). */
  map(from: Value, to: Value): this {
    this.#map.set(from, to);
    return this;
  }

  /** Records pairwise mappings of two equally long lists. */
  mapAll(from: readonly Value[], to: readonly Value[]): this {
    expectValues(from, 'from');
    expectValues(to, 'to');
    if (from.length !== to.length) {
      throw new LoopIrArgumentError('to', `${from.length} values, one for each of from`, to);
    }
    for (const [i, v] of from.entries()) this.map(v, to[i] as Value);
    return this;
  }

  /** The substitute of `v`, following chains (`a -> b -> c` gives `c`), else `v`. */
  lookup(v: Value): Value {
    let cur = v;
    for (
      let next = this.#map.get(cur);
      next !== undefined && next !== cur;
      next = this.#map.get(cur)
    ) {
      cur = next;
    }
    return cur;
  }

  /** Whether `v` has a recorded substitute. */
  has(v: Value): boolean {
    return this.#map.has(v);
  }
}

/** `value` is a mapping (an optional one has taken its default by the time this looks). */
function expectMapping(value: unknown): asserts value is IRMapping {
  if (!(value instanceof IRMapping))
    throw new LoopIrArgumentError('mapping', 'an IRMapping', value);
}

/**
 * Deep-copies `op`: fresh result and block-argument values (recorded in `mapping`), operands
 * remapped through `mapping`. Values defined outside `op` and not mapped are kept.
 */
export function cloneOperation(op: Operation, mapping: IRMapping = new IRMapping()): Operation {
  expectOperation(op);
  expectMapping(mapping);
  const regions = op.regions.map((r) => cloneRegion(r, mapping));
  const clone = createOperation({
    name: op.name,
    operands: op.operands.map((v) => mapping.lookup(v)),
    resultTypes: op.results.map((v) => v.type),
    resultNames: op.results.map((v) => v.nameHint),
    attributes: op.attributes,
    regions,
  });
  mapping.mapAll(op.results, clone.results);
  return clone;
}

/** Deep-copies a region (see {@link cloneOperation}). */
export function cloneRegion(region: Region, mapping: IRMapping = new IRMapping()): Region {
  expectRegion(region);
  expectMapping(mapping);
  return createRegion(
    region.blocks.map((block) => {
      const args = block.arguments.map((a) => createValue(a.type, a.nameHint));
      mapping.mapAll(block.arguments, args);
      return createBlock(
        args,
        block.operations.map((o) => cloneOperation(o, mapping)),
      );
    }),
  );
}

/**
 * What a rewrite callback returns for one operation: the operations to put in its place and
 * the values that replace its results (one per result, in order).
 */
export interface Replacement {
  readonly operations: readonly Operation[];
  readonly results: readonly Value[];
}

/**
 * Called for every operation, innermost first, after its operands were remapped and its
 * regions rewritten. Return `undefined` to keep the (remapped) operation.
 */
export type RewriteFn = (op: Operation) => Replacement | undefined;

/** Rebuilds a block through `rewrite`; `mapping` carries result substitutions to later uses. */
export function rewriteBlock(
  block: Block,
  rewrite: RewriteFn,
  mapping: IRMapping = new IRMapping(),
): Block {
  expectBlock(block);
  expectFunction(rewrite, 'rewrite');
  expectMapping(mapping);
  const out: Operation[] = [];
  for (const op of block.operations) {
    const remapped = remapOperation(op, mapping, rewrite);
    const replacement = rewrite(remapped);
    expectReplacement(replacement, op.results.length, 'rewrite');
    if (replacement === undefined) {
      out.push(remapped);
      continue;
    }
    out.push(...replacement.operations);
    mapping.mapAll(op.results, replacement.results);
  }
  return createBlock(block.arguments, out);
}

/** Rebuilds every function body of `module` through `rewrite` (the input is unchanged). */
export function rewriteModule(module: Module, rewrite: RewriteFn): Module {
  expectModule(module);
  expectFunction(rewrite, 'rewrite');
  const mapping = new IRMapping();
  return createModule(module.operations.map((op) => remapOperation(op, mapping, rewrite)));
}

/**
 * Returns `op` with operands remapped and regions rebuilt (through `rewrite` when given),
 * keeping its result values; returns `op` itself when nothing changed.
 */
export function remapOperation(op: Operation, mapping: IRMapping, rewrite?: RewriteFn): Operation {
  expectOperation(op);
  expectMapping(mapping);
  if (rewrite !== undefined) expectFunction(rewrite, 'rewrite');
  const operands = op.operands.map((v) => mapping.lookup(v));
  const regions = op.regions.map((r) =>
    createRegion(r.blocks.map((b) => rewriteBlock(b, rewrite ?? (() => undefined), mapping))),
  );
  const unchanged =
    operands.every((v, i) => v === op.operands[i]) &&
    regions.every((r, i) => r.blocks.every((b, j) => sameBlock(b, op.regions[i]?.blocks[j])));
  if (unchanged) return op;
  return withResults({ name: op.name, operands, attributes: op.attributes, regions }, op.results);
}

function sameBlock(a: Block, b: Block | undefined): boolean {
  return (
    b !== undefined &&
    a.operations.length === b.operations.length &&
    a.operations.every((o, i) => o === b.operations[i])
  );
}

/**
 * Replaces, in `block`, the operations for which `replace` returns a {@link Replacement}
 * (top level of the block only); later uses of their results are remapped, nested ones too.
 */
export function replaceOpsInBlock(block: Block, replace: RewriteFn): Block {
  expectBlock(block);
  expectFunction(replace, 'replace');
  const mapping = new IRMapping();
  const out: Operation[] = [];
  for (const op of block.operations) {
    const remapped = remapOperation(op, mapping);
    const replacement = replace(remapped);
    expectReplacement(replacement, op.results.length, 'replace');
    if (replacement === undefined) {
      out.push(remapped);
    } else {
      out.push(...replacement.operations);
      mapping.mapAll(op.results, replacement.results);
    }
  }
  return createBlock(block.arguments, out);
}
