/**
 * The op printer: custom form for every op the package defines (format table in
 * src/print/formats), generic form otherwise. Output follows `mlir-opt`'s layout: affine map
 * aliases first, `module {`, two-space indentation, MLIR's SSA names.
 */
import { expectModule, expectOperation } from '../argument-checks.js';
import {
  type Attribute,
  type AttributeMap,
  CMPF_PREDICATES,
  CMPI_PREDICATES,
  integerAttr,
} from '../ir/attributes.js';
import type { Block, Module, Operation, Region, Value } from '../ir/operation.js';
import type { Type } from '../ir/types.js';
import { functionType, i64 } from '../ir/types.js';
import { AffineMapAliases, printAttribute, printAttributeDict } from './attributes.js';
import type { Printer, RegionStyle } from './format-context.js';
import { customPrinterFor } from './formats/index.js';
import { ValueNames } from './names.js';
import { printType, printTypes } from './types.js';

/** The printer behind {@link Printer}: value names and affine map aliases of one module. */
class ModulePrinter implements Printer {
  readonly #names: ValueNames;
  readonly #aliases: AffineMapAliases;

  constructor(names: ValueNames, aliases: AffineMapAliases) {
    this.#names = names;
    this.#aliases = aliases;
  }

  value(v: Value): string {
    return this.#names.of(v);
  }

  values(vs: readonly Value[]): string {
    return vs.map((v) => this.value(v)).join(', ');
  }

  type(t: Type): string {
    return printType(t);
  }

  types(ts: readonly Type[]): string {
    return printTypes(ts);
  }

  /** An attribute value (affine maps through module aliases). */
  attr(a: Attribute): string {
    return printAttribute(a, { aliases: this.#aliases });
  }

  /** ` {…}` of the attributes not in `elided`, or '' (leading space included). */
  attrDict(attrs: AttributeMap, elided: readonly string[] = []): string {
    const text = printAttributeDict(attrs, elided, { aliases: this.#aliases });
    return text === '' ? '' : ` ${text}`;
  }

  /** ` attributes {…}` form used by func.func and scf.while, or ''. */
  attrDictWithKeyword(attrs: AttributeMap, elided: readonly string[] = []): string {
    const text = printAttributeDict(attrs, elided, { aliases: this.#aliases });
    return text === '' ? '' : ` attributes ${text}`;
  }

  /** `%arg: T, ...` list. */
  typedValues(vs: readonly Value[]): string {
    return vs.map((v) => `${this.value(v)}: ${printType(v.type)}`).join(', ');
  }

  /** One operation (possibly spanning lines); `indent` is the current line's indentation. */
  op(op: Operation, indent: string): string {
    const results = op.results.length > 0 ? `${this.#names.resultBinding(op)} = ` : '';
    const custom = customPrinterFor(op.name);
    return results + (custom === undefined ? this.#generic(op, indent) : custom(op, this, indent));
  }

  /** `{\n … \n<indent>}` for a region of an op printed at `indent`. */
  region(region: Region, indent: string, style: RegionStyle): string {
    const inner = `${indent}  `;
    const lines: string[] = [];
    for (const [i, block] of region.blocks.entries()) {
      if (i > 0 || (style.entryArgs && block.arguments.length > 0)) {
        lines.push(`${indent}${this.#blockLabel(block, i)}`);
      }
      const ops = style.terminators ? block.operations : withoutEmptyYield(block.operations);
      for (const op of ops) lines.push(inner + this.op(op, inner));
    }
    return lines.length === 0 ? `{\n${indent}}` : `{\n${lines.join('\n')}\n${indent}}`;
  }

  #blockLabel(block: Block, index: number): string {
    const args = block.arguments.length > 0 ? `(${this.typedValues(block.arguments)})` : '';
    return `^bb${index}${args}:`;
  }

  #generic(op: Operation, indent: string): string {
    const regions =
      op.regions.length > 0
        ? ` (${op.regions.map((r) => this.region(r, indent, { entryArgs: true, terminators: true })).join(', ')})`
        : '';
    const attrs = genericAttributes(op.attributes);
    const type = functionType(
      op.operands.map((v) => v.type),
      op.results.map((v) => v.type),
    );
    return `"${op.name}"(${this.values(op.operands)})${regions}${this.attrDict(attrs)} : ${printType(type)}`;
  }
}

function withoutEmptyYield(ops: readonly Operation[]): readonly Operation[] {
  const last = ops[ops.length - 1];
  return last?.name === 'scf.yield' && last.operands.length === 0 ? ops.slice(0, -1) : ops;
}

/** Attributes as the generic form spells them (predicates are enum integers). */
function genericAttributes(attrs: AttributeMap): AttributeMap {
  const out: Record<string, Attribute> = { ...attrs };
  for (const [k, v] of Object.entries(attrs)) {
    if (v.kind === 'predicate') {
      const table = v.family === 'cmpi' ? CMPI_PREDICATES : CMPF_PREDICATES;
      out[k] = integerAttr(table.indexOf(v.value), i64);
    }
  }
  return out;
}

function printTopLevel(ops: readonly Operation[]): { aliases: string; body: string } {
  const names = ValueNames.forModule({ operations: ops });
  const aliases = new AffineMapAliases();
  const printer = new ModulePrinter(names, aliases);
  const body = ops.map((op) => `  ${printer.op(op, '  ')}\n`).join('');
  return { aliases: aliases.definitions(), body };
}

/**
 * Prints a module as `mlir-opt` would: `#map` aliases, then `module { ... }`.
 * Deterministic: equal modules print equal text.
 */
export function printModule(module: Module): string {
  expectModule(module);
  const { aliases, body } = printTopLevel(module.operations);
  return `${aliases}module {\n${body}}\n`;
}

/** Prints one operation (with its regions and any `#map` aliases it uses), unindented. */
export function printOperation(op: Operation): string {
  expectOperation(op);
  const { aliases, body } = printTopLevel([op]);
  const text = body
    .split('\n')
    .map((l) => l.slice(2))
    .join('\n');
  return aliases + text;
}
