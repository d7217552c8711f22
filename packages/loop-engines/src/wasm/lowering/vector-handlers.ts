/**
 * The wasm engine's vector emitters: the ops that produce or consume vectors (the `vector`
 * dialect and element-wise arith/math on vectors), each lowered over v128 parts.
 */

import type { Operation, ScalarType, Value } from '@tilekit/loop-ir';
import { laneCount, operand, operands, optionalOperand, result } from '@tilekit/loop-ir';
import { EngineUnsupportedError } from '../../errors.js';
import { constantMaskSize, lanePosition, laneSource } from '../../vector-op-parts.js';
import type { FunctionCompiler } from './function-compiler.js';
import { indexVectorOf, maskedLanesUnused, onlyGatheredFromMemory } from './gather-indices.js';
import { lowerGather, lowerScatter } from './gather-scatter.js';
import { pushLane, setLane } from './lane-access.js';
import { lowerVectorLoad, lowerVectorStore, type VectorAccess } from './memory-ops.js';
import {
  type ElementwiseOperand,
  lowerElementwise,
  lowerReduction,
  lowerSplat,
  lowerVectorConstant,
  type VectorValue,
} from './vector-ops.js';

/** A wasm engine handler (see `OpHandlers`). */
type WasmHandler = (c: FunctionCompiler, op: Operation) => void;

/** Allocates the v128 parts of vector value `v`. */
function defineVector(c: FunctionCompiler, op: Operation, v: Value): VectorValue {
  const s = c.define(v);
  if (s.kind !== 'vector')
    throw new EngineUnsupportedError(`${op.name} must produce a vector here`);
  return s.value;
}

/** Allocates the local of scalar value `v`. */
function defineScalar(c: FunctionCompiler, v: Value): number {
  c.define(v);
  return c.scalarLocal(v);
}

/** The memory access of a vector load/store/gather/scatter whose lanes have `vectorValue`'s type. */
function access(c: FunctionCompiler, op: Operation, vectorValue: Value): VectorAccess {
  const vector = vectorValue.type;
  if (vector.kind !== 'vector') throw new EngineUnsupportedError(`${op.name} needs a vector type`);
  return c.vectorAccess(operand(op, 'base'), operands(op, 'indices'), vector);
}

/** Lane values 0/1 of a mask whose first `n` of `lanes` lanes are set. */
const maskLanes = (lanes: number, n: number): bigint[] =>
  Array.from({ length: lanes }, (_, k) => (k < n ? 1n : 0n));

/** `arith.constant dense<...>`: v128 constants. */
export const lowerDenseConstant: WasmHandler = (c, op) => {
  const attr = op.attributes.value;
  if (attr?.kind !== 'dense')
    throw new EngineUnsupportedError('vector constants need a dense attribute');
  const o = defineVector(c, op, result(op));
  lowerVectorConstant(c.f, attr.values, attr.splat, o, laneCount(o.type, c.vscale));
};

/** `vector.vscale`: the compiled vscale. */
export const lowerVscale: WasmHandler = (c, op) => {
  const local = defineScalar(c, result(op));
  c.f.constInt('i64', c.vscale).op('local.set', local);
};

/** `vector.step`: the lane numbers. */
export const lowerStep: WasmHandler = (c, op) => {
  const o = defineVector(c, op, result(op));
  const lanes = laneCount(o.type, c.vscale);
  lowerVectorConstant(
    c.f,
    Array.from({ length: lanes }, (_, k) => BigInt(k)),
    false,
    o,
    lanes,
  );
};

/** `vector.constant_mask`: a constant of set leading lanes. */
export const lowerConstantMask: WasmHandler = (c, op) => {
  const o = defineVector(c, op, result(op));
  const lanes = laneCount(o.type, c.vscale);
  lowerVectorConstant(c.f, maskLanes(lanes, constantMaskSize(op, o.type, lanes)), false, o, lanes);
};

