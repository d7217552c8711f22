/**
 * The wasm engine's op table: one emitter per op class (see ../../op-classes.ts). Scalar memory,
 * affine, constant and element-wise emitters are here; the vector ones are in
 * vector-handlers.ts.
 */
import type { Operation, ScalarType } from '@tilekit/loop-ir';
import { operand, operands, result } from '@tilekit/loop-ir';
import { affineOpParts } from '../../affine-op.js';
import { EngineUnsupportedError } from '../../errors.js';
import type { OpHandlers } from '../../lowering.js';
import { computeOperand } from '../../op-classes.js';
import { pushAffineMap } from './affine-lowering.js';
import type { FunctionCompiler } from './function-compiler.js';
import { lowerLoad, lowerStore } from './memory-ops.js';
import { lowerScalarConstant } from './scalar-cmp-cast.js';
import {
  lowerBroadcast,
  lowerConstantMask,
  lowerCreateMask,
  lowerDenseConstant,
  lowerExtract,
  lowerInsert,
  lowerMaskedLoad,
  lowerMaskedStore,
  lowerPlainLoad,
  lowerPlainStore,
  lowerStep,
  lowerVectorElementwise,
  lowerVectorGather,
  lowerVectorReduction,
  lowerVectorScatter,
  lowerVscale,
} from './vector-handlers.js';
import { lowerScalarOp } from './vector-ops.js';

/** Where a `memref.load` / `memref.store` accesses (see FunctionCompiler.scalarAddress). */
function addressOf(c: FunctionCompiler, op: Operation) {
  return c.scalarAddress(operand(op, 'memref'), operands(op, 'indices'));
}

/** `memref.dim`: selects the dim parameter whose number matches. */
function lowerDim(c: FunctionCompiler, op: Operation): void {
  const { mem } = c.memOf(operand(op, 'source'));
  const which = c.pusher(operand(op, 'index'));
  const r = result(op);
  c.define(r);
  const out = c.scalarLocal(r);
  if (mem.dims.length === 0) throw new EngineUnsupportedError('memref.dim of a rank-0 memref');
  c.f.op('local.get', mem.dims[0] as number).op('local.set', out);
  for (const [k, d] of mem.dims.entries()) {
    if (k === 0) continue;
    c.f.op('local.get', d).op('local.get', out);
    which();
    c.f.constInt('i64', k).op('i64.eq').op('select').op('local.set', out);
  }
}

/** The wasm engine's emitter of every op class. */
export const WASM_HANDLERS: OpHandlers<FunctionCompiler> = {
  load: (c, op) => {
    const { type } = c.memOf(operand(op, 'memref'));
    const out = c.define(result(op));
    lowerLoad(c.f, addressOf(c, op), type);
    c.popInto(out);
  },
  store: (c, op) => {
    const { type } = c.memOf(operand(op, 'memref'));
    lowerStore(c.f, addressOf(c, op), type, c.pusher(operand(op, 'value')));
  },
  dim: lowerDim,
  affine: (c, op) => {
    const { kind, map, dims, symbols } = affineOpParts(op);
    const out = c.define(result(op));
    const pushers = (vs: typeof dims) => vs.map((v) => c.pusher(v));
    pushAffineMap(c, kind, map, pushers(dims), pushers(symbols));
    c.popInto(out);
  },
  constant: (c, op) => {
    const r = result(op);
    const value = op.attributes.value;
    if (value === undefined) throw new EngineUnsupportedError('arith.constant without a value');
    const out = c.define(r);
    lowerScalarConstant(c.f, value, r.type as ScalarType);
    c.popInto(out);
  },
  scalar: (c, op) => {
    const r = result(op);
    const opType = computeOperand(op).type as ScalarType;
    const args = op.operands.map((v) => c.pusher(v));
    const out = c.define(r);
    lowerScalarOp(c, op.name, args, opType, r.type as ScalarType, op.attributes);
    c.popInto(out);
  },
  vectorConstant: lowerDenseConstant,
  vscale: lowerVscale,
  step: lowerStep,
  constantMask: lowerConstantMask,
  createMask: lowerCreateMask,
  broadcast: lowerBroadcast,
  insert: lowerInsert,
  extract: lowerExtract,
  reduction: lowerVectorReduction,
  vectorLoad: lowerPlainLoad,
  maskedLoad: lowerMaskedLoad,
  vectorStore: lowerPlainStore,
  maskedStore: lowerMaskedStore,
  gather: lowerVectorGather,
  scatter: lowerVectorScatter,
  elementwise: lowerVectorElementwise,
};
