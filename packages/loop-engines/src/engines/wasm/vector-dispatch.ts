/**
 * Dispatches the ops that produce or consume vectors (the `vector` dialect and element-wise
 * arith/math on vectors) to their lowerings.
 */

import type { Operation, ScalarType, Value } from '@tilekit/loop-ir';
import { DYNAMIC_POSITION } from '@tilekit/loop-ir';
import { EngineUnsupportedError } from '../errors.js';
import type { FunctionCompiler } from './function-compiler.js';
import { indexVectorOf, maskedLanesUnused, onlyGatheredFromMemory } from './gather-indices.js';
import { lowerGather, lowerScatter } from './gather-scatter.js';
import { pushLane, setLane } from './lane-access.js';
import { laneCount } from './lanes.js';
import { lowerVectorLoad, lowerVectorStore, type VectorAccess } from './memory-ops.js';
import {
  type ElementwiseOperand,
  lowerElementwise,
  lowerReduction,
  lowerSplat,
  lowerVectorConstant,
  type VectorValue,
} from './vector-ops.js';

/** Lowers one vector-producing or vector-consuming op. */
export function lowerVectorOp(c: FunctionCompiler, op: Operation): void {
  const f = c.f;
  const ops = op.operands;
  const result = op.results[0];
  const vec = (v: Value | undefined): VectorValue => c.vectorOf(v as Value);
  const out = (): VectorValue => {
    const s = c.define(result as Value);
    if (s.kind !== 'vector')
      throw new EngineUnsupportedError(`${op.name} must produce a vector here`);
    return s.value;
  };
  const access = (memref: Value, indices: readonly Value[], vectorValue: Value): VectorAccess => {
    const { mem, type } = c.memOf(memref);
    const vector = vectorValue.type;
    if (vector.kind !== 'vector')
      throw new EngineUnsupportedError(`${op.name} needs a vector type`);
    return {
      slot: mem,
      memref: type,
      indices: indices.map((v) => c.pusher(v)),
      vector,
      lanes: laneCount(vector, c.vscale),
    };
  };
  switch (op.name) {
    case 'arith.constant': {
      const attr = op.attributes.value;
      if (attr?.kind !== 'dense')
        throw new EngineUnsupportedError('vector constants need a dense attribute');
      const o = out();
      lowerVectorConstant(f, attr.values, attr.splat, o, laneCount(o.type, c.vscale));
      return;
    }
    case 'vector.vscale': {
      const local = c.scalarLocal(defineValue(c, result as Value));
      f.constInt('i64', c.vscale).op('local.set', local);
      return;
    }
    case 'vector.step': {
      const o = out();
      const lanes = laneCount(o.type, c.vscale);
      lowerVectorConstant(
        f,
        Array.from({ length: lanes }, (_, k) => BigInt(k)),
        false,
        o,
        lanes,
      );
      return;
    }
    case 'vector.constant_mask': {
      const o = out();
      const sizes = op.attributes.mask_dim_sizes;
      const lanes = laneCount(o.type, c.vscale);
      const size = sizes?.kind === 'denseArray' ? Number(sizes.values[0] ?? 0n) : 0;
      // A scalable dimension's full-size mask covers all vscale * n lanes.
      const n = o.type.scalableDims[0] === true && size === o.type.shape[0] ? lanes : size;
      lowerVectorConstant(
        f,
        Array.from({ length: lanes }, (_, k) => (k < n ? 1n : 0n)),
        false,
        o,
        lanes,
      );
      return;
    }
    case 'vector.create_mask': {
      const o = out();
      if (c.isAllTrue(result as Value)) {
        const lanes = laneCount(o.type, c.vscale);
        lowerVectorConstant(
          f,
          Array.from({ length: lanes }, () => 1n),
          true,
          o,
          lanes,
        );
      } else {
        createMask(c, op, o);
      }
      return;
    }
    case 'vector.broadcast': {
      const src = ops[0] as Value;
      const o = out();
      if (src.type.kind === 'vector') {
        const s = vec(src);
        if (s.parts.length !== o.parts.length)
          throw new EngineUnsupportedError('vector.broadcast between shapes');
        s.parts.forEach((p, k) => {
          f.op('local.get', p).op('local.set', o.parts[k] as number);
        });
        return;
      }
      lowerSplat(f, c.scalarLocal(src), src.type as ScalarType, o);
      return;
    }
    case 'vector.insert':
    case 'vector.extract':
      insertExtract(c, op);
      return;
    case 'vector.reduction': {
      const kind = op.attributes.kind;
      if (kind?.kind !== 'combiningKind')
        throw new EngineUnsupportedError('vector.reduction without a kind');
      const local = c.scalarLocal(defineValue(c, result as Value));
      const acc = ops[1] === undefined ? undefined : c.scalarLocal(ops[1]);
      lowerReduction(c, kind.value, vec(ops[0]), acc, local);
      return;
    }
    case 'vector.load':
      if (onlyGatheredFromMemory(c, op)) return void out();
      lowerVectorLoad(c, access(ops[0] as Value, ops.slice(1), result as Value), out().parts);
      return;
    case 'vector.maskedload': {
      if (onlyGatheredFromMemory(c, op)) return void out();
      const a = access(ops[0] as Value, ops.slice(1, -2), result as Value);
      const passThru = ops.at(-1) as Value;
      const mask = ops.at(-2) as Value;
      const masked =
        c.isAllTrue(mask) || maskedLanesUnused(c, result as Value, mask)
          ? undefined
          : {
              mask: vec(ops.at(-2)).parts,
              passThru: c.isZeroVector(passThru) ? ('zero' as const) : vec(passThru).parts,
            };
      lowerVectorLoad(c, a, out().parts, masked);
      return;
    }
    case 'vector.store': {
      const value = ops[0] as Value;
      lowerVectorStore(c, access(ops[1] as Value, ops.slice(2), value), vec(value).parts);
      return;
    }
    case 'vector.maskedstore': {
      const value = ops.at(-1) as Value;
      lowerVectorStore(
        c,
        access(ops[0] as Value, ops.slice(1, -2), value),
        vec(value).parts,
        c.isAllTrue(ops.at(-2) as Value) ? undefined : vec(ops.at(-2)).parts,
      );
      return;
    }
    case 'vector.gather': {
      const a = access(ops[0] as Value, ops.slice(1, -3), result as Value);
      const o = out();
      lowerGather(
        c,
        a,
        indexVectorOf(c, ops.at(-3) as Value, ops.at(-2) as Value),
        c.isAllTrue(ops.at(-2) as Value) ? 'all' : vec(ops.at(-2)).parts,
        maskedLanesUnused(c, result as Value, ops.at(-2) as Value)
          ? 'unused'
          : c.isZeroVector(ops.at(-1) as Value)
            ? 'zero'
            : vec(ops.at(-1)).parts,
        o.parts,
      );
      return;
    }
    case 'vector.scatter': {
      const value = ops.at(-1) as Value;
      const a = access(ops[0] as Value, ops.slice(1, -3), value);
      lowerScatter(
        c,
        a,
        indexVectorOf(c, ops.at(-3) as Value, ops.at(-2) as Value),
        c.isAllTrue(ops.at(-2) as Value) ? 'all' : vec(ops.at(-2)).parts,
        vec(value).parts,
      );
      return;
    }
    default: {
      if (op.name.startsWith('vector.'))
        throw new EngineUnsupportedError(`the wasm engine cannot compile ${op.name}`);
      if (op.name === 'arith.select' && c.isAllTrue(ops[0] as Value)) {
        c.alias(result as Value, c.slot(ops[1] as Value)); // an all-true select is its true operand
        return;
      }
      const operands: ElementwiseOperand[] = ops.map((v) =>
        v.type.kind === 'vector'
          ? vec(v)
          : { scalar: c.scalarLocal(v), type: v.type as ScalarType },
      );
      lowerElementwise(c, op.name, operands, out(), op.attributes);
      return;
    }
  }
}

