/** Custom formats of `vector` ops. */
import {
  COMBINING_KINDS,
  type CombiningKind,
  combiningKindAttr,
  denseArrayAttr,
} from '../../ir/attributes.js';
import type { Value } from '../../ir/operation.js';
import { DYNAMIC_POSITION } from '../../ir/position.js';
import { index, type Type, type VectorType } from '../../ir/types.js';
import { int64FromLiteral, literalText, parseNumberLiteral } from '../literals.js';
import type { ParsedOp } from '../parsed-op.js';
import type { Parser, ValueRef } from '../parser.js';
import { parseType } from '../types.js';
import {
  parseColonType,
  parseColonTypeList,
  parseFlags,
  parseOneOperandTo,
  parseOptionalAttrDict,
  parseSubscripted,
  resolveIndices,
} from './common.js';

/** Parses `: T1, T2, ...` and checks the count (`into R` handled by callers). */
function typesOf(p: Parser, count: number, context: string): Type[] {
  const at = p.peek();
  const types = parseColonTypeList(p, context);
  if (types.length !== count) throw p.error(`expected ${count} types ${context}`, undefined, at);
  return types;
}

function vectorType(p: Parser, t: Type | undefined, what: string): VectorType {
  if (t?.kind !== 'vector') throw p.error(`${what} must be a vector type`, 'vector type');
  return t;
}

/** `%s attr-dict : T to vector<...>`. */
export function parseBroadcast(p: Parser): ParsedOp {
  return parseOneOperandTo(p, 'broadcast source', 'vector.broadcast');
}

/**
 * One static position: an int64 literal, as MLIR's `parseInteger(int64_t &)` reads it (no
 * wrapping: `18446744073709551615` is an error, not `-1`), other than the value that marks a
 * dynamic entry, which only an SSA value may stand for.
 */
function staticPosition(p: Parser): bigint {
  const lit = parseNumberLiteral(p, 'in vector position');
  const value = int64FromLiteral(p, lit, 'vector position');
  if (value === DYNAMIC_POSITION) {
    throw p.error(
      `vector position ${literalText(lit)} is the dynamic-position marker (ShapedType::kDynamic); write an index value for a dynamic position`,
      undefined,
      lit.token,
    );
  }
  return value;
}

/** `[3, %i, ...]` positions: static integers and dynamic index values. */
function parsePosition(p: Parser): {
  attr: ReturnType<typeof denseArrayAttr>;
  dynamic: ValueRef[];
} {
  p.expect('[', 'to open vector position');
  const dynamic: ValueRef[] = [];
  const statics = p.list(']', 'to close vector position', () => {
    if (p.at('valueId')) {
      dynamic.push(p.valueRef('in vector position'));
      return DYNAMIC_POSITION;
    }
    return staticPosition(p);
  });
  return { attr: denseArrayAttr(statics), dynamic };
}

/**
 * The `[pos] attr-dict : T <keyword> vector<...>` tail of `vector.<op>`: the position's dynamic
 * indices, the attributes with its static part, the element-or-slice type `T` and the vector's.
 */
function parsePositioned(p: Parser, op: 'insert' | 'extract', keyword: 'into' | 'from') {
  const pos = parsePosition(p);
  const attributes = { ...parseOptionalAttrDict(p), static_position: pos.attr };
  const partType = parseColonType(p, `after vector.${op} position`);
  p.expectKeyword(keyword, `in vector.${op}`);
  const wholeType = parseType(p, `after '${keyword}'`);
  return { dynamic: pos.dynamic, attributes, partType, wholeType };
}

/** `%v, %dest [pos] attr-dict : T into vector<...>`. */
export function parseInsert(p: Parser): ParsedOp {
  const value = p.valueRef('as inserted value');
  p.expect(',', 'after inserted value');
  const dest = p.valueRef('as insert destination');
  const { dynamic, attributes, partType, wholeType } = parsePositioned(p, 'insert', 'into');
  return {
    operands: [
      p.resolve(value, partType),
      p.resolve(dest, wholeType),
      ...resolveIndices(p, dynamic),
    ],
    resultTypes: [wholeType],
    attributes,
  };
}

