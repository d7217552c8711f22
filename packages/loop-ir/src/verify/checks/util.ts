/** Helpers shared by the structural checks. */
import type { Block, Operation, Value } from '../../ir/operation.js';
import { type Type, typeEquals } from '../../ir/types.js';
import { printType } from '../../print/types.js';

/** `(f32, index)` text of a type list. */
export function typeList(types: readonly Type[]): string {
  return `(${types.map(printType).join(', ')})`;
}

/** Pairwise type equality of two lists. */
export function sameTypes(a: readonly Type[], b: readonly Type[]): boolean {
  return a.length === b.length && a.every((t, i) => typeEquals(t, b[i] as Type));
}

/** Types of values. */
export function typesOf(values: readonly Value[]): Type[] {
  return values.map((v) => v.type);
}

/** The single block of region `i`, or a failure message. */
export function singleBlock(op: Operation, i: number): Block | string {
  const region = op.regions[i];
  if (region === undefined) return `expects region #${i}`;
  if (region.blocks.length !== 1)
    return `expects region #${i} to have exactly one block, got ${region.blocks.length}`;
  return region.blocks[0] as Block;
}

/** The terminator of `block` if it is `name`, else undefined. */
export function terminatorNamed(block: Block, name: string): Operation | undefined {
  const last = block.operations[block.operations.length - 1];
  return last?.name === name ? last : undefined;
}
