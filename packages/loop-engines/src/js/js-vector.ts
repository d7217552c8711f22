/**
 * The js engine's vector emitters, unrolled per lane: a vector value is one JS constant per
 * lane (broadcasts and static extracts/inserts only rename lanes); masked, gathered and
 * scattered accesses test each lane's mask; reductions fold lanes in order like the
 * interpreter.
 */

import type { Operation, Value } from '@tilekit/loop-ir';
import {
  combiningOp,
  elementTypeOf,
  laneCount,
  operand,
  operands,
  optionalOperand,
  result,
  type ScalarType,
  type VectorType,
} from '@tilekit/loop-ir';
import { EngineUnsupportedError } from '../errors.js';
import { computeOperand } from '../op-classes.js';
import { constantMaskSize, lanePosition, laneSource } from '../vector-op-parts.js';
import type { JsCodegen, JsMemRef } from './js-codegen.js';
import { literalOf } from './js-scalar.js';

/** A js engine handler (see `OpHandlers`). */
type JsHandler = (cg: JsCodegen, op: Operation) => void;

function vectorType(v: Value): VectorType {
  if (v.type.kind !== 'vector') throw new EngineUnsupportedError('expected a vector value');
  return v.type;
}

const range = (n: number): number[] => Array.from({ length: n }, (_, k) => k);

/** The lane numbers of `v`'s vector type at the compiled vscale. */
const lanesOf = (cg: JsCodegen, v: Value): number[] => range(laneCount(vectorType(v), cg.vscale));

/** Binds `v` to one new `const` per lane expression. */
function defineLanes(cg: JsCodegen, v: Value, exprs: readonly string[]): void {
  const names = exprs.map((e) => {
    const n = cg.fresh();
    cg.line(`const ${n} = ${e};`);
    return n;
  });
  cg.bind(v, names);
}

/** The memref of a vector access and the flat index of its first lane. */
function start(cg: JsCodegen, op: Operation): { m: JsMemRef; at: string } {
  const m = cg.mem(operand(op, 'base'));
  return {
    m,
    at: cg.linear(
      m,
      operands(op, 'indices').map((v) => cg.scalar(v)),
    ),
  };
}

/** `arith.constant dense<...>`: one literal per lane. */
export const emitVectorConstant: JsHandler = (cg, op) => {
  const attr = op.attributes.value;
  const r = result(op);
  const t = vectorType(r);
  if (attr?.kind !== 'dense')
    throw new EngineUnsupportedError('vector constants need a dense attribute');
  cg.bind(
    r,
    lanesOf(cg, r).map((k) =>
      literalOf((attr.splat ? attr.values[0] : attr.values[k]) as bigint | number, t.element),
    ),
  );
};

/** `vector.vscale`: the compiled vscale. */
export const emitVscale: JsHandler = (cg, op) => {
  cg.bind(result(op), [`${cg.vscale}`]);
};

/** `vector.step`: the lane numbers. */
export const emitStep: JsHandler = (cg, op) => {
  cg.bind(
    result(op),
    lanesOf(cg, result(op)).map((k) => `${k}`),
  );
};

/** `vector.constant_mask`: 1 in the leading lanes, else 0. */
export const emitConstantMask: JsHandler = (cg, op) => {
  const r = result(op);
  const lanes = lanesOf(cg, r);
  const n = constantMaskSize(op, vectorType(r), lanes.length);
  cg.bind(
    r,
    lanes.map((k) => (k < n ? '1' : '0')),
  );
};

/** `vector.create_mask %n`: lane k is set when k < n. */
export const emitCreateMask: JsHandler = (cg, op) => {
  const [bound, ...more] = operands(op, 'operands');
  if (bound === undefined || more.length > 0)
    throw new EngineUnsupportedError('only rank-1 vector.create_mask is supported');
  const n = cg.scalar(bound);
  const r = result(op);
  defineLanes(
    cg,
    r,
    lanesOf(cg, r).map((k) => `(${k} < ${n} ? 1 : 0)`),
  );
};

/** `vector.broadcast`: renames the source's lanes, or repeats the scalar. */
export const emitBroadcast: JsHandler = (cg, op) => {
  const src = operand(op, 'source');
  const r = result(op, 'vector');
  if (src.type.kind === 'vector') {
    cg.bind(r, cg.lanes(src));
    return;
  }
  cg.bind(
    r,
    lanesOf(cg, r).map(() => cg.scalar(src)),
  );
};

/** `vector.extract`: a static lane is renamed, a dynamic one chosen by comparisons. */
export const emitExtract: JsHandler = (cg, op) => {
  const src = laneSource(op);
  const at = lanePosition(op, vectorType(src));
  const lanes = cg.lanes(src);
  if (typeof at === 'number') {
    cg.bind(result(op), [lanes[at] as string]);
    return;
  }
  const k0 = cg.scalar(at);
  cg.define(
    result(op),
    lanes.reduceRight((acc, lane, k) => `(${k0} === ${k} ? ${lane} : ${acc})`, lanes[0] as string),
  );
};

/** `vector.insert`: a static lane is renamed, a dynamic one chosen per lane. */
export const emitInsert: JsHandler = (cg, op) => {
  const src = laneSource(op);
  const at = lanePosition(op, vectorType(src));
  const lanes = cg.lanes(src);
  const position = typeof at === 'number' ? at : cg.scalar(at);
  const value = cg.scalar(operand(op, 'valueToStore'));
  if (typeof position === 'number') {
    cg.bind(
      result(op),
      lanes.map((lane, k) => (k === position ? value : lane)),
    );
    return;
  }
  const names = lanes.map((lane, k) => {
    const n = cg.fresh();
    cg.line(`const ${n} = ${position} === ${k} ? ${value} : ${lane};`);
    return n;
  });
  cg.bind(result(op), names);
};

