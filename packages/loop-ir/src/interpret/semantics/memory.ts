/** Semantics of constants, `memref` ops and `affine` map ops. */
import { result } from '../../ir/accessors.js';
import { evaluateCheckedAffineMap } from '../../ir/affine.js';
import type { Operation } from '../../ir/operation.js';
import { InterpretError } from '../errors.js';
import type { MemRefValue } from '../memory.js';
import { asInt, concreteShape, lanes, makeVector, type RuntimeValue, single } from '../runtime.js';
import { intWidth, type Scalar, wrapInt } from '../scalar/integers.js';
import type { OpSemantics } from './context.js';

/** Narrows to a memref run-time value. */
export function asMemRef(v: RuntimeValue | undefined, opName: string): MemRefValue {
  if (typeof v === 'object' && v.kind === 'memref') return v;
  throw new TypeError(`${opName}: expected a memref operand`);
}

/** Subscripts as numbers. */
export function subscripts(values: readonly RuntimeValue[], opName: string): number[] {
  return values.map((v) => Number(asInt(v, opName)));
}

const constant: OpSemantics = (op, _operands, ctx) => {
  const value = op.attributes.value;
  const type = result(op).type;
  if (value?.kind === 'integer') return [wrapInt(value.value, intWidth(value.type))];
  if (value?.kind === 'float') return single(value.value);
  if (value?.kind === 'dense' && type.kind === 'vector') {
    const shape = concreteShape(type, ctx.vscale);
    const count = shape.reduce((a, b) => a * b, 1);
    if (!value.splat && value.values.length !== count) {
      throw new InterpretError(op.name, 'a non-splat dense constant cannot fill a scalable vector');
    }
    return [
      makeVector(
        shape,
        lanes(count, (l) => (value.splat ? value.values[0] : value.values[l]) as Scalar),
      ),
    ];
  }
  throw new InterpretError(op.name, 'unsupported constant value');
};

// Math.min/max do not accept bigints.
const bigMin = (a: bigint, b: bigint): bigint => (b < a ? b : a);
const bigMax = (a: bigint, b: bigint): bigint => (b > a ? b : a);

function affineResults(op: Operation, operands: readonly RuntimeValue[]): bigint[] {
  const map = op.attributes.map;
  if (map?.kind !== 'affineMap') throw new InterpretError(op.name, 'missing affine map');
  // `index` is 64-bit here, as in the engines: affine arithmetic wraps like the arith ops it lowers to.
  return evaluateCheckedAffineMap(
    map.map,
    operands.map((v) => asInt(v, op.name)),
    64,
  );
}

/** Constants, memref and affine semantics, keyed by op name. */
export const MEMORY_SEMANTICS: ReadonlyMap<string, OpSemantics> = new Map<string, OpSemantics>([
  ['arith.constant', constant],
  [
    'memref.load',
    (op, [m, ...idx]) => single(asMemRef(m, op.name).read(subscripts(idx, op.name), op.name)),
  ],
  [
    'memref.store',
    (op, [v, m, ...idx]) => {
      asMemRef(m, op.name).write(subscripts(idx, op.name), v as bigint | number, op.name);
      return [];
    },
  ],
  [
    'memref.dim',
    (op, [m, d]) => {
      const shape = asMemRef(m, op.name).shape;
      const size = shape[Number(asInt(d, op.name))];
      if (size === undefined)
        throw new InterpretError(op.name, `dimension ${d} out of range for rank ${shape.length}`);
      return [BigInt(size)];
    },
  ],
  ['affine.apply', (op, operands) => affineResults(op, operands).slice(0, 1)],
  ['affine.min', (op, operands) => [affineResults(op, operands).reduce(bigMin)]],
  ['affine.max', (op, operands) => [affineResults(op, operands).reduce(bigMax)]],
]);
