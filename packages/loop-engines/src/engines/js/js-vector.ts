/**
 * Vector ops unrolled per lane: a vector value is one JS constant per lane (broadcasts and
 * static extracts/inserts only rename lanes); masked, gathered and scattered accesses test
 * each lane's mask; reductions fold lanes in order like the interpreter.
 */

import type { Operation, Value } from '@tilekit/loop-ir';
import {
  combiningOp,
  DYNAMIC_POSITION,
  elementTypeOf,
  type ScalarType,
  type VectorType,
} from '@tilekit/loop-ir';
import { EngineUnsupportedError } from '../errors.js';
import { computeOperandIndex } from '../op-classes.js';
import { laneCount } from '../wasm/lanes.js';
import type { JsCodegen } from './js-codegen.js';
import { literalOf } from './js-scalar.js';

function vectorType(v: Value): VectorType {
  if (v.type.kind !== 'vector') throw new EngineUnsupportedError('expected a vector value');
  return v.type;
}

/** Emits one vector-producing or vector-consuming op. */
export function emitVectorOp(cg: JsCodegen, op: Operation): void {
  const ops = op.operands;
  const result = op.results[0] as Value;
  const lanesOf = (t: VectorType): number => laneCount(t, cg.vscale);
  const defineLanes = (exprs: readonly string[]): void => {
    const names = exprs.map((e) => {
      const n = cg.fresh();
      cg.line(`const ${n} = ${e};`);
      return n;
    });
    cg.bind(result, names);
  };
  const range = (n: number): number[] => Array.from({ length: n }, (_, k) => k);
  const start = (memref: Value, indices: readonly Value[]) => {
    const m = cg.mem(memref);
    return {
      m,
      at: cg.linear(
        m,
        indices.map((v) => cg.scalar(v)),
      ),
    };
  };
  switch (op.name) {
    case 'arith.constant': {
      const attr = op.attributes.value;
      const t = vectorType(result);
      if (attr?.kind !== 'dense')
        throw new EngineUnsupportedError('vector constants need a dense attribute');
      cg.bind(
        result,
        range(lanesOf(t)).map((k) =>
          literalOf((attr.splat ? attr.values[0] : attr.values[k]) as bigint | number, t.element),
        ),
      );
      return;
    }
    case 'vector.vscale':
      cg.bind(result, [`${cg.vscale}`]);
      return;
    case 'vector.step':
      cg.bind(
        result,
        range(lanesOf(vectorType(result))).map((k) => `${k}`),
      );
      return;
    case 'vector.constant_mask': {
      const t = vectorType(result);
      const sizes = op.attributes.mask_dim_sizes;
      const size = sizes?.kind === 'denseArray' ? Number(sizes.values[0] ?? 0n) : 0;
      const n = t.scalableDims[0] === true && size === t.shape[0] ? lanesOf(t) : size;
      cg.bind(
        result,
        range(lanesOf(t)).map((k) => (k < n ? '1' : '0')),
      );
      return;
    }
    case 'vector.create_mask': {
      if (ops.length !== 1)
        throw new EngineUnsupportedError('only rank-1 vector.create_mask is supported');
      const n = cg.scalar(ops[0] as Value);
      defineLanes(range(lanesOf(vectorType(result))).map((k) => `(${k} < ${n} ? 1 : 0)`));
      return;
    }
    case 'vector.broadcast': {
      const src = ops[0] as Value;
      if (src.type.kind === 'vector') {
        cg.bind(result, cg.lanes(src));
        return;
      }
      cg.bind(
        result,
        range(lanesOf(vectorType(result))).map(() => cg.scalar(src)),
      );
      return;
    }
    case 'vector.insert':
    case 'vector.extract':
      insertExtract(cg, op);
      return;
    case 'vector.reduction':
      reduction(cg, op);
      return;
    case 'vector.load': {
      const { m, at } = start(ops[0] as Value, ops.slice(1));
      defineLanes(range(lanesOf(vectorType(result))).map((k) => cg.read(m, `${at} + ${k}`)));
      return;
    }
    case 'vector.maskedload': {
      const { m, at } = start(ops[0] as Value, ops.slice(1, -2));
      const mask = cg.lanes(ops.at(-2) as Value);
      const pass = cg.lanes(ops.at(-1) as Value);
      defineLanes(mask.map((mk, k) => `(${mk} ? ${cg.read(m, `${at} + ${k}`)} : ${pass[k]})`));
      return;
    }
    case 'vector.store':
    case 'vector.maskedstore': {
      const masked = op.name === 'vector.maskedstore';
      const value = (masked ? ops.at(-1) : ops[0]) as Value;
      const { m, at } = start(
        (masked ? ops[0] : ops[1]) as Value,
        masked ? ops.slice(1, -2) : ops.slice(2),
      );
      const mask = masked ? cg.lanes(ops.at(-2) as Value) : undefined;
      cg.lanes(value).forEach((v, k) => {
        const store = cg.write(m, `${at} + ${k}`, v);
        cg.line(mask === undefined ? store : `if (${mask[k]}) ${store}`);
      });
      return;
    }
    case 'vector.gather':
    case 'vector.scatter': {
      const { m, at } = start(ops[0] as Value, ops.slice(1, -3));
      const indexVec = ops.at(-3) as Value;
      const big =
        elementTypeOf(indexVec.type).kind === 'integer' &&
        (elementTypeOf(indexVec.type) as { width: number }).width === 64 &&
        !cg.narrow.has(indexVec);
      const index = cg.lanes(indexVec).map((x) => (big ? `I(Number(${x}))` : x));
      const mask = cg.lanes(ops.at(-2) as Value);
      const other = cg.lanes(ops.at(-1) as Value);
      if (op.name === 'vector.gather') {
        defineLanes(
          mask.map(
            (mk, k) =>
              `(${mk} ? ${cg.read(m, cg.gathered(m, at, index[k] as string))} : ${other[k]})`,
          ),
        );
        return;
      }
      mask.forEach((mk, k) => {
        cg.line(
          `if (${mk}) ${cg.write(m, cg.gathered(m, at, index[k] as string), other[k] as string)}`,
        );
      });
      return;
    }
    default: {
      if (op.name.startsWith('vector.'))
        throw new EngineUnsupportedError(`the js engine cannot compile ${op.name}`);
      const t = vectorType(result);
      const opType = elementTypeOf((ops[computeOperandIndex(op.name)] as Value).type) as ScalarType;
      defineLanes(
        range(lanesOf(t)).map((k) => {
          const args = ops.map((v) =>
            v.type.kind === 'vector' ? (cg.lanes(v)[k] as string) : cg.scalar(v),
          );
          return cg.laneExpr(op, args, opType, t.element);
        }),
      );
      return;
    }
  }
}

