/**
 * SSA value naming, reproducing MLIR's AsmPrinter so our output matches `mlir-opt`:
 * a region's values are numbered before its nested regions; nested regions restart from the
 * counters of their parent (siblings reuse numbers); entry-block arguments are `%argN`;
 * some ops suggest names (`%c0`, `%cst`, `%true`, `%vscale`, `%dim`), uniqued with a
 * `_N` suffix from a shared conflict counter.
 */
import type { Block, Module, Operation, Region, Value } from '../ir/operation.js';
import { ScopedSet } from '../ir/scoped-set.js';
import { definingOps } from '../ir/walk.js';
import { printType } from './types.js';

/** `c<N>_vscale` for `arith.muli` of an index constant and `vector.vscale` (MLIR's MulIOp hint). */
function vscaleProductName(op: Operation, defs: ReadonlyMap<Value, Operation>): string | undefined {
  if (op.results[0]?.type.kind !== 'index') return undefined;
  const [lhs, rhs] = op.operands.map((v) => defs.get(v));
  const constantOf = (o: Operation | undefined) => {
    const v = o?.name === 'arith.constant' ? o.attributes.value : undefined;
    return v?.kind === 'integer' ? v.value : undefined;
  };
  const isVscale = (o: Operation | undefined) => o?.name === 'vector.vscale';
  const base = isVscale(rhs) ? constantOf(lhs) : isVscale(lhs) ? constantOf(rhs) : undefined;
  return base === undefined ? undefined : `c${base}_vscale`;
}

/**
 * The name an op suggests for its (single) result, as MLIR's getAsmResultNames;
 * `defs` maps values to their defining ops.
 */
function suggestedName(
  op: Operation,
  defs: ReadonlyMap<Value, Operation> = new Map(),
): string | undefined {
  switch (op.name) {
    case 'arith.muli':
      return vscaleProductName(op, defs);
    case 'arith.constant': {
      const v = op.attributes.value;
      if (v?.kind !== 'integer') return 'cst';
      if (v.type.kind === 'integer' && v.type.width === 1) return v.value === 0n ? 'false' : 'true';
      return v.type.kind === 'index' ? `c${v.value}` : `c${v.value}_${printType(v.type)}`;
    }
    case 'vector.vscale':
      return 'vscale';
    case 'memref.dim':
      return 'dim';
    default:
      return undefined;
  }
}

/** The names taken in a region and the regions around it. */
type NameScope = ScopedSet<string>;

interface Counters {
  value: number;
  argument: number;
  conflict: number;
}

/** Assigns a printed name (with `%`, and `#i` for multi-result groups) to every value. */
export class ValueNames {
  readonly #names = new Map<Value, string>();
  readonly #groups = new Map<Operation, string>();
  #defs: ReadonlyMap<Value, Operation> = new Map();

  /** Names every value nested under `module`. */
  static forModule(module: Module): ValueNames {
    const names = new ValueNames();
    names.#defs = definingOps(module);
    names.#numberTopLevel(module.operations);
    return names;
  }

  /** The printed name of `v`; values outside the named tree get `%<unknown>`. */
  of(v: Value): string {
    return this.#names.get(v) ?? `%<unknown:${v.id}>`;
  }

  /** Whether `v` was named (false means it is used outside its scope). */
  has(v: Value): boolean {
    return this.#names.has(v);
  }

  /** `%0` or `%0:2` for the result list of `op`. */
  resultBinding(op: Operation): string {
    const base = this.#groups.get(op) ?? '%<unknown>';
    return op.results.length > 1 ? `${base}:${op.results.length}` : base;
  }

  #numberTopLevel(ops: readonly Operation[]): void {
    const counters: Counters = { value: 0, argument: 0, conflict: 0 };
    const root = new ScopedSet<string>(undefined);
    for (const op of ops) this.#numberOp(op, counters, root);
    const work: { region: Region; counters: Counters; parent: NameScope }[] = [];
    const pushNested = (list: readonly Operation[], c: Counters, parent: NameScope) => {
      for (const op of list)
        for (const r of op.regions) work.push({ region: r, counters: { ...c }, parent });
    };
    pushNested(ops, counters, root);
    for (let item = work.pop(); item !== undefined; item = work.pop()) {
      const scope = new ScopedSet<string>(item.parent);
      for (const [i, block] of item.region.blocks.entries())
        this.#numberBlock(block, i === 0, item.counters, scope);
      pushNested(
        item.region.blocks.flatMap((b) => b.operations),
        item.counters,
        scope,
      );
    }
  }

  #numberBlock(block: Block, isEntry: boolean, c: Counters, scope: NameScope): void {
    for (const arg of block.arguments) {
      this.#names.set(
        arg,
        isEntry ? this.#unique(`arg${c.argument++}`, c, scope) : `%${c.value++}`,
      );
    }
    for (const op of block.operations) this.#numberOp(op, c, scope);
  }

  #numberOp(op: Operation, c: Counters, scope: NameScope): void {
    if (op.results.length === 0) return;
    const hint = op.results.length === 1 ? suggestedName(op, this.#defs) : undefined;
    const base = hint === undefined ? `%${c.value++}` : this.#unique(hint, c, scope);
    this.#groups.set(op, base);
    for (const [i, r] of op.results.entries()) {
      this.#names.set(r, op.results.length > 1 ? `${base}#${i}` : base);
    }
  }

  #unique(name: string, c: Counters, scope: NameScope): string {
    let candidate = name;
    while (scope.has(candidate)) candidate = `${name}_${c.conflict++}`;
    scope.add(candidate);
    return `%${candidate}`;
  }
}
