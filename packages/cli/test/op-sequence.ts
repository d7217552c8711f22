/**
 * Op-for-op comparison of two modules printed by different tools: per function, every
 * non-constant op in walk order with its result types, attributes and operands, where an
 * operand is named by the constant it holds or by the position of its definition (so SSA
 * names and constant placement, which printers and drivers choose freely, do not matter),
 * plus the multiset of constants.
 */
import {
  type Attribute,
  definingOps,
  type Module,
  type Operation,
  printAttribute,
  printType,
  type Value,
  walkOperations,
} from '@tilekit/loop-ir';

/** What the comparison sees of one function. */
export interface FunctionOps {
  readonly name: string;
  readonly ops: readonly string[];
  readonly constants: readonly string[];
}

/** Options of {@link opSequence}. */
export interface OpSequenceOptions {
  /** Compare only the names of these ops (their operands and attributes may differ). */
  readonly namesOnly?: ((op: Operation) => boolean) | undefined;
}

function constantText(op: Operation): string {
  return `${printAttribute(op.attributes.value as Attribute)} : ${printType((op.results[0] as Value).type)}`;
}

/** The op sequence of every `func.func` of `module`. */
export function opSequence(module: Module, options: OpSequenceOptions = {}): FunctionOps[] {
  return module.operations.map((func) => {
    const defs = definingOps(func);
    const numbers = new Map<Value, number>();
    const ref = (v: Value): string => {
      const def = defs.get(v);
      if (def?.name === 'arith.constant') return `const(${constantText(def)})`;
      if (!numbers.has(v)) numbers.set(v, numbers.size);
      return `v${numbers.get(v)}`;
    };
    const ops: string[] = [];
    const constants: string[] = [];
    walkOperations(func, (op) => {
      for (const region of op.regions) for (const b of region.blocks) b.arguments.forEach(ref);
      if (op === func) return;
      if (op.name === 'arith.constant') {
        constants.push(constantText(op));
        return;
      }
      if (options.namesOnly?.(op)) {
        ops.push(op.name);
        op.results.forEach(ref);
        return;
      }
      const operands = op.operands.map(ref).join(', ');
      const attributes = Object.keys(op.attributes)
        .sort()
        .map((k) => `${k}=${printAttribute(op.attributes[k] as Attribute)}`)
        .join(', ');
      const results = op.results.map((r) => `${ref(r)}: ${printType(r.type)}`).join(', ');
      ops.push(`${results} = ${op.name}(${operands}) {${attributes}}`);
    });
    const sym = func.attributes.sym_name;
    const name = sym?.kind === 'string' ? sym.value : '';
    return { name, ops, constants: constants.sort() };
  });
}
