/**
 * What a custom format sees of the printer: its own file so that the format table and the
 * printer that dispatches to it both depend on this interface, not on each other.
 */
import type { Attribute, AttributeMap } from '../ir/attributes.js';
import type { Operation, Region, Value } from '../ir/operation.js';
import type { Type } from '../ir/types.js';

/** How a region is printed by its parent op's format. */
export interface RegionStyle {
  /** Print the entry block's `^bb0(args):` label (when it has arguments). */
  readonly entryArgs: boolean;
  /** Print the block terminators (scf.for/if omit an operand-less `scf.yield`). */
  readonly terminators: boolean;
}

/** Printing context handed to custom formats. */
export interface Printer {
  /** The SSA name of `v`. */
  value(v: Value): string;
  /** Comma-separated SSA names. */
  values(vs: readonly Value[]): string;
  type(t: Type): string;
  types(ts: readonly Type[]): string;
  /** An attribute value (affine maps through module aliases). */
  attr(a: Attribute): string;
  /** ` {…}` of the attributes not in `elided`, or '' (leading space included). */
  attrDict(attrs: AttributeMap, elided?: readonly string[]): string;
  /** ` attributes {…}` form used by func.func and scf.while, or ''. */
  attrDictWithKeyword(attrs: AttributeMap, elided?: readonly string[]): string;
  /** `%arg: T, ...` list. */
  typedValues(vs: readonly Value[]): string;
  /** One operation (possibly spanning lines); `indent` is the current line's indentation. */
  op(op: Operation, indent: string): string;
  /** `{\n … \n<indent>}` for a region of an op printed at `indent`. */
  region(region: Region, indent: string, style: RegionStyle): string;
}
