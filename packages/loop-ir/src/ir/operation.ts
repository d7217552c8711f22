/**
 * The generic IR graph, shaped like MLIR's: an {@link Operation} has a name, operands,
 * results, attributes and regions; a {@link Region} is a list of {@link Block}s; a block has
 * arguments and operations. Every node is frozen. Values are identified by object identity
 * (and a process-unique `id`); results and block arguments are both {@link Value}s.
 */
import type { AttributeMap } from './attributes.js';
import type { Type } from './types.js';

/** An SSA value: an operation result or a block argument. */
export interface Value {
  /** Process-unique id; printing never uses it (names are assigned by position). */
  readonly id: number;
  readonly type: Type;
  /** Preferred printed name without `%` (e.g. `cst`, `vscale`); a hint only. */
  readonly nameHint?: string;
}

/** A generic operation. Semantics come from the op definition registered under `name`. */
export interface Operation {
  readonly name: string;
  readonly operands: readonly Value[];
  readonly results: readonly Value[];
  readonly attributes: AttributeMap;
  readonly regions: readonly Region[];
}

/** A basic block. Its last operation is the terminator when the parent op requires one. */
export interface Block {
  readonly arguments: readonly Value[];
  readonly operations: readonly Operation[];
}

/** A list of blocks owned by an operation. */
export interface Region {
  readonly blocks: readonly Block[];
}

/** A `builtin.module`: top-level operations (normally `func.func`). */
export interface Module {
  readonly operations: readonly Operation[];
}

let nextValueId = 1;

/** Creates a fresh value (use a {@link Builder} in passes; this is the primitive). */
export function createValue(type: Type, nameHint?: string): Value {
  const id = nextValueId++;
  return Object.freeze(nameHint === undefined ? { id, type } : { id, type, nameHint });
}

/** Everything needed to create an operation; results are created fresh from `resultTypes`. */
export interface OperationSpec {
  readonly name: string;
  readonly operands?: readonly Value[];
  readonly resultTypes?: readonly Type[];
  readonly attributes?: AttributeMap;
  readonly regions?: readonly Region[];
  /** Optional name hints for the results, by position. */
  readonly resultNames?: readonly (string | undefined)[];
}

/** Creates a frozen operation with fresh result values. */
export function createOperation(spec: OperationSpec): Operation {
  const results = (spec.resultTypes ?? []).map((t, i) => createValue(t, spec.resultNames?.[i]));
  return withResults(spec, results);
}

/**
 * Creates a frozen operation that reuses the given result values (used when rebuilding an op
 * in place: same results, new operands or regions).
 */
export function withResults(
  spec: Omit<OperationSpec, 'resultTypes' | 'resultNames'>,
  results: readonly Value[],
): Operation {
  return Object.freeze({
    name: spec.name,
    operands: Object.freeze([...(spec.operands ?? [])]),
    results: Object.freeze([...results]),
    attributes: Object.freeze({ ...(spec.attributes ?? {}) }),
    regions: Object.freeze([...(spec.regions ?? [])]),
  });
}

/** A frozen block. */
export function createBlock(args: readonly Value[], operations: readonly Operation[]): Block {
  return Object.freeze({
    arguments: Object.freeze([...args]),
    operations: Object.freeze([...operations]),
  });
}

/** A frozen region. */
export function createRegion(blocks: readonly Block[]): Region {
  return Object.freeze({ blocks: Object.freeze([...blocks]) });
}

/** A frozen module. */
export function createModule(operations: readonly Operation[]): Module {
  return Object.freeze({ operations: Object.freeze([...operations]) });
}

/** The last operation of a block (its terminator, when the block is well formed). */
export function terminatorOf(block: Block): Operation | undefined {
  return block.operations[block.operations.length - 1];
}