/** `%src[pos] attr-dict : T from vector<...>`. */
export function parseExtract(p: Parser): ParsedOp {
  const src = p.valueRef('as extract source');
  const { dynamic, attributes, partType, wholeType } = parsePositioned(p, 'extract', 'from');
  return {
    operands: [p.resolve(src, wholeType), ...resolveIndices(p, dynamic)],
    resultTypes: [partType],
    attributes,
  };
}

/** `[%pos : index]` of the legacy insertelement/extractelement forms. */
function parseElementPosition(p: Parser): Value {
  p.expect('[', 'to open element position');
  const ref = p.valueRef('as element position');
  p.expect(':', 'after element position');
  const typeTok = p.peek();
  const type = parseType(p, 'of element position');
  if (type.kind !== 'index')
    throw p.error('only index element positions are supported', 'index', typeTok);
  p.expect(']', 'to close element position');
  return p.resolve(ref, index);
}

/**
 * The `[%i : index] : vector<N x T>` tail of the legacy `vector.<form>` ops: the position (a
 * dynamic one, as `static_position` records) and the vector type.
 */
function parseElementTail(p: Parser, form: 'insertelement' | 'extractelement') {
  const pos = parseElementPosition(p);
  const type = vectorType(p, parseColonType(p, `after ${form} position`), `${form} type`);
  return { pos, type, attributes: { static_position: denseArrayAttr([DYNAMIC_POSITION]) } };
}

/** Legacy `vector.insertelement %s, %v[%i : index] : vector<N x T>`, read as vector.insert. */
export function parseInsertElement(p: Parser): ParsedOp {
  const value = p.valueRef('as inserted value');
  p.expect(',', 'after inserted value');
  const dest = p.valueRef('as insert destination');
  const { pos, type, attributes } = parseElementTail(p, 'insertelement');
  const operands = [p.resolve(value, type.element), p.resolve(dest, type), pos];
  return { name: 'vector.insert', operands, resultTypes: [type], attributes };
}

/** Legacy `vector.extractelement %v[%i : index] : vector<N x T>`, read as vector.extract. */
export function parseExtractElement(p: Parser): ParsedOp {
  const src = p.valueRef('as extract source');
  const { pos, type, attributes } = parseElementTail(p, 'extractelement');
  const operands = [p.resolve(src, type), pos];
  return { name: 'vector.extract', operands, resultTypes: [type.element], attributes };
}

/** `vector.load %base[%i...] : memref<..>, vector<..>`. */
export function parseVectorLoad(p: Parser): ParsedOp {
  const { base, indices } = parseSubscripted(p, 'of vector.load');
  const attributes = parseOptionalAttrDict(p);
  const [mt, vt] = typesOf(p, 2, 'after vector.load') as [Type, Type];
  return {
    operands: [p.resolve(base, mt), ...resolveIndices(p, indices)],
    resultTypes: [vt],
    attributes,
  };
}

/** `vector.store %v, %base[%i...] : memref<..>, vector<..>`. */
export function parseVectorStore(p: Parser): ParsedOp {
  const value = p.valueRef('as stored vector');
  p.expect(',', 'after stored vector');
  const { base, indices } = parseSubscripted(p, 'of vector.store');
  const attributes = parseOptionalAttrDict(p);
  const [mt, vt] = typesOf(p, 2, 'after vector.store') as [Type, Type];
  return {
    operands: [p.resolve(value, vt), p.resolve(base, mt), ...resolveIndices(p, indices)],
    resultTypes: [],
    attributes,
  };
}

/**
 * Masked memory ops: `%base[%i...] [[%idx]], %mask, %v : types [into R]`. `gathered` adds
 * the index vector; `loads` adds the `into` result type.
 */
