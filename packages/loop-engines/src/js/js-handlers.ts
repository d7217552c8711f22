/**
 * The js engine's op table: one emitter per op class (see ../op-classes.ts). Scalar memory,
 * affine, constant and element-wise emitters are here; the vector ones are in js-vector.ts.
 */
import type { Operation } from '@tilekit/loop-ir';
import { operand, operands, result, type ScalarType } from '@tilekit/loop-ir';
import { affineOpParts } from '../affine-op.js';
import type { OpHandlers } from '../lowering.js';
import { computeOperand } from '../op-classes.js';
import { affineExpression } from './js-affine.js';
import type { JsCodegen, JsMemRef } from './js-codegen.js';
import { constantLiteral } from './js-scalar.js';
import {
  emitBroadcast,
  emitConstantMask,
  emitCreateMask,
  emitElementwise,
  emitExtract,
  emitGather,
  emitInsert,
  emitMaskedLoad,
  emitMaskedStore,
  emitReduction,
  emitScatter,
  emitStep,
  emitVectorConstant,
  emitVectorLoad,
  emitVectorStore,
  emitVscale,
} from './js-vector.js';

/** The memref of a `memref.load` / `memref.store` and the flat index it accesses. */
function access(cg: JsCodegen, op: Operation): { m: JsMemRef; at: string } {
  const m = cg.mem(operand(op, 'memref'));
  return {
    m,
    at: cg.linear(
      m,
      operands(op, 'indices').map((v) => cg.scalar(v)),
    ),
  };
}

/** The js engine's emitter of every op class. */
export const JS_HANDLERS: OpHandlers<JsCodegen> = {
  load: (cg, op) => {
    const { m, at } = access(cg, op);
    cg.define(result(op), cg.readNow(m, at));
  },
  store: (cg, op) => {
    const { m, at } = access(cg, op);
    cg.line(cg.write(m, at, cg.scalar(operand(op, 'value'))));
  },
  dim: (cg, op) => {
    const m = cg.mem(operand(op, 'source'));
    const which = cg.scalar(operand(op, 'index'));
    const expr = m.dims.reduceRight((acc, d, k) => `(${which} === ${k} ? ${d} : ${acc})`, '0');
    cg.define(result(op), expr);
  },
  affine: (cg, op) => {
    const { kind, map, dims, symbols } = affineOpParts(op);
    const scalars = (vs: typeof dims) => vs.map((v) => cg.scalar(v));
    cg.define(result(op), affineExpression(kind, map, scalars(dims), scalars(symbols)));
  },
  constant: (cg, op) => {
    const r = result(op);
    cg.bind(r, [constantLiteral(op.attributes.value, r.type as ScalarType)]);
  },
  scalar: (cg, op) => {
    const r = result(op);
    const opType = computeOperand(op).type as ScalarType;
    const args = op.operands.map((v) => cg.scalar(v));
    cg.define(r, cg.laneExpr(op, args, opType, r.type as ScalarType));
  },
  vectorConstant: emitVectorConstant,
  vscale: emitVscale,
  step: emitStep,
  constantMask: emitConstantMask,
  createMask: emitCreateMask,
  broadcast: emitBroadcast,
  insert: emitInsert,
  extract: emitExtract,
  reduction: emitReduction,
  vectorLoad: emitVectorLoad,
  maskedLoad: emitMaskedLoad,
  vectorStore: emitVectorStore,
  maskedStore: emitMaskedStore,
  gather: emitGather,
  scatter: emitScatter,
  elementwise: emitElementwise,
};
