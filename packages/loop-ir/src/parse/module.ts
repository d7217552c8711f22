/** Entry point: parses a whole MLIR file into a {@link Module}. */
import { expectString } from '../argument-checks.js';
import { createModule, type Module, type Operation } from '../ir/operation.js';
import { parseAttribute } from './attributes.js';
import { parseOptionalAttrDictWithKeyword } from './formats/common.js';
import { skipLocation } from './location.js';
import { parseOperation, regionParser } from './operations.js';
import { Parser } from './parser.js';

/**
 * Parses MLIR text: optional `#alias = ...` definitions, then either a `module { ... }`
 * (custom or generic `"builtin.module"`) or bare top-level operations. Locations and
 * comments are dropped; module attributes are not kept.
 *
 * @throws {MlirParseError} with line, column and what was expected;
 *   {LoopIrArgumentError} when `text` is not a string.
 */
export function parseModule(text: string): Module {
  expectString(text, 'text');
  const p = new Parser(text);
  parseAliases(p);
  const ops = parseTopLevel(p);
  parseAliases(p);
  if (!p.at('eof')) throw p.unexpected('end of input', 'after module');
  return createModule(ops);
}

function parseTopLevel(p: Parser): Operation[] {
  let ops: Operation[];
  if (p.at('bareId', 'module')) {
    p.next();
    if (p.at('symbol')) p.next();
    // NOTE: module attributes are parsed and dropped (a Module holds operations only).
    parseOptionalAttrDictWithKeyword(p);
    ops = topLevelOps(
      p,
      asModuleBody(p, () => regionParser(p)([], { isolated: true })),
    );
    skipLocation(p);
  } else if (p.at('string') && p.peek().value === 'builtin.module') {
    const op = asModuleBody(p, () => parseOperation(p));
    ops = topLevelOps(p, op.regions[0] ?? { blocks: [] });
  } else {
    ops = [];
    while (!p.at('eof') && !p.at('hashId')) ops.push(parseOperation(p));
  }
  return ops;
}

/** The module body is depth 0 of the region nesting limit (a function body is depth 1). */
function asModuleBody<T>(p: Parser, parse: () => T): T {
  return p.nested('region', parse, -1);
}

function topLevelOps(
  p: Parser,
  region: { blocks: readonly { operations: readonly Operation[] }[] },
): Operation[] {
  if (region.blocks.length > 1) throw p.error('module body must have a single block');
  return [...(region.blocks[0]?.operations ?? [])];
}

/** `#name = attribute` and `#loc = loc(...)` definitions (locations are skipped). */
function parseAliases(p: Parser): void {
  while (p.at('hashId')) {
    const name = p.next();
    if (name.text.includes('.'))
      throw p.error(`expected alias name, found dialect attribute '${name.text}'`, undefined, name);
    p.expect('=', 'in attribute alias definition');
    if (p.at('bareId', 'loc')) {
      skipLocation(p);
      continue;
    }
    if (p.attributeAliases.has(name.text))
      throw p.error(`redefinition of attribute alias '${name.text}'`, undefined, name);
    p.attributeAliases.set(name.text, parseAttribute(p, 'in alias definition'));
  }
}
