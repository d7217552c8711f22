/**
 * What a custom-format parser hands back to the operation parser: its own file so that the
 * format table and the operation parser that dispatches to it both depend on it, not on
 * each other.
 */
import type { Attribute } from '../ir/attributes.js';
import type { Region, Value } from '../ir/operation.js';
import type { Type } from '../ir/types.js';

/** What a custom-format parser produces (results are created from `resultTypes`). */
export interface ParsedOp {
  /** Canonical op name when the syntax is an alias (`vector.insertelement` -> `vector.insert`). */
  readonly name?: string;
  readonly operands: readonly Value[];
  readonly resultTypes: readonly Type[];
  readonly attributes?: Readonly<Record<string, Attribute>>;
  readonly regions?: readonly Region[];
}
