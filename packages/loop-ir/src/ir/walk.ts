/** Read-only traversals and def-use queries over the immutable IR. */
import {
  expectFunction,
  expectModule,
  expectOpContainer,
  expectString,
} from '../argument-checks.js';
import type { Block, Module, Operation, Region, Value } from './operation.js';

/** Anything that contains operations. */
export type OpContainer = Module | Operation | Block;

/**
 * Visits every operation nested under `root` in pre-order (an operation before the
 * operations in its regions). `root` itself is visited when it is an operation.
 */
export function walkOperations(root: OpContainer, visit: (op: Operation) => void): void {
  expectOpContainer(root);
  expectFunction(visit, 'visit');
  if ('regions' in root) {
    visit(root);
    walkRegions(root, visit);
  } else {
    walkList(root.operations, visit);
  }
}

// Indexed loops: the IR's arrays are frozen, and V8 runs flatMap, forEach and slice on frozen
// arrays through slow generic paths (every compile walks each function several times).
function walkRegions(op: Operation, visit: (op: Operation) => void): void {
  const regions = op.regions;
  for (let r = 0; r < regions.length; r++) {
    const blocks = (regions[r] as Region).blocks;
    for (let b = 0; b < blocks.length; b++) walkList((blocks[b] as Block).operations, visit);
  }
}

function walkList(ops: readonly Operation[], visit: (op: Operation) => void): void {
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i] as Operation;
    visit(op);
    walkRegions(op, visit);
  }
}

/** Map from each result value nested under `root` to the operation defining it. */
export function definingOps(root: OpContainer): Map<Value, Operation> {
  const defs = new Map<Value, Operation>();
  walkOperations(root, (op) => {
    for (let k = 0; k < op.results.length; k++) defs.set(op.results[k] as Value, op);
  });
  return defs;
}

/** Map from each value to the operations using it as an operand (under `root`). */
export function usersOf(root: OpContainer): Map<Value, Operation[]> {
  const users = new Map<Value, Operation[]>();
  walkOperations(root, (op) => {
    for (let k = 0; k < op.operands.length; k++) {
      const v = op.operands[k] as Value;
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
  expectModule(module);
  expectString(name, 'name');
  return module.operations.find((op) => {
    const sym = op.attributes.sym_name;
    return op.name === 'func.func' && sym?.kind === 'string' && sym.value === name;
  });
}
