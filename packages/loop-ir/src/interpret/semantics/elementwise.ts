/**
 * Element-wise ops (arith, math): scalar rules from src/interpret/scalar lifted over vectors.
 * Float results are rounded to the element format after every op.
 */
import { operand, result } from '../../ir/accessors.js';
import { roundToFormat } from '../../ir/float-format.js';
import type { Operation, Value } from '../../ir/operation.js';
import { elementTypeOf, type ScalarType } from '../../ir/types.js';
import { InterpretError } from '../errors.js';
import { asScalar, lanes, makeVector, type RuntimeValue, single } from '../runtime.js';
import { CASTS } from '../scalar/cast.js';
import { CMPF, FLOAT_BINARY, FLOAT_UNARY } from '../scalar/float.js';
import { absi, CMPI, INT_BINARY } from '../scalar/int.js';
import { intWidth, type Scalar } from '../scalar/integers.js';
import type { OpSemantics } from './context.js';

function element(v: Value): ScalarType {
  return elementTypeOf(v.type) as ScalarType;
}

/** Applies `f` lane by lane; scalar operands are broadcast (select's i1 condition). */
function lift(
  operands: readonly RuntimeValue[],
  opName: string,
  f: (xs: Scalar[]) => Scalar,
): RuntimeValue {
  const vec = operands.find((v) => typeof v === 'object');
  if (vec === undefined) return f(lanes(operands.length, (k) => asScalar(operands[k], opName)));
  if (vec.kind !== 'vector') throw new TypeError(`${opName}: memref operand in an element-wise op`);
  const elements = lanes(vec.elements.length, (i) =>
    f(
      lanes(operands.length, (k) => {
        const v = operands[k];
        return typeof v === 'object' && v.kind === 'vector'
          ? (v.elements[i] as Scalar)
          : asScalar(v, opName);
      }),
    ),
  );
  return makeVector(vec.shape, elements);
}

function elementwise(fn: (op: Operation) => (xs: Scalar[]) => Scalar): OpSemantics {
  return (op, operands) => single(lift(operands, op.name, fn(op)));
}

const floatBinary = (f: (a: number, b: number) => number): OpSemantics =>
  elementwise((op) => {
    const format = (element(result(op)) as { format: 'f32' }).format;
    return ([a, b]) => roundToFormat(f(a as number, b as number), format);
  });

const floatUnary = (f: (a: number) => number): OpSemantics =>
  elementwise((op) => {
    const format = (element(result(op)) as { format: 'f32' }).format;
    return ([a]) => roundToFormat(f(a as number), format);
  });

const intBinary = (
  name: string,
  f: (a: bigint, b: bigint, w: number, op: string) => bigint,
): OpSemantics =>
  elementwise((op) => {
    const w = intWidth(element(result(op)));
    return ([a, b]) => f(a as bigint, b as bigint, w, name);
  });

const cast = (f: (typeof CASTS)[string], name: string): OpSemantics =>
  elementwise((op) => {
    const from = element(operand(op, 'in'));
    const to = element(result(op));
    return ([a]) => f(a as Scalar, from, to, name);
  });

function predicateOf(op: Operation): string {
  const p = op.attributes.predicate;
  if (p?.kind !== 'predicate') throw new InterpretError(op.name, 'missing predicate');
  return p.value;
}

const cmpi: OpSemantics = elementwise((op) => {
  const test = CMPI[predicateOf(op)];
  const w = intWidth(element(operand(op, 'lhs')));
  if (test === undefined) throw new InterpretError(op.name, `unknown predicate ${predicateOf(op)}`);
  return ([a, b]) => (test(a as bigint, b as bigint, w) ? 1n : 0n);
});

const cmpf: OpSemantics = elementwise((op) => {
  const test = CMPF[predicateOf(op)];
  if (test === undefined) throw new InterpretError(op.name, `unknown predicate ${predicateOf(op)}`);
  return ([a, b]) => (test(a as number, b as number) ? 1n : 0n);
});

const select: OpSemantics = elementwise(
  () =>
    ([c, a, b]) =>
      c === 1n ? (a as Scalar) : (b as Scalar),
);

const absiSemantics: OpSemantics = elementwise((op) => {
  const w = intWidth(element(result(op)));
  return ([a]) => absi(a as bigint, w);
});

/** Every element-wise op's semantics, keyed by op name. */
export const ELEMENTWISE_SEMANTICS: ReadonlyMap<string, OpSemantics> = new Map<string, OpSemantics>(
  [
    ...Object.entries(FLOAT_BINARY).map(([n, f]) => [n, floatBinary(f)] as const),
    ...Object.entries(FLOAT_UNARY).map(([n, f]) => [n, floatUnary(f)] as const),
    ...Object.entries(INT_BINARY).map(([n, f]) => [n, intBinary(n, f)] as const),
    ...Object.entries(CASTS).map(([n, f]) => [n, cast(f, n)] as const),
    ['arith.cmpi', cmpi],
    ['arith.cmpf', cmpf],
    ['arith.select', select],
    ['math.absi', absiSemantics],
  ],
);