function parseMaskedAccess(
  p: Parser,
  context: string,
  gathered: boolean,
  loads: boolean,
): ParsedOp {
  const { base, indices } = parseSubscripted(p, `of ${context}`);
  let indexVec: ValueRef | undefined;
  if (gathered) {
    p.expect('[', 'to open index vector');
    indexVec = p.valueRef('as index vector');
    p.expect(']', 'to close index vector');
  }
  p.expect(',', 'before mask');
  const mask = p.valueRef('as mask');
  p.expect(',', 'after mask');
  const value = p.valueRef(loads ? 'as pass-through value' : 'as stored value');
  const attributes = parseOptionalAttrDict(p);
  const types = typesOf(p, gathered ? 4 : 3, `after ${context} operands`);
  const [mt, ...rest] = types as [Type, ...Type[]];
  const [idxT, maskT, valueT] = (gathered ? rest : [undefined, ...rest]) as [
    Type | undefined,
    Type,
    Type,
  ];
  let resultTypes: Type[] = [];
  if (loads) {
    p.expectKeyword('into', `in ${context}`);
    resultTypes = [parseType(p, "after 'into'")];
  }
  const operands = [
    p.resolve(base, mt),
    ...resolveIndices(p, indices),
    ...(indexVec === undefined ? [] : [p.resolve(indexVec, idxT)]),
    p.resolve(mask, maskT),
    p.resolve(value, valueT),
  ];
  return { operands, resultTypes, attributes };
}

export const parseMaskedLoad = (p: Parser): ParsedOp =>
  parseMaskedAccess(p, 'vector.maskedload', false, true);
export const parseMaskedStore = (p: Parser): ParsedOp =>
  parseMaskedAccess(p, 'vector.maskedstore', false, false);
export const parseGather = (p: Parser): ParsedOp =>
  parseMaskedAccess(p, 'vector.gather', true, true);
export const parseScatter = (p: Parser): ParsedOp =>
  parseMaskedAccess(p, 'vector.scatter', true, false);

/** `vector.create_mask %a, ... : vector<..xi1>`. */
export function parseCreateMask(p: Parser): ParsedOp {
  const refs = p.valueRefList('in vector.create_mask');
  const attributes = parseOptionalAttrDict(p);
  const type = parseColonType(p, 'after vector.create_mask operands');
  return { operands: resolveIndices(p, refs), resultTypes: [type], attributes };
}

/** `vector.constant_mask [n, ...] : vector<..xi1>`. */
export function parseConstantMask(p: Parser): ParsedOp {
  p.expect('[', 'to open mask dimension sizes');
  const sizes = p.list(']', 'to close mask dimension sizes', () =>
    int64FromLiteral(p, parseNumberLiteral(p, 'in mask dimension sizes'), 'mask dimension size'),
  );
  const attributes = { ...parseOptionalAttrDict(p), mask_dim_sizes: denseArrayAttr(sizes) };
  return { operands: [], resultTypes: [parseColonType(p, 'after mask sizes')], attributes };
}

/** `vector.reduction <kind>, %v [, %acc] [fastmath<..>] : vector<..> into T`. */
export function parseReduction(p: Parser): ParsedOp {
  p.expect('<', "after 'vector.reduction'");
  const kindTok = p.expectKind('bareId', 'combining kind', 'in vector.reduction');
  if (!COMBINING_KINDS.includes(kindTok.text as CombiningKind)) {
    throw p.error(`unknown combining kind '${kindTok.text}'`, 'combining kind', kindTok);
  }
  p.expect('>', 'after combining kind');
  p.expect(',', 'after combining kind');
  const vec = p.valueRef('as reduced vector');
  const acc = p.consume(',') ? p.valueRef('as accumulator') : undefined;
  const attributes = {
    kind: combiningKindAttr(kindTok.text as CombiningKind),
    ...parseFlags(p),
    ...parseOptionalAttrDict(p),
  };
  const vt = parseColonType(p, 'after vector.reduction operands');
  p.expectKeyword('into', 'in vector.reduction');
  const rt = parseType(p, "after 'into'");
  const operands = [p.resolve(vec, vt), ...(acc === undefined ? [] : [p.resolve(acc, rt)])];
  return { operands, resultTypes: [rt], attributes };
}

/** `vector.step : vector<..xindex>`. */
export function parseStep(p: Parser): ParsedOp {
  const attributes = parseOptionalAttrDict(p);
  return { operands: [], resultTypes: [parseColonType(p, "after 'vector.step'")], attributes };
}

/** `vector.vscale`. */
export function parseVscale(p: Parser): ParsedOp {
  return { operands: [], resultTypes: [index], attributes: parseOptionalAttrDict(p) };
}
