/**
 * The shared lowering skeleton's op classification: every op of a kernel falls in the class
 * written out by hand below, the three handler tables (js, wasm, and the one both shader
 * generators share) hold a handler for every class, and an op no class covers is refused by
 * the compiled engines with a typed error naming the engine and op.
 */
import { type Module, type Operation, parseModule, walkOperations } from '@tilekit/loop-ir';
import { describe, expect, it } from 'vitest';
import { buildWasm, EngineUnsupportedError, generateJsSource } from '../src/index.js';
import { JS_HANDLERS } from '../src/js/js-handlers.js';
import { classifyOp, isStructural, OP_CLASSES } from '../src/op-classes.js';
import { SHADER_HANDLERS } from '../src/shader/pass-codegen.js';
import { WASM_HANDLERS } from '../src/wasm/lowering/wasm-handlers.js';

const KERNEL = `
func.func @k(%a: memref<?xf32>, %idx: memref<?xi32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %pass = arith.constant dense<0.0> : vector<4xf32>
  %d = memref.dim %a, %c0 : memref<?xf32>
  %m = affine.min affine_map<(d0)[s0] -> (4, s0 - d0)>(%c0)[%n]
  %all = vector.constant_mask [4] : vector<4xi1>
  %mask = vector.create_mask %m : vector<4xi1>
  %vs = vector.vscale
  %st = vector.step : vector<4xindex>
  %s = scf.for %i = %c0 to %d step %c4 iter_args(%acc = %zero) -> (f32) {
    %x = memref.load %a[%i] : memref<?xf32>
    %y = arith.addf %x, %acc : f32
    %v = vector.load %a[%i] : memref<?xf32>, vector<4xf32>
    %w = vector.maskedload %a[%i], %mask, %pass : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
    %ix = vector.load %idx[%i] : memref<?xi32>, vector<4xi32>
    %g = vector.gather %a[%c0] [%ix], %all, %pass : memref<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
    %b = vector.broadcast %y : f32 to vector<4xf32>
    %e = arith.mulf %v, %b : vector<4xf32>
    %ins = vector.insert %y, %e [0] : f32 into vector<4xf32>
    %ext = vector.extract %ins[1] : f32 from vector<4xf32>
    %r = vector.reduction <add>, %w, %ext : vector<4xf32> into f32
    vector.store %g, %a[%i] : memref<?xf32>, vector<4xf32>
    vector.maskedstore %a[%i], %mask, %w : memref<?xf32>, vector<4xi1>, vector<4xf32>
    vector.scatter %a[%c0] [%ix], %all, %e : memref<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32>
    memref.store %r, %a[%i] : memref<?xf32>
    %c = arith.cmpf olt, %r, %zero : f32
    %z = scf.if %c -> (f32) {
      scf.yield %zero : f32
    } else {
      scf.yield %r : f32
    }
    scf.yield %z : f32
  }
  return %s : f32
}`;

/** The class each op name of KERNEL must get (an arith.constant by its result's kind). */
const EXPECTED: Readonly<Record<string, string>> = {
  'memref.dim': 'dim',
  'affine.min': 'affine',
  'vector.constant_mask': 'constantMask',
  'vector.create_mask': 'createMask',
  'vector.vscale': 'vscale',
  'vector.step': 'step',
  'scf.for': 'for',
  'memref.load': 'load',
  'arith.addf': 'scalar',
  'vector.load': 'vectorLoad',
  'vector.maskedload': 'maskedLoad',
  'vector.gather': 'gather',
  'vector.broadcast': 'broadcast',
  'arith.mulf': 'elementwise',
  'vector.insert': 'insert',
  'vector.extract': 'extract',
  'vector.reduction': 'reduction',
  'vector.store': 'vectorStore',
  'vector.maskedstore': 'maskedStore',
  'vector.scatter': 'scatter',
  'memref.store': 'store',
  'arith.cmpf': 'scalar',
  'scf.if': 'if',
  'scf.yield': 'terminator',
  'func.return': 'terminator',
};

function opsOf(module: Module): Operation[] {
  const ops: Operation[] = [];
  for (const f of module.operations) walkOperations(f, (op) => void ops.push(op));
  return ops.filter((op) => op.name !== 'func.func');
}

describe('op classes', () => {
  it('classifies every op of a kernel as written out by hand', () => {
    const ops = opsOf(parseModule(KERNEL));
    const got = ops.map((op) => `${op.name} -> ${classifyOp(op)}`);
    const want = ops.map((op) => {
      if (op.name !== 'arith.constant') return `${op.name} -> ${EXPECTED[op.name]}`;
      const vector = op.results[0]?.type.kind === 'vector';
      return `${op.name} -> ${vector ? 'vectorConstant' : 'constant'}`;
    });
    expect(got).toEqual(want);
    // The kernel covers every class an engine handles.
    const covered = new Set(ops.map((op) => classifyOp(op)).filter((c) => !isStructural(c)));
    expect([...covered].sort()).toEqual([...OP_CLASSES].sort());
  });

  it('gives scf.while, ops with regions and unknown vector ops their structural classes', () => {
    const module = parseModule(`
func.func @w(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %r = scf.while (%i = %c0) : (index) -> index {
    %c = arith.cmpi slt, %i, %n : index
    scf.condition(%c) %i : index
  } do {
  ^bb0(%j: index):
    scf.yield %j : index
  }
  return %r : index
}`);
    const classes = opsOf(module).map((op) => `${op.name} -> ${classifyOp(op)}`);
    expect(classes).toContain('scf.while -> while');
    expect(classes).toContain('scf.condition -> terminator');
    const stub = (name: string, regions: Operation['regions'] = []): Operation => ({
      name,
      operands: [],
      results: [],
      attributes: {},
      regions,
    });
    expect(classifyOp(stub('vector.shuffle'))).toBe('unsupported');
    expect(classifyOp(stub('test.no_result'))).toBe('unsupported');
  });

  it('has a handler for every class in every handler table', () => {
    for (const table of [JS_HANDLERS, WASM_HANDLERS, SHADER_HANDLERS]) {
      expect(Object.keys(table).sort()).toEqual([...OP_CLASSES].sort());
      for (const c of OP_CLASSES) expect(typeof table[c]).toBe('function');
    }
  });

  it('refuses an op of no class on the js and wasm engines, naming the engine and the op', () => {
    const module = parseModule(`
func.func @u(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<?xf32>
  return
}`);
    const func = module.operations[0] as Operation;
    const body = func.regions[0]?.blocks[0];
    if (body === undefined) throw new Error('kernel without a body');
    // The load becomes an op of the vector dialect no engine compiles.
    const ops = body.operations.map((op) =>
      op.name === 'memref.load' ? { ...op, name: 'vector.transfer_read' } : op,
    );
    const patched: Module = {
      operations: [{ ...func, regions: [{ blocks: [{ ...body, operations: ops }] }] }],
    };
    expect(() => generateJsSource(patched, 'u')).toThrow(EngineUnsupportedError);
    expect(() => generateJsSource(patched, 'u')).toThrow(
      'the js engine cannot compile vector.transfer_read',
    );
    expect(() => buildWasm(patched, 'u')).toThrow(
      'the wasm engine cannot compile vector.transfer_read',
    );
  });
});
