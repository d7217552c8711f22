/** Custom formats of `scf` ops. */
import { createRegion } from '../../ir/operation.js';
import { index, type Type } from '../../ir/types.js';
import type { ParsedOp } from '../parsed-op.js';
import type { Parser, ValueRef } from '../parser.js';
import type { RegionArgument, RegionParser } from '../region.js';
import { parseFunctionResults, parseType } from '../types.js';
import {
  parseColonType,
  parseForwardedValues,
  parseOptionalAttrDict,
  parseOptionalAttrDictWithKeyword,
  parseTypesIf,
} from './common.js';

const YIELD = { dialect: 'func', implicitTerminator: 'scf.yield' } as const;

/** `(%a = %init, ...)`: pairs of new argument names and initial values. */
function parseAssignments(p: Parser, context: string): { names: ValueRef[]; inits: ValueRef[] } {
  const names: ValueRef[] = [];
  const inits: ValueRef[] = [];
  p.expect('(', `to open ${context}`);
  p.list(')', `to close ${context}`, () => {
    names.push(p.valueRef(`as ${context} argument`));
    p.expect('=', `in ${context}`);
    inits.push(p.valueRef(`as ${context} initial value`));
  });
  return { names, inits };
}

/** `%iv = %lb to %ub step %s [iter_args(%a = %x, ...) -> (T...)] [: T] { body } [attr-dict]`. */
export function parseFor(p: Parser, _name: string, parseRegion: RegionParser): ParsedOp {
  const iv = p.valueRef('as induction variable');
  p.expect('=', 'after induction variable');
  const lb = p.valueRef('as lower bound');
  p.expectKeyword('to', 'after lower bound');
  const ub = p.valueRef('as upper bound');
  p.expectKeyword('step', 'after upper bound');
  const step = p.valueRef('as step');
  let iter = { names: [] as ValueRef[], inits: [] as ValueRef[] };
  let resultTypes: Type[] = [];
  if (p.consumeKeyword('iter_args')) {
    iter = parseAssignments(p, 'iter_args');
    p.expect('->', 'after iter_args');
    resultTypes = parseFunctionResults(p);
    if (resultTypes.length !== iter.names.length) {
      throw p.error('mismatch in number of loop-carried values and defined values');
    }
  }
  const boundType = p.consume(':') ? parseType(p, 'of loop bounds') : index;
  const args: RegionArgument[] = [
    { token: iv.token, type: boundType },
    ...iter.names.map((r, i) => ({ token: r.token, type: resultTypes[i] as Type })),
  ];
  const operands = [
    p.resolve(lb, boundType),
    p.resolve(ub, boundType),
    p.resolve(step, boundType),
    ...iter.inits.map((r, i) => p.resolve(r, resultTypes[i])),
  ];
  const body = parseRegion(args, YIELD);
  return { operands, resultTypes, regions: [body], attributes: parseOptionalAttrDict(p) };
}

/** `%c [-> (T...)] { then } [else { else }] [attr-dict]`. */
export function parseIf(p: Parser, _name: string, parseRegion: RegionParser): ParsedOp {
  const cond = p.valueRef('as condition');
  const resultTypes = p.consume('->') ? parseFunctionResults(p) : [];
  const operands = [p.resolve(cond)];
  const thenRegion = parseRegion([], YIELD);
  const elseRegion = p.consumeKeyword('else') ? parseRegion([], YIELD) : createRegion([]);
  return {
    operands,
    resultTypes,
    regions: [thenRegion, elseRegion],
    attributes: parseOptionalAttrDict(p),
  };
}

/** `(%a = %init, ...) : (T...) -> (R...) { before } do { after } [attributes {...}]`. */
export function parseWhile(p: Parser, _name: string, parseRegion: RegionParser): ParsedOp {
  const { names, inits } = p.at('punct', '(')
    ? parseAssignments(p, 'scf.while')
    : { names: [], inits: [] };
  const typeTok = p.peek();
  const type = parseColonType(p, 'after scf.while assignments');
  if (type.kind !== 'function') throw p.error('expected function type', 'function type', typeTok);
  const operands = p.resolveAll(inits, type.inputs, 'in scf.while');
  const before = parseRegion(
    names.map((r, i) => ({ token: r.token, type: type.inputs[i] as Type })),
    { dialect: 'func' },
  );
  p.expectKeyword('do', 'between scf.while regions');
  const after = parseRegion(undefined, { dialect: 'func' });
  return {
    operands,
    resultTypes: type.results,
    regions: [before, after],
    attributes: parseOptionalAttrDictWithKeyword(p),
  };
}

/** `scf.yield [%a, ... : T, ...]`. */
export function parseYield(p: Parser): ParsedOp {
  return { ...parseForwardedValues(p, 'scf.yield', 'after scf.yield operands'), resultTypes: [] };
}

/** `scf.condition(%c) [%a, ... : T, ...]`. */
export function parseCondition(p: Parser): ParsedOp {
  p.expect('(', "after 'scf.condition'");
  const cond = p.valueRef('as condition');
  p.expect(')', 'after condition');
  const refs = p.valueRefList('in scf.condition');
  const attributes = parseOptionalAttrDict(p);
  const types = parseTypesIf(p, refs.length > 0, 'after forwarded values');
  return {
    operands: [p.resolve(cond), ...p.resolveAll(refs, types, 'in scf.condition')],
    resultTypes: [],
    attributes,
  };
}
