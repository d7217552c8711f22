/**
 * Builder and rewriter: IR built in code prints as hand-written MLIR (checked again by
 * mlir-opt-22), rewrites produce new modules and never touch their input.
 */
import { describe, expect, it } from 'vitest';
import { runMlirOpt } from '../../../../tools/scripts/mlir-opt.mjs';
import {
  affineBinary,
  affineDim,
  affineMap,
  affineSymbol,
  Builder,
  buildFunction,
  buildModule,
  cloneOperation,
  createValue,
  definingOps,
  f32,
  IRMapping,
  i1,
  index,
  interpret,
  LoopIrArgumentError,
  memrefOf,
  type Operation,
  parseModule,
  printModule,
  replaceOpsInBlock,
  rewriteModule,
  stringAttr,
  type Value,
  vectorOf,
  verifyModule,
  walkOperations,
} from '../../src/index.js';

/** `min(s0, d0 - d1)`: the remaining-iterations map of the seed's genVectorMask. */
const REMAINING = affineMap(2, 1, [affineSymbol(0), affineBinary('-', affineDim(0), affineDim(1))]);

/** The seed's VLA reduction (vl = 4, enableVLAVectorization) built with the Builder. */
function vectorSum(): Operation {
  return buildFunction('sum', [memrefOf('?', f32), index, index], [f32], (b, a, lo, hi) => {
    const c4 = b.constantIndex(4);
    const step = b.muli(b.vscale(), c4);
    const zero = b.constantFloat(0, f32);
    const vz = b.constantDense(vectorOf(4, f32, true), [0]);
    const loop = b.forOp(
      lo as Value,
      hi as Value,
      step,
      [vz],
      (inner, iv, acc) => {
        const end = inner.affine('min', REMAINING, [hi as Value, iv as Value, step]);
        const mask = inner.createMask(vectorOf(4, i1, true), [end]);
        const x = inner.maskedLoad(a as Value, [iv as Value], mask, vz);
        return [inner.select(mask, inner.addf(acc as Value, x), acc as Value)];
      },
      { 'Emitted from': stringAttr('linalg.generic') },
    );
    return [b.reduction('add', loop.results[0] as Value, zero)];
  });
}

// Written by hand following MLIR's printing rules (names: %c4, %vscale, %c4_vscale, %cst).
const EXPECTED = `#map = affine_map<(d0, d1)[s0] -> (s0, d0 - d1)>
module {
  func.func @sum(%arg0: memref<?xf32>, %arg1: index, %arg2: index) -> f32 {
    %c4 = arith.constant 4 : index
    %vscale = vector.vscale
    %c4_vscale = arith.muli %vscale, %c4 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense<0.000000e+00> : vector<[4]xf32>
    %0 = scf.for %arg3 = %arg1 to %arg2 step %c4_vscale iter_args(%arg4 = %cst_0) -> (vector<[4]xf32>) {
      %2 = affine.min #map(%arg2, %arg3)[%c4_vscale]
      %3 = vector.create_mask %2 : vector<[4]xi1>
      %4 = vector.maskedload %arg0[%arg3], %3, %cst_0 : memref<?xf32>, vector<[4]xi1>, vector<[4]xf32> into vector<[4]xf32>
      %5 = arith.addf %arg4, %4 : vector<[4]xf32>
      %6 = arith.select %3, %5, %arg4 : vector<[4]xi1>, vector<[4]xf32>
      scf.yield %6 : vector<[4]xf32>
    } {"Emitted from" = "linalg.generic"}
    %1 = vector.reduction <add>, %0, %cst : vector<[4]xf32> into f32
    return %1 : f32
  }
}
`;

describe('Builder', () => {
  it('builds the seed vectorized loop as the expected MLIR text', () => {
    const module = verifyModule(buildModule([vectorSum()]));
    expect(printModule(module)).toBe(EXPECTED);
    const opt = runMlirOpt(EXPECTED);
    expect(opt.status).toBe(0);
    expect(opt.stdout.trimEnd()).toBe(EXPECTED.trimEnd());
  });

  it('the built loop computes the sum for several vscales', () => {
    const module = buildModule([vectorSum()]);
    const data = Float32Array.from({ length: 11 }, (_, i) => i * 0.5);
    for (const vscale of [1, 2, 3]) {
      expect(interpret(module, 'sum', [data, 2, 11], { vscale })).toEqual([
        (2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10) * 0.5,
      ]);
    }
  });

  it('operations() is a frozen snapshot and nodes are immutable', () => {
    const b = new Builder();
    const x = b.constantIndex(1);
    const snapshot = b.operations;
    b.addi(x, x);
    expect(snapshot).toHaveLength(1);
    expect(b.operations).toHaveLength(2);
    const op = b.operations[1] as Operation;
    expect(
      Object.isFrozen(op) && Object.isFrozen(op.operands) && Object.isFrozen(op.attributes),
    ).toBe(true);
    expect(() => {
      (op.operands as Value[]).push(x);
    }).toThrowError(TypeError);
    expect(() => b.constant({ kind: 'string', value: 'x' })).toThrowError(
      /needs a typed attribute/,
    );
  });

  it('vector positions mix static and dynamic entries', () => {
    const fn = buildFunction('pos', [vectorOf([2, 3], f32), index], [f32], (b, v, i) => [
      b.vectorExtract(v as Value, [1, i as Value]),
    ]);
    const text = printModule(buildModule([fn]));
    expect(text).toContain('%0 = vector.extract %arg0[1, %arg1] : f32 from vector<2x3xf32>');
    expect(interpret(buildModule([fn]), 'pos', [[1, 2, 3, 4, 5, 6], 2])).toEqual([6]);
  });
});

