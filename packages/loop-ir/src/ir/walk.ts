/** Read-only traversals and def-use queries over the immutable IR. */
import type { Block, Module, Operation, Value } from './operation.js';

/** Anything that contains operations. */
export type OpContainer = Module | Operation | Block;

function childOps(root: OpContainer): readonly Operation[] {
  if ('regions' in root) return root.regions.flatMap((r) => r.blocks.flatMap((b) => b.operations));
  return root.operations;
}

/**
 * Visits every operation nested under `root` in pre-order (an operation before the
 * operations in its regions). `root` itself is visited when it is an operation.
 */
export function walkOperations(root: OpContainer, visit: (op: Operation) => void): void {
  if ('regions' in root) visit(root);
  for (const op of childOps(root)) walkOperations(op, visit);
}

/** Map from each result value nested under `root` to the operation defining it. */
export function definingOps(root: OpContainer): Map<Value, Operation> {
  const defs = new Map<Value, Operation>();
  walkOperations(root, (op) => {
    for (const r of op.results) defs.set(r, op);
  });
  return defs;
}

/** Map from each value to the operations using it as an operand (under `root`). */
export function usersOf(root: OpContainer): Map<Value, Operation[]> {
  const users = new Map<Value, Operation[]>();
  walkOperations(root, (op) => {
    for (const v of op.operands) {
      const list = users.get(v);
      if (list === undefined) users.set(v, [op]);
      // Each op is visited once with all its operands in a row, so a repeat is the last entry
      // (includes() here made the map quadratic in the uses of a value).
      else if (list[list.length - 1] !== op) list.push(op);
    }
  });
  return users;
}

/** Finds `func.func @name` in a module. */
export function findFunction(module: Module, name: string): Operation | undefined {
  return module.operations.find((op) => {
    const sym = op.attributes.sym_name;
    return op.name === 'func.func' && sym?.kind === 'string' && sym.value === name;
  });
}
