/** Custom formats of `memref` and `affine` ops. */
import { type AffineMapAttr, type Attribute, affineMapAttr } from '../../ir/attributes.js';
import { index } from '../../ir/types.js';
import { parseAttribute } from '../attributes.js';
import type { ParsedOp } from '../parsed-op.js';
import type { Parser } from '../parser.js';
import {
  parseColonType,
  parseOptionalAttrDict,
  parseSubscripted,
  resolveIndices,
} from './common.js';

/** `%m[%i...] attr-dict : memref<...>` of `op`: the memref, its subscripts, attributes and type. */
function parseMemrefAccess(p: Parser, op: string) {
  const { base, indices } = parseSubscripted(p, `of ${op}`);
  const attributes = parseOptionalAttrDict(p);
  const typeTok = p.peek();
  const type = parseColonType(p, `after ${op} subscripts`);
  if (type.kind !== 'memref') throw p.error(`${op} expects a memref type`, 'memref type', typeTok);
  return { base, indices, attributes, type };
}

/** `memref.load %m[%i...] attr-dict : memref<...>`. */
export function parseLoad(p: Parser): ParsedOp {
  const { base, indices, attributes, type } = parseMemrefAccess(p, 'memref.load');
  return {
    operands: [p.resolve(base, type), ...resolveIndices(p, indices)],
    resultTypes: [type.element],
    attributes,
  };
}

/** `memref.store %v, %m[%i...] attr-dict : memref<...>`. */
export function parseStore(p: Parser): ParsedOp {
  const value = p.valueRef('as stored value');
  p.expect(',', 'after stored value');
  const { base, indices, attributes, type } = parseMemrefAccess(p, 'memref.store');
  return {
    operands: [
      p.resolve(value, type.element),
      p.resolve(base, type),
      ...resolveIndices(p, indices),
    ],
    resultTypes: [],
    attributes,
  };
}

/** `memref.dim %m, %i attr-dict : memref<...>`. */
export function parseDim(p: Parser): ParsedOp {
  const source = p.valueRef('as memref.dim source');
  p.expect(',', 'after memref.dim source');
  const dim = p.valueRef('as dimension index');
  const attributes = parseOptionalAttrDict(p);
  const type = parseColonType(p, 'after memref.dim operands');
  return {
    operands: [p.resolve(source, type), p.resolve(dim, index)],
    resultTypes: [index],
    attributes,
  };
}

/** `affine.apply|min|max #map(%d...)[%s...] attr-dict`. */
export function parseAffineMapOp(p: Parser, name: string): ParsedOp {
  const mapTok = p.peek();
  const map: Attribute = parseAttribute(p, `as ${name} map`);
  if (map.kind !== 'affineMap')
    throw p.error(`${name} expects an affine map`, 'affine map', mapTok);
  p.expect('(', 'to open affine dimension operands');
  const dims = p.list(')', 'to close affine dimension operands', () =>
    p.valueRef('as affine dimension'),
  );
  const syms = p.consume('[')
    ? p.list(']', 'to close affine symbol operands', () => p.valueRef('as affine symbol'))
    : [];
  if (dims.length !== map.map.numDims) {
    throw p.error(
      'dimension operand count does not equal affine map dimension count',
      undefined,
      mapTok,
    );
  }
  if (syms.length !== map.map.numSymbols) {
    throw p.error('symbol operand count does not equal affine map symbol count', undefined, mapTok);
  }
  const attributes = {
    map: affineMapAttr((map as AffineMapAttr).map),
    ...parseOptionalAttrDict(p),
  };
  return { operands: resolveIndices(p, [...dims, ...syms]), resultTypes: [index], attributes };
}
