/**
 * Semantics of `vector` ops. Vector lanes map onto the trailing memref dimensions; masked
 * and gathered accesses touch memory only for active lanes (inactive lanes take the
 * pass-through value), and every touched address is bounds-checked.
 */
import { result } from '../../ir/accessors.js';
import { combiningOp } from '../../ir/combining-kinds.js';
import type { Operation } from '../../ir/operation.js';
import { DYNAMIC_POSITION } from '../../ir/position.js';
import { elementTypeOf, type VectorType } from '../../ir/types.js';
import { InterpretError } from '../errors.js';
import type { MemRefValue } from '../memory.js';
import {
  asInt,
  asScalar,
  asVector,
  concreteShape,
  lanes,
  makeVector,
  type RuntimeValue,
  single,
  type VectorValue,
} from '../runtime.js';
import type { Scalar } from '../scalar/integers.js';
import type { ExecContext, OpSemantics } from './context.js';
import { ELEMENTWISE_SEMANTICS } from './elementwise.js';
import { asMemRef, subscripts } from './memory.js';

function count(shape: readonly number[]): number {
  return shape.reduce((a, b) => a * b, 1);
}

/** Row-major multi-index of `lane` in `shape`. */
function multiIndex(lane: number, shape: readonly number[]): number[] {
  const out = new Array<number>(shape.length);
  for (let d = shape.length - 1; d >= 0; d--) {
    const n = shape[d] as number;
    out[d] = lane % n;
    lane = Math.floor(lane / n);
  }
  return out;
}

/** Memref subscripts of `lane`: the lane's multi-index added to the trailing base indices. */
function laneSubscripts(base: readonly number[], shape: readonly number[], lane: number): number[] {
  const mi = multiIndex(lane, shape);
  const out = [...base];
  const offset = base.length - shape.length;
  mi.forEach((j, d) => {
    out[offset + d] = (out[offset + d] as number) + j;
  });
  return out;
}

/**
 * Buffer access of lane `l` of a contiguous (masked) load/store. The lanes are consecutive
 * memory from the first lane's address, which is how MLIR lowers these ops to LLVM; with a
 * unit innermost stride that is simply consecutive memref elements (bounds-checked as such).
 */
function contiguousLane(
  base: MemRefValue,
  indices: readonly number[],
  shape: readonly number[],
  l: number,
  opName: string,
): { read(): Scalar; write(v: Scalar): void } {
  if (shape.length !== 1 || base.strides[base.strides.length - 1] === 1) {
    const at = laneSubscripts(indices, shape, l);
    return { read: () => base.read(at, opName, l), write: (v) => base.write(at, v, opName, l) };
  }
  const at = base.position(indices, opName, l) + l;
  return { read: () => base.readAt(at, opName, l), write: (v) => base.writeAt(at, v, opName, l) };
}

function resultShape(op: Operation, ctx: ExecContext): number[] {
  return concreteShape(result(op).type as VectorType, ctx.vscale);
}

/** Splits `[base, ...indices, ...tail]` operands. */
function splitAccess(op: Operation, operands: RuntimeValue[], lead: number, tail: number) {
  const base = asMemRef(operands[lead], op.name);
  const indices = subscripts(operands.slice(lead + 1, operands.length - tail), op.name);
  return { base, indices, rest: operands.slice(operands.length - tail) };
}

const load: OpSemantics = (op, operands, ctx) => {
  const { base, indices } = splitAccess(op, operands, 0, 0);
  const shape = resultShape(op, ctx);
  const elements = lanes(count(shape), (l) =>
    contiguousLane(base, indices, shape, l, op.name).read(),
  );
  return [makeVector(shape, elements)];
};

const store: OpSemantics = (op, operands) => {
  const value = asVector(operands[0], op.name);
  const { base, indices } = splitAccess(op, operands, 1, 0);
  for (const [l, v] of value.elements.entries()) {
    contiguousLane(base, indices, value.shape, l, op.name).write(v);
  }
  return [];
};

const maskedLoad: OpSemantics = (op, operands) => {
  const { base, indices, rest } = splitAccess(op, operands, 0, 2);
  const mask = asVector(rest[0], op.name);
  const pass = asVector(rest[1], op.name);
  const elements = lanes(pass.elements.length, (l) =>
    mask.elements[l] === 1n
      ? contiguousLane(base, indices, pass.shape, l, op.name).read()
      : (pass.elements[l] as Scalar),
  );
  return [makeVector(pass.shape, elements)];
};