function insertExtract(cg: JsCodegen, op: Operation): void {
  const insert = op.name === 'vector.insert';
  const src = op.operands[insert ? 1 : 0] as Value;
  const t = vectorType(src);
  const pos = op.attributes.static_position;
  const statics = pos?.kind === 'denseArray' ? pos.values : [];
  if (t.shape.length !== 1 || statics.length !== 1)
    throw new EngineUnsupportedError(`only rank-1 ${op.name} with one position is supported`);
  const lanes = cg.lanes(src);
  const dynamic = statics[0] === DYNAMIC_POSITION;
  const at = dynamic ? cg.scalar(op.operands[insert ? 2 : 1] as Value) : Number(statics[0]);
  const result = op.results[0] as Value;
  if (!insert) {
    if (!dynamic) {
      cg.bind(result, [lanes[at as number] as string]);
      return;
    }
    cg.define(
      result,
      lanes.reduceRight(
        (acc, lane, k) => `(${at} === ${k} ? ${lane} : ${acc})`,
        lanes[0] as string,
      ),
    );
    return;
  }
  const value = cg.scalar(op.operands[0] as Value);
  if (!dynamic) {
    cg.bind(
      result,
      lanes.map((lane, k) => (k === at ? value : lane)),
    );
    return;
  }
  const names = lanes.map((lane, k) => {
    const n = cg.fresh();
    cg.line(`const ${n} = ${at} === ${k} ? ${value} : ${lane};`);
    return n;
  });
  cg.bind(result, names);
}

function reduction(cg: JsCodegen, op: Operation): void {
  const kind = op.attributes.kind;
  if (kind?.kind !== 'combiningKind')
    throw new EngineUnsupportedError('vector.reduction without a kind');
  const result = op.results[0] as Value;
  const elem = result.type as ScalarType;
  const foldOp = combiningOp(kind.value, elem.kind === 'float');
  if (foldOp === undefined)
    throw new EngineUnsupportedError(`vector.reduction <${kind.value}> on ${elem.kind}`);
  // A synthetic scalar op of the result type, as the interpreter folds with.
  const combine: Operation = {
    ...op,
    name: foldOp,
    operands: [result, result],
    results: [result],
    attributes: {},
  };
  const lanes = [...cg.lanes(op.operands[0] as Value)];
  let acc = op.operands[1] === undefined ? (lanes.shift() as string) : cg.scalar(op.operands[1]);
  for (const lane of lanes) {
    const n = cg.fresh();
    cg.line(`const ${n} = ${cg.scalarExpr(combine, [acc, lane], elem, elem, {})};`);
    acc = n;
  }
  cg.bind(result, [acc]);
}
