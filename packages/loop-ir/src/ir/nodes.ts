/**
 * The shapes of the generic IR graph, shaped like MLIR's: an {@link Operation} has a name,
 * operands, results, attributes and regions; a {@link Region} is a list of {@link Block}s; a
 * block has arguments and operations. A file of their own, below the constructors
 * (operation.ts) and the argument checks that read them, so neither imports the other.
 */
import type { AttributeMap } from './attribute-shapes.js';
import type { Type } from './type-shapes.js';

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