const maskedStore: OpSemantics = (op, operands) => {
  const { base, indices, rest } = splitAccess(op, operands, 0, 2);
  const mask = asVector(rest[0], op.name);
  const value = asVector(rest[1], op.name);
  value.elements.forEach((v, l) => {
    if (mask.elements[l] === 1n) contiguousLane(base, indices, value.shape, l, op.name).write(v);
  });
  return [];
};

/**
 * The operands of `vector.gather` and `vector.scatter`: the base, the mask, the pass-through
 * or stored vector, and the subscripts of lane `l` (the innermost base index plus the lane's
 * index value).
 */
function indexedAccess(op: Operation, operands: RuntimeValue[]) {
  const { base, indices, rest } = splitAccess(op, operands, 0, 3);
  const [indexVec, mask, data] = rest.map((v) => asVector(v, op.name)) as [
    VectorValue,
    VectorValue,
    VectorValue,
  ];
  const laneSubscripts = (l: number): number[] => {
    const out = [...indices];
    out[out.length - 1] = (out[out.length - 1] as number) + Number(indexVec.elements[l] as bigint);
    return out;
  };
  return { base, mask, data, laneSubscripts };
}

const gather: OpSemantics = (op, operands) => {
  const { base, mask, data: pass, laneSubscripts } = indexedAccess(op, operands);
  const elements = lanes(pass.elements.length, (l) =>
    mask.elements[l] === 1n
      ? base.read(laneSubscripts(l), op.name, l)
      : (pass.elements[l] as Scalar),
  );
  return [makeVector(pass.shape, elements)];
};

const scatter: OpSemantics = (op, operands) => {
  const { base, mask, data: value, laneSubscripts } = indexedAccess(op, operands);
  // Lanes are written in ascending order, so the highest active lane wins on conflicts.
  value.elements.forEach((v, l) => {
    if (mask.elements[l] === 1n) base.write(laneSubscripts(l), v, op.name, l);
  });
  return [];
};

function maskFromBounds(shape: readonly number[], bounds: readonly number[]): VectorValue {
  const elements = Array.from({ length: count(shape) }, (_, l) =>
    multiIndex(l, shape).every((j, d) => j < (bounds[d] as number)) ? 1n : 0n,
  );
  return makeVector(shape, elements);
}

const broadcast: OpSemantics = (op, [src], ctx) => {
  const shape = resultShape(op, ctx);
  if (typeof src !== 'object') {
    const value = asScalar(src, op.name);
    return [
      makeVector(
        shape,
        lanes(count(shape), () => value),
      ),
    ];
  }
  const s = asVector(src, op.name);
  const offset = shape.length - s.shape.length;
  const elements = lanes(count(shape), (l) => {
    const mi = multiIndex(l, shape).slice(offset);
    const srcLane = mi.reduce(
      (acc, j, d) => acc * (s.shape[d] as number) + ((s.shape[d] as number) === 1 ? 0 : j),
      0,
    );
    return s.elements[srcLane] as Scalar;
  });
  return [makeVector(shape, elements)];
};

/** Flat offset and block length addressed by a (static + dynamic) position. */
function positionBlock(
  op: Operation,
  vec: VectorValue,
  dynamic: readonly RuntimeValue[],
): { start: number; length: number } {
  const pos = op.attributes.static_position;
  if (pos?.kind !== 'denseArray') throw new InterpretError(op.name, 'missing static_position');
  let next = 0;
  let start = 0;
  pos.values.forEach((p, d) => {
    const i = p === DYNAMIC_POSITION ? Number(asInt(dynamic[next++], op.name)) : Number(p);
    const dim = vec.shape[d] as number;
    if (i < 0 || i >= dim)
      throw new InterpretError(
        op.name,
        `position ${i} out of range for dimension ${d} of size ${dim} (poison)`,
      );
    start = start * dim + i;
  });
  const length = count(vec.shape.slice(pos.values.length));
  return { start: start * length, length };
}

