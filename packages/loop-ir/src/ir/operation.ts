/**
 * The constructors of the generic IR graph (its shapes: nodes.ts). Every node is frozen.
 * Values are identified by object identity (and a process-unique `id`); results and block
 * arguments are both {@link Value}s. Each constructor checks what it is given (one look at
 * every element, never a walk into nested IR): junk is a `LoopIrArgumentError` naming the
 * argument, not a node that fails later far from where it was made.
 */
import {
  expectArray,
  expectAttributes,
  expectBlock,
  expectBlocks,
  expectOperationSpec,
  expectOperations,
  expectRegions,
  expectTypes,
  expectValues,
  LoopIrArgumentError,
} from '../argument-checks.js';
import type { Block, Module, Operation, OperationSpec, Region, Value } from './nodes.js';
import type { Type } from './types.js';

export type { Block, Module, Operation, OperationSpec, Region, Value } from './nodes.js';

let nextValueId = 1;

/** Creates a fresh value (use a {@link Builder} in passes; this is the primitive). */
export function createValue(type: Type, nameHint?: string): Value {
  const id = nextValueId++;
  return Object.freeze(nameHint === undefined ? { id, type } : { id, type, nameHint });
}

/** Creates a frozen operation with fresh result values. */
export function createOperation(spec: OperationSpec): Operation {
  expectOperationSpec(spec);
  const types = spec.resultTypes ?? [];
  expectTypes(types, 'spec.resultTypes');
  const names = spec.resultNames;
  if (names !== undefined) expectArray(names, 'spec.resultNames', 'an array of names');
  const results = types.map((t, i) => {
    const name = names?.[i];
    if (name !== undefined && typeof name !== 'string')
      throw new LoopIrArgumentError(`spec.resultNames[${i}]`, 'a string or undefined', name);
    return createValue(t, name);
  });
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
  expectOperationSpec(spec);
  const { operands = [], attributes = {}, regions = [] } = spec;
  expectValues(operands, 'spec.operands');
  expectAttributes(attributes, 'spec.attributes');
  expectRegions(regions, 'spec.regions');
  expectValues(results, 'results');
  return Object.freeze({
    name: spec.name,
    operands: Object.freeze([...operands]),
    results: Object.freeze([...results]),
    attributes: Object.freeze({ ...attributes }),
    regions: Object.freeze([...regions]),
  });
}

/** `op` rebuilt with other regions: the same name, operands, attributes and result values. */
export function withRegions(op: Operation, regions: readonly Region[]): Operation {
  return withResults(
    { name: op.name, operands: op.operands, attributes: op.attributes, regions },
    op.results,
  );
}

/** A frozen block. */
export function createBlock(args: readonly Value[], operations: readonly Operation[]): Block {
  expectValues(args, 'args');
  expectOperations(operations, 'operations');
  return Object.freeze({
    arguments: Object.freeze([...args]),
    operations: Object.freeze([...operations]),
  });
}

/** A frozen region. */
export function createRegion(blocks: readonly Block[]): Region {
  expectBlocks(blocks, 'blocks');
  return Object.freeze({ blocks: Object.freeze([...blocks]) });
}

/** A frozen module. */
export function createModule(operations: readonly Operation[]): Module {
  expectOperations(operations, 'operations');
  return Object.freeze({ operations: Object.freeze([...operations]) });
}

/** The last operation of a block (its terminator, when the block is well formed). */
export function terminatorOf(block: Block): Operation | undefined {
  expectBlock(block);
  return block.operations[block.operations.length - 1];
}