/** `vector.create_mask %n`: lanes below `clamp(n, 0, lanes)` are set (a constant when all-true). */
export const lowerCreateMask: WasmHandler = (c, op) => {
  const r = result(op);
  const o = defineVector(c, op, r);
  const lanes = laneCount(o.type, c.vscale);
  if (c.isAllTrue(r)) {
    lowerVectorConstant(c.f, maskLanes(lanes, lanes), true, o, lanes);
    return;
  }
  const [size, ...more] = operands(op, 'operands');
  if (size === undefined || more.length > 0)
    throw new EngineUnsupportedError('only rank-1 vector.create_mask is supported');
  const f = c.f;
  const n = c.scalarLocal(size);
  const bound = c.temp('i32');
  // clamp(n, 0, lanes) in i64, then narrow
  const low = c.temp('i64');
  f.op('local.get', n)
    .constInt('i64', lanes)
    .op('local.get', n)
    .constInt('i64', lanes)
    .op('i64.lt_s')
    .op('select');
  f.op('local.set', low);
  f.op('local.get', low)
    .constInt('i64', 0)
    .op('local.get', low)
    .constInt('i64', 0)
    .op('i64.gt_s')
    .op('select');
  f.op('i32.wrap_i64').op('local.set', bound);
  o.parts.forEach((part, k) => {
    const ramp = new DataView(new ArrayBuffer(16));
    for (let l = 0; l < 4; l++) ramp.setInt32(4 * l, 4 * k + l, true);
    f.constV128(new Uint8Array(ramp.buffer))
      .op('local.get', bound)
      .op('i32x4.splat')
      .op('i32x4.lt_s')
      .op('local.set', part);
  });
};

/** `vector.broadcast`: copies a vector's parts, or splats a scalar. */
export const lowerBroadcast: WasmHandler = (c, op) => {
  const src = operand(op, 'source');
  const o = defineVector(c, op, result(op, 'vector'));
  if (src.type.kind === 'vector') {
    const s = c.vectorOf(src);
    if (s.parts.length !== o.parts.length)
      throw new EngineUnsupportedError('vector.broadcast between shapes');
    s.parts.forEach((p, k) => {
      c.f.op('local.get', p).op('local.set', o.parts[k] as number);
    });
    return;
  }
  lowerSplat(c.f, c.scalarLocal(src), src.type as ScalarType, o);
};

/** Pushes 1 when the `index` in local `at` is lane `l`. */
function isLane(c: FunctionCompiler, at: number, l: number): void {
  c.f.op('local.get', at).constInt('i64', l).op('i64.eq');
}

/** The vector an insert/extract addresses and its lane: static, or in an `index` local. */
function addressedLane(
  c: FunctionCompiler,
  op: Operation,
): { src: VectorValue; lane: { readonly at: number } | { readonly local: number } } {
  const src = c.vectorOf(laneSource(op));
  const position = lanePosition(op, src.type);
  return {
    src,
    lane: typeof position === 'number' ? { at: position } : { local: c.scalarLocal(position) },
  };
}

/** `vector.extract` of a static lane, or of a dynamic one chosen by selects. */
export const lowerExtract: WasmHandler = (c, op) => {
  const f = c.f;
  const { src, lane } = addressedLane(c, op);
  const elem = src.type.element;
  const local = defineScalar(c, result(op));
  if ('at' in lane) {
    pushLane(f, elem, src.parts, lane.at);
  } else {
    pushLane(f, elem, src.parts, 0);
    for (let l = 1; l < laneCount(src.type, c.vscale); l++) {
      f.op('local.set', local);
      pushLane(f, elem, src.parts, l);
      f.op('local.get', local);
      isLane(c, lane.local, l);
      f.op('select');
    }
  }
  f.op('local.set', local);
};

/** `vector.insert` into a static lane, or into a dynamic one chosen per lane. */
export const lowerInsert: WasmHandler = (c, op) => {
  const f = c.f;
  const { src, lane } = addressedLane(c, op);
  const elem = src.type.element;
  const out = defineVector(c, op, result(op)).parts;
  src.parts.forEach((p, k) => {
    f.op('local.get', p).op('local.set', out[k] as number);
  });
  const value = c.scalarLocal(operand(op, 'valueToStore'));
  if ('at' in lane) {
    setLane(f, elem, out, lane.at, () => f.op('local.get', value));
    return;
  }
  for (let l = 0; l < laneCount(src.type, c.vscale); l++) {
    setLane(f, elem, out, l, () => {
      f.op('local.get', value);
      pushLane(f, elem, out, l);
      isLane(c, lane.local, l);
      f.op('select');
    });
  }
};