const insert: OpSemantics = (op, [value, dest, ...dynamic]) => {
  const vec = asVector(dest, op.name);
  const { start, length } = positionBlock(op, vec, dynamic);
  const elements = lanes(vec.elements.length, (l) => vec.elements[l] as Scalar);
  const parts =
    typeof value === 'object' ? asVector(value, op.name).elements : single(value as Scalar);
  for (let i = 0; i < length; i++) elements[start + i] = parts[i] as Scalar;
  return [makeVector(vec.shape, elements)];
};

const extract: OpSemantics = (op, [src, ...dynamic]) => {
  const vec = asVector(src, op.name);
  const { start, length } = positionBlock(op, vec, dynamic);
  const pos = op.attributes.static_position;
  const rank = pos?.kind === 'denseArray' ? pos.values.length : 0;
  if (rank === vec.shape.length) return single(vec.elements[start] as Scalar);
  return [
    makeVector(
      vec.shape.slice(rank),
      lanes(length, (l) => vec.elements[start + l] as Scalar),
    ),
  ];
};

/** Sequential fold `((acc ∘ v0) ∘ v1) ∘ ...` (as LLVM's ordered reductions), rounding each step. */
const reduction: OpSemantics = (op, [v, acc], ctx) => {
  const kind = op.attributes.kind;
  if (kind?.kind !== 'combiningKind') throw new InterpretError(op.name, 'missing combining kind');
  const vec = asVector(v, op.name);
  const resultValue = result(op);
  const isFloat = elementTypeOf(resultValue.type).kind === 'float';
  const combineName = combiningOp(kind.value, isFloat) ?? '';
  const combine = ELEMENTWISE_SEMANTICS.get(combineName);
  if (combine === undefined)
    throw new InterpretError(op.name, `kind '${kind.value}' is invalid for this element type`);
  // A synthetic scalar op of the result type gives the combine rule its width/format.
  const scalarOp: Operation = {
    ...op,
    name: combineName,
    results: [resultValue],
    operands: [resultValue, resultValue],
  };
  let folded: RuntimeValue | undefined = acc;
  for (const lane of vec.elements) {
    const previous = folded as Scalar;
    // The operand pair is built by `lanes`: an array literal of numbers may quiet a NaN.
    folded =
      folded === undefined
        ? lane
        : (combine(
            scalarOp,
            lanes(2, (k) => (k === 0 ? previous : lane)),
            ctx,
          )[0] as Scalar);
  }
  if (folded === undefined)
    throw new InterpretError(op.name, 'reduction of an empty vector without accumulator');
  return single(folded);
};

/** Vector op semantics, keyed by op name. */
export const VECTOR_SEMANTICS: ReadonlyMap<string, OpSemantics> = new Map<string, OpSemantics>([
  ['vector.load', load],
  ['vector.store', store],
  ['vector.maskedload', maskedLoad],
  ['vector.maskedstore', maskedStore],
  ['vector.gather', gather],
  ['vector.scatter', scatter],
  ['vector.broadcast', broadcast],
  ['vector.insert', insert],
  ['vector.extract', extract],
  ['vector.reduction', reduction],
  [
    'vector.create_mask',
    (op, operands, ctx) => [
      maskFromBounds(
        resultShape(op, ctx),
        operands.map((b) => Number(asInt(b, op.name))),
      ),
    ],
  ],
  [
    'vector.constant_mask',
    (op, _operands, ctx) => {
      const sizes = op.attributes.mask_dim_sizes;
      if (sizes?.kind !== 'denseArray') throw new InterpretError(op.name, 'missing mask_dim_sizes');
      const shape = resultShape(op, ctx);
      const t = result(op).type as VectorType;
      // A scalable dimension's full-size mask covers all vscale * n lanes.
      const bounds = sizes.values.map((s, d) =>
        t.scalableDims[d] && Number(s) === t.shape[d] ? (shape[d] as number) : Number(s),
      );
      return [maskFromBounds(shape, bounds)];
    },
  ],
  [
    'vector.step',
    (op, _operands, ctx) => {
      const shape = resultShape(op, ctx);
      return [
        makeVector(
          shape,
          Array.from({ length: count(shape) }, (_, i) => BigInt(i)),
        ),
      ];
    },
  ],
  ['vector.vscale', (_op, _operands, ctx) => [BigInt(ctx.vscale)]],
]);