function defineValue(c: FunctionCompiler, v: Value): Value {
  c.define(v);
  return v;
}

/** `vector.create_mask %n`: lanes below `clamp(n, 0, lanes)` are set. */
function createMask(c: FunctionCompiler, op: Operation, o: VectorValue): void {
  const f = c.f;
  if (op.operands.length !== 1)
    throw new EngineUnsupportedError('only rank-1 vector.create_mask is supported');
  const lanes = laneCount(o.type, c.vscale);
  const n = c.scalarLocal(op.operands[0] as Value);
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
}

/** `vector.insert` / `vector.extract` on rank-1 vectors with a static or dynamic lane. */
function insertExtract(c: FunctionCompiler, op: Operation): void {
  const f = c.f;
  const insert = op.name === 'vector.insert';
  const src = c.vectorOf(op.operands[insert ? 1 : 0] as Value);
  const dynamic = op.operands.slice(insert ? 2 : 1);
  const pos = op.attributes.static_position;
  const statics = pos?.kind === 'denseArray' ? pos.values : [];
  if (src.type.shape.length !== 1 || statics.length !== 1) {
    throw new EngineUnsupportedError(`only rank-1 ${op.name} with one position is supported`);
  }
  const elem = src.type.element;
  const lanes = laneCount(src.type, c.vscale);
  const at =
    statics[0] === DYNAMIC_POSITION ? c.scalarLocal(dynamic[0] as Value) : Number(statics[0]);
  const isLane = (l: number): void => {
    f.op('local.get', at as number)
      .constInt('i64', l)
      .op('i64.eq');
  };
  if (!insert) {
    const local = c.scalarLocal(defineValue(c, op.results[0] as Value));
    if (statics[0] !== DYNAMIC_POSITION) {
      pushLane(f, elem, src.parts, at);
    } else {
      pushLane(f, elem, src.parts, 0);
      for (let l = 1; l < lanes; l++) {
        f.op('local.set', local);
        pushLane(f, elem, src.parts, l);
        f.op('local.get', local);
        isLane(l);
        f.op('select');
      }
    }
    f.op('local.set', local);
    return;
  }
  const s = c.define(op.results[0] as Value);
  if (s.kind !== 'vector') throw new EngineUnsupportedError('vector.insert must produce a vector');
  src.parts.forEach((p, k) => {
    f.op('local.get', p).op('local.set', s.value.parts[k] as number);
  });
  const value = c.scalarLocal(op.operands[0] as Value);
  if (statics[0] !== DYNAMIC_POSITION) {
    setLane(f, elem, s.value.parts, at, () => f.op('local.get', value));
    return;
  }
  for (let l = 0; l < lanes; l++) {
    setLane(f, elem, s.value.parts, l, () => {
      f.op('local.get', value);
      pushLane(f, elem, s.value.parts, l);
      isLane(l);
      f.op('select');
    });
  }
}