/** `vector.reduction`: folds the lanes in the interpreter's order. */
export const lowerVectorReduction: WasmHandler = (c, op) => {
  const kind = op.attributes.kind;
  if (kind?.kind !== 'combiningKind')
    throw new EngineUnsupportedError('vector.reduction without a kind');
  const local = defineScalar(c, result(op, 'dest'));
  const acc = optionalOperand(op, 'acc');
  lowerReduction(
    c,
    kind.value,
    c.vectorOf(operand(op, 'vector')),
    acc === undefined ? undefined : c.scalarLocal(acc),
    local,
  );
};

/** `vector.load` (skipped when only memory gathers read it again from memory). */
export const lowerPlainLoad: WasmHandler = (c, op) => {
  const r = result(op);
  if (onlyGatheredFromMemory(c, op)) return void defineVector(c, op, r);
  lowerVectorLoad(c, access(c, op, r), defineVector(c, op, r).parts);
};

/** `vector.maskedload`: a plain load where the mask is all-true or its masked lanes unused. */
export const lowerMaskedLoad: WasmHandler = (c, op) => {
  const r = result(op);
  if (onlyGatheredFromMemory(c, op)) return void defineVector(c, op, r);
  const a = access(c, op, r);
  const passThru = operand(op, 'passThru');
  const mask = operand(op, 'mask');
  const masked =
    c.isAllTrue(mask) || maskedLanesUnused(c, r, mask)
      ? undefined
      : {
          mask: c.vectorOf(mask).parts,
          passThru: c.isZeroVector(passThru) ? ('zero' as const) : c.vectorOf(passThru).parts,
        };
  lowerVectorLoad(c, a, defineVector(c, op, r).parts, masked);
};

/** `vector.store`. */
export const lowerPlainStore: WasmHandler = (c, op) => {
  const value = operand(op, 'valueToStore');
  lowerVectorStore(c, access(c, op, value), c.vectorOf(value).parts);
};

/** `vector.maskedstore`: a plain store where the mask is all-true. */
export const lowerMaskedStore: WasmHandler = (c, op) => {
  const value = operand(op, 'valueToStore');
  const mask = operand(op, 'mask');
  lowerVectorStore(
    c,
    access(c, op, value),
    c.vectorOf(value).parts,
    c.isAllTrue(mask) ? undefined : c.vectorOf(mask).parts,
  );
};

/** `vector.gather`. */
export const lowerVectorGather: WasmHandler = (c, op) => {
  const r = result(op);
  const mask = operand(op, 'mask');
  const passThru = operand(op, 'passThru');
  const a = access(c, op, r);
  const o = defineVector(c, op, r);
  lowerGather(
    c,
    a,
    indexVectorOf(c, operand(op, 'indexVec'), mask),
    c.isAllTrue(mask) ? 'all' : c.vectorOf(mask).parts,
    maskedLanesUnused(c, r, mask)
      ? 'unused'
      : c.isZeroVector(passThru)
        ? 'zero'
        : c.vectorOf(passThru).parts,
    o.parts,
  );
};

/** `vector.scatter`. */
export const lowerVectorScatter: WasmHandler = (c, op) => {
  const value = operand(op, 'valueToStore');
  const mask = operand(op, 'mask');
  lowerScatter(
    c,
    access(c, op, value),
    indexVectorOf(c, operand(op, 'indexVec'), mask),
    c.isAllTrue(mask) ? 'all' : c.vectorOf(mask).parts,
    c.vectorOf(value).parts,
  );
};

/** An element-wise arith/math op on vectors (an all-true select is its true operand). */
export const lowerVectorElementwise: WasmHandler = (c, op) => {
  const r = result(op);
  if (op.name === 'arith.select' && c.isAllTrue(operand(op, 'condition'))) {
    c.alias(r, c.slot(operand(op, 'trueValue')));
    return;
  }
  const operandsOf: ElementwiseOperand[] = op.operands.map((v) =>
    v.type.kind === 'vector'
      ? c.vectorOf(v)
      : { scalar: c.scalarLocal(v), type: v.type as ScalarType },
  );
  lowerElementwise(c, op.name, operandsOf, defineVector(c, op, r), op.attributes);
};