/** `vector.reduction`: folds the lanes in order with the combining kind's scalar op. */
export const emitReduction: JsHandler = (cg, op) => {
  const kind = op.attributes.kind;
  if (kind?.kind !== 'combiningKind')
    throw new EngineUnsupportedError('vector.reduction without a kind');
  const r = result(op, 'dest');
  const elem = r.type as ScalarType;
  const foldOp = combiningOp(kind.value, elem.kind === 'float');
  if (foldOp === undefined)
    throw new EngineUnsupportedError(`vector.reduction <${kind.value}> on ${elem.kind}`);
  // A synthetic scalar op of the result type, as the interpreter folds with.
  const combine: Operation = {
    ...op,
    name: foldOp,
    operands: [r, r],
    results: [r],
    attributes: {},
  };
  const lanes = [...cg.lanes(operand(op, 'vector'))];
  const acc0 = optionalOperand(op, 'acc');
  let acc = acc0 === undefined ? (lanes.shift() as string) : cg.scalar(acc0);
  for (const lane of lanes) {
    const n = cg.fresh();
    cg.line(`const ${n} = ${cg.scalarExpr(combine, [acc, lane], elem, elem, {})};`);
    acc = n;
  }
  cg.bind(r, [acc]);
};

/** `vector.load`: one read per lane. */
export const emitVectorLoad: JsHandler = (cg, op) => {
  const { m, at } = start(cg, op);
  const r = result(op);
  defineLanes(
    cg,
    r,
    lanesOf(cg, r).map((k) => cg.readNow(m, `${at} + ${k}`)),
  );
};

/** Defines `op`'s result lane k as a read of `m` at `address(k)` where the mask is set, else the pass-through lane. */
function maskedRead(
  cg: JsCodegen,
  op: Operation,
  m: JsMemRef,
  address: (k: number) => string,
): void {
  const mask = cg.lanes(operand(op, 'mask'));
  const pass = cg.lanes(operand(op, 'passThru'));
  defineLanes(
    cg,
    result(op),
    mask.map((mk, k) => `(${mk} ? ${cg.read(m, address(k))} : ${pass[k]})`),
  );
}

/** `vector.maskedload`: a read where the mask is set, else the pass-through lane. */
export const emitMaskedLoad: JsHandler = (cg, op) => {
  const { m, at } = start(cg, op);
  maskedRead(cg, op, m, (k) => `${at} + ${k}`);
};

/** Stores each lane of `valueToStore`, where `mask` (when given) is set. */
function storeLanes(cg: JsCodegen, op: Operation, mask: readonly string[] | undefined): void {
  const { m, at } = start(cg, op);
  cg.lanes(operand(op, 'valueToStore')).forEach((v, k) => {
    const store = cg.write(m, `${at} + ${k}`, v);
    cg.line(mask === undefined ? store : `if (${mask[k]}) ${store}`);
  });
}

/** `vector.store`: one write per lane. */
export const emitVectorStore: JsHandler = (cg, op) => {
  storeLanes(cg, op, undefined);
};

/** `vector.maskedstore`: a write per lane where the mask is set. */
export const emitMaskedStore: JsHandler = (cg, op) => {
  storeLanes(cg, op, cg.lanes(operand(op, 'mask')));
};

/** The flat element index of each lane of a gather or scatter. */
function gatheredLanes(cg: JsCodegen, op: Operation): { m: JsMemRef; lanes: string[] } {
  const { m, at } = start(cg, op);
  const indexVec = operand(op, 'indexVec');
  const element = elementTypeOf(indexVec.type);
  const big = element.kind === 'integer' && element.width === 64 && !cg.narrow.has(indexVec);
  const lanes = cg.lanes(indexVec).map((x) => cg.gathered(m, at, big ? `I(Number(${x}))` : x));
  return { m, lanes };
}

/** `vector.gather`: a read per lane where the mask is set, else the pass-through lane. */
export const emitGather: JsHandler = (cg, op) => {
  const { m, lanes } = gatheredLanes(cg, op);
  maskedRead(cg, op, m, (k) => lanes[k] as string);
};

/** `vector.scatter`: a write per lane where the mask is set. */
export const emitScatter: JsHandler = (cg, op) => {
  const { m, lanes } = gatheredLanes(cg, op);
  const mask = cg.lanes(operand(op, 'mask'));
  const values = cg.lanes(operand(op, 'valueToStore'));
  mask.forEach((mk, k) => {
    cg.line(`if (${mk}) ${cg.write(m, lanes[k] as string, values[k] as string)}`);
  });
};

/** An element-wise arith/math op on vectors: the scalar expression once per lane. */
export const emitElementwise: JsHandler = (cg, op) => {
  const r = result(op);
  const t = vectorType(r);
  const opType = elementTypeOf(computeOperand(op).type) as ScalarType;
  defineLanes(
    cg,
    r,
    lanesOf(cg, r).map((k) => {
      const args = op.operands.map((v) =>
        v.type.kind === 'vector' ? (cg.lanes(v)[k] as string) : cg.scalar(v),
      );
      return cg.laneExpr(op, args, opType, t.element);
    }),
  );
};
