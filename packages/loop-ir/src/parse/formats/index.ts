/**
 * The custom-format parser table. Ops whose definition names a format family (binary,
 * unary, cast, cmp) share that family's parser; the rest have one entry each, keyed by name.
 */
import type { Attribute } from '../../ir/attributes.js';
import type { FormatName } from '../../ir/op-def.js';
import { getOpDef } from '../../ir/ops/index.js';
import type { ParsedOp } from '../parsed-op.js';
import type { Parser } from '../parser.js';
import type { RegionParser } from '../region.js';
import {
  normalizeArithAttributes,
  parseBinary,
  parseCast,
  parseCmp,
  parseConstant,
  parseSelect,
  parseUnary,
} from './arith.js';
import { parseCall, parseFunc, parseReturn } from './func.js';
import { parseAffineMapOp, parseDim, parseLoad, parseStore } from './memref.js';
import { parseCondition, parseFor, parseIf, parseWhile, parseYield } from './scf.js';
import * as vector from './vector.js';

/**
 * Parses the operands, types and attributes of one op in custom form (name consumed);
 * region-carrying ops parse their regions with `parseRegion`.
 */
type CustomParser = (p: Parser, name: string, parseRegion: RegionParser) => ParsedOp;

const FAMILIES: Readonly<Record<Exclude<FormatName, 'custom'>, CustomParser>> = {
  binary: parseBinary,
  unary: parseUnary,
  cast: parseCast,
  cmp: parseCmp,
};

const CUSTOM: ReadonlyMap<string, CustomParser> = new Map<string, CustomParser>([
  ['arith.constant', parseConstant],
  ['arith.select', parseSelect],
  ['func.func', parseFunc],
  ['func.return', parseReturn],
  ['func.call', parseCall],
  ['scf.for', parseFor],
  ['scf.if', parseIf],
  ['scf.while', parseWhile],
  ['scf.yield', parseYield],
  ['scf.condition', parseCondition],
  ['memref.load', parseLoad],
  ['memref.store', parseStore],
  ['memref.dim', parseDim],
  ['affine.apply', parseAffineMapOp],
  ['affine.min', parseAffineMapOp],
  ['affine.max', parseAffineMapOp],
  ['vector.broadcast', vector.parseBroadcast],
  ['vector.insert', vector.parseInsert],
  ['vector.extract', vector.parseExtract],
  ['vector.insertelement', vector.parseInsertElement],
  ['vector.extractelement', vector.parseExtractElement],
  ['vector.load', vector.parseVectorLoad],
  ['vector.store', vector.parseVectorStore],
  ['vector.maskedload', vector.parseMaskedLoad],
  ['vector.maskedstore', vector.parseMaskedStore],
  ['vector.gather', vector.parseGather],
  ['vector.scatter', vector.parseScatter],
  ['vector.create_mask', vector.parseCreateMask],
  ['vector.constant_mask', vector.parseConstantMask],
  ['vector.reduction', vector.parseReduction],
  ['vector.step', vector.parseStep],
  ['vector.vscale', vector.parseVscale],
]);

/** The custom-form parser of op `name`, if the package knows one. */
export function customParserFor(name: string): CustomParser | undefined {
  const format = getOpDef(name)?.format;
  return format !== undefined && format !== 'custom' ? FAMILIES[format] : CUSTOM.get(name);
}

/** Maps generic-form attributes onto the IR's conventions (see arith.ts). */
export function normalizeGenericAttributes(
  name: string,
  attrs: Readonly<Record<string, Attribute>>,
): Record<string, Attribute> {
  const out = normalizeArithAttributes(name, attrs);
  // vector.reduction's default fastmath is elided by the custom form too.
  if (out.fastmath?.kind === 'opaque' && out.fastmath.text.endsWith('<none>')) delete out.fastmath;
  return out;
}