const ADD = `func.func @add(%a: memref<?xf32>, %b: memref<?xf32>, %x: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.load %a[%i] : memref<?xf32>
    %1 = memref.load %b[%i] : memref<?xf32>
    %2 = arith.addf %0, %1 : f32
    memref.store %2, %x[%i] : memref<?xf32>
  }
  return
}
`;

function allValues(root: Operation): Set<Value> {
  const out = new Set<Value>();
  walkOperations(root, (op) => {
    for (const v of op.results) out.add(v);
    for (const r of op.regions)
      for (const blk of r.blocks) for (const a of blk.arguments) out.add(a);
  });
  return out;
}

describe('rewriter', () => {
  it('rewriteModule returns a new module and leaves the input untouched', () => {
    const input = parseModule(ADD);
    const before = printModule(input);
    const output = rewriteModule(input, (op) => {
      if (op.name !== 'arith.addf') return undefined;
      const b = new Builder();
      const sub = b.binary('arith.subf', op.operands[0] as Value, op.operands[1] as Value);
      return { operations: b.operations, results: [sub] };
    });
    expect(printModule(input)).toBe(before);
    expect(printModule(output)).toBe(before.replace('arith.addf', 'arith.subf'));
    const a = Float32Array.from([5, 7, 9]);
    const b = Float32Array.from([1, 2, 3]);
    const x = new Float32Array(3);
    interpret(output, 'add', [a, b, x, 3]);
    expect(Array.from(x)).toEqual([4, 5, 6]);
    interpret(input, 'add', [a, b, x, 3]);
    expect(Array.from(x)).toEqual([6, 9, 12]);
  });

  it('rewriteModule without changes shares every node', () => {
    const input = parseModule(ADD);
    expect(rewriteModule(input, () => undefined).operations[0]).toBe(input.operations[0]);
  });

  it('cloneOperation creates fresh values and prints identically', () => {
    const fn = parseModule(ADD).operations[0] as Operation;
    const mapping = new IRMapping();
    const clone = cloneOperation(fn, mapping);
    const shared = [...allValues(clone)].filter((v) => allValues(fn).has(v));
    expect(shared).toEqual([]);
    expect(printModule(buildModule([clone]))).toBe(printModule(buildModule([fn])));
    for (const v of allValues(fn)) expect(mapping.has(v)).toBe(true);
  });

  it('IRMapping follows chains and maps unmapped values to themselves', () => {
    const [a, b, c, d] = [0, 1, 2, 3].map(() => createValue(f32)) as [Value, Value, Value, Value];
    const m = new IRMapping().map(a, b).map(b, c);
    expect(m.lookup(a)).toBe(c);
    expect(m.lookup(d)).toBe(d);
    expect(() => m.mapAll([a, b], [c])).toThrowError(LoopIrArgumentError);
    expect(() => m.mapAll([a, b], [c])).toThrowError(/Invalid to: expected 2 values/);
  });

  it('replaceOpsInBlock remaps later uses, including nested ones', () => {
    const fn = parseModule(ADD).operations[0] as Operation;
    const body = fn.regions[0]?.blocks[0];
    if (body === undefined) throw new Error('no body');
    const replaced = replaceOpsInBlock(body, (op) => {
      const v = op.attributes.value;
      if (op.name !== 'arith.constant' || v?.kind !== 'integer' || v.value !== 1n) return undefined;
      const b = new Builder();
      const two = b.constantIndex(2);
      return { operations: b.operations, results: [two] };
    });
    const loop = replaced.operations.find((o) => o.name === 'scf.for') as Operation;
    const defs = definingOps(replaced);
    const stepDef = defs.get(loop.operands[2] as Value);
    expect(stepDef?.attributes.value).toMatchObject({ kind: 'integer', value: 2n });
    expect(body.operations[1]?.attributes.value).toMatchObject({ value: 1n });
  });
});
