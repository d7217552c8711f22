/**
 * Verifier failures. Each textual case parses but breaks an op rule; the test expects our
 * IRVerifyError (op, rule, message gist) and checks that mlir-opt-22 rejects the same text,
 * so the rule is MLIR's, not ours. Structural cases that cannot be written as text are
 * built with the Builder.
 */
import { describe, expect, it } from 'vitest';
import { runMlirOpt } from '../../../../tools/scripts/mlir-opt.mjs';
import {
  buildFunction,
  buildModule,
  createBlock,
  createModule,
  createOperation,
  createRegion,
  f32,
  floatAttr,
  IRVerifyError,
  index,
  parseModule,
  type Value,
  verificationDiagnostics,
  verifyModule,
} from '../../src/index.js';

interface Case {
  readonly name: string;
  readonly body: string;
  readonly op: string;
  readonly rule: string;
  readonly message: RegExp;
  readonly results?: string;
}

const ARGS =
  '%a: f32, %b: f32, %x: i32, %i: index, %n: index, %m: memref<?xf32>, %v: vector<4xf32>, %w: vector<8xf32>, %c: i1';

const CASES: readonly Case[] = [
  {
    name: 'addf on integers',
    body: '%0 = arith.addf %x, %x : i32',
    op: 'arith.addf',
    rule: 'elementKind',
    message: /float elements, got 'i32'/,
  },
  {
    name: 'extsi to a narrower type',
    body: '%0 = arith.extsi %x : i32 to i16',
    op: 'arith.extsi',
    rule: 'narrower',
    message: /in \(32 bits\) to be narrower than out \(16 bits\)/,
  },
  {
    name: 'truncf to a wider type',
    body: '%0 = arith.truncf %a : f32 to f64',
    op: 'arith.truncf',
    rule: 'narrower',
    message: /out \(64 bits\) to be narrower than in \(32 bits\)/,
  },
  {
    name: 'index_cast between integers',
    body: '%0 = arith.index_cast %x : i32 to i64',
    op: 'arith.index_cast',
    rule: 'indexCast',
    message: /exactly one of source and result/,
  },
  {
    name: 'load with two subscripts on rank 1',
    body: '%0 = memref.load %m[%i, %i] : memref<?xf32>',
    op: 'memref.load',
    rule: 'subscripts',
    message: /expects 1 subscripts .* got 2/,
  },
  {
    name: 'broadcast to a different length',
    body: '%0 = vector.broadcast %v : vector<4xf32> to vector<8xf32>',
    op: 'vector.broadcast',
    rule: 'broadcastCompatible',
    message: /cannot broadcast 'vector<4xf32>' to 'vector<8xf32>'/,
  },
  {
    name: 'maskedload with a wrong mask shape',
    body: '%k = vector.constant_mask [2] : vector<8xi1>\n  %0 = vector.maskedload %m[%i], %k, %v : memref<?xf32>, vector<8xi1>, vector<4xf32> into vector<4xf32>',
    op: 'vector.maskedload',
    rule: 'boolLike',
    message: /mask to be 'vector<4xi1>', got 'vector<8xi1>'/,
  },
  {
    name: 'and-reduction of floats',
    body: '%0 = vector.reduction <and>, %v : vector<4xf32> into f32',
    op: 'vector.reduction',
    rule: 'reductionKind',
    message: /combining kind 'and' is invalid for 'f32'/,
  },
  {
    name: 'reduction into the wrong type',
    body: '%0 = vector.reduction <add>, %v : vector<4xf32> into f64',
    op: 'vector.reduction',
    rule: 'reductionKind',
    message: /result type 'f64' must be the element type 'f32'/,
  },
  {
    name: 'return type mismatch',
    body: 'return %x : i32',
    op: 'func.return',
    rule: 'returnMatchesFunction',
    message: /returns \(i32\) but the function returns \(f32\)/,
    results: 'f32',
  },
  {
    name: 'create_mask operand count',
    body: '%0 = vector.create_mask %i : vector<4x4xi1>',
    op: 'vector.create_mask',
    rule: 'maskRank',
    message: /must have 2 operands/,
  },
  {
    name: 'constant_mask beyond the dimension',
    body: '%0 = vector.constant_mask [9] : vector<8xi1>',
    op: 'vector.constant_mask',
    rule: 'maskRank',
    message: /mask size 9 is out of bounds/,
  },
  {
    name: 'extract position out of bounds',
    body: '%0 = vector.extract %w[9] : f32 from vector<8xf32>',
    op: 'vector.extract',
    rule: 'vectorPosition',
    message: /position 9 is out of bounds for dimension 0 of size 8/,
  },
  {
    name: 'extract of the wrong type',
    body: '%0 = vector.extract %w[1] : f64 from vector<8xf32>',
    op: 'vector.extract',
    rule: 'vectorPosition',
    message: /extracted type 'f64' must be 'f32'/,
  },
  {
    name: 'yield type differs from iter_args',
    body: '%0 = scf.for %k = %i to %n step %i iter_args(%s = %a) -> (f32) {\n    scf.yield %x : i32\n  }',
    op: 'scf.for',
    rule: 'yieldTypes',
    message: /yields \(i32\) but \(f32\) is required/,
  },
  {
    name: 'if with results but no else',
    body: '%0 = scf.if %c -> (f32) {\n    scf.yield %a : f32\n  }',
    op: 'scf.if',
    rule: 'ifBranches',
    message: /must have an else region/,
  },
  {
    name: 'while condition forwards the wrong types',
    body: '%0 = scf.while (%s = %i) : (index) -> f32 {\n    scf.condition(%c) %s : index\n  } do {\n  ^bb0(%t: f32):\n    scf.yield %i : index\n  }',
    op: 'scf.while',
    rule: 'yieldTypes',
    message: /'scf.condition' in the 'before' region yields \(index\) but \(f32\) is required/,
  },
  {
    name: 'affine.apply with two results',
    body: '%0 = affine.apply affine_map<(d0) -> (d0, d0)>(%i)',
    op: 'affine.apply',
    rule: 'affineMapOperands',
    message: /map has 2 results/,
  },
  {
    name: 'select with a mismatched vector condition',
    body: '%k = vector.constant_mask [2] : vector<4xi1>\n  %0 = arith.select %k, %w, %w : vector<4xi1>, vector<8xf32>',
    op: 'arith.select',
    rule: 'selectCondition',
    message: /condition 'vector<4xi1>' must be i1 or 'vector<8xi1>'/,
  },
  {
    name: 'cmpi on floats',
    body: '%0 = arith.cmpi slt, %a, %b : f32',
    op: 'arith.cmpi',
    rule: 'elementKind',
    message: /intOrIndex elements, got 'f32'/,
  },
  {
    name: 'vector.load of a different element type',
    body: '%0 = vector.load %m[%i] : memref<?xf32>, vector<4xi32>',
    op: 'vector.load',
    rule: 'elementType',
    message: /vector 'vector<4xi32>' does not match the memref element type 'f32'/,
  },
  {
    name: 'unregistered operation',
    body: '"foo.bar"() : () -> ()',
    op: 'foo.bar',
    rule: 'registered',
    message: /not an operation this package knows/,
  },
  {
    name: 'func.func nested in a function body',
    body: 'func.func @g() {\n    return\n  }',
    op: 'func.func',
    rule: 'symbolTable',
    message: /symbol's parent must have the SymbolTable trait .*not inside func\.func/,
  },
  {
    name: 'func.func nested in a loop body',
    body: 'scf.for %k = %i to %n step %n {\n    func.func @g() {\n      return\n    }\n  }',
    op: 'func.func',
    rule: 'symbolTable',
    message: /only at module top level, not inside scf\.for/,
  },
  {
    name: 'function body arguments differ from the signature',
    body: '',
    op: 'func.func',
    rule: 'funcSignature',
    message: /entry block arguments \(i32\) must match the signature \(f32\)/,
  },
];

function source(c: Case): string {
  if (c.rule === 'funcSignature') {
    return '"func.func"() <{function_type = (f32) -> (), sym_name = "g"}> ({\n^bb0(%z: i32):\n  "func.return"() : () -> ()\n}) : () -> ()\n';
  }
  const results = c.results ?? '';
  const tail = c.results === undefined ? '\n  return' : '';
  return `func.func @f(${ARGS})${results ? ` -> ${results}` : ''} {\n  ${c.body}${tail}\n}\n`;
}

describe('verifier rules (cross-checked with mlir-opt-22)', () => {
  it.each(CASES)('$name', (c) => {
    const text = source(c);
    const diagnostics = verificationDiagnostics(parseModule(text));
    const match = diagnostics.find((d) => d.opName === c.op && d.rule === c.rule);
    expect(match, diagnostics.map((d) => d.message).join('\n')).toBeDefined();
    expect(match?.detail).toMatch(c.message);
    expect(() => verifyModule(parseModule(text))).toThrowError(IRVerifyError);
    expect(runMlirOpt(text).status, `mlir-opt-22 accepted:\n${text}`).not.toBe(0);
  });

  it('a valid module has no diagnostics and verifyModule returns it', () => {
    const text = `func.func @f(${ARGS}) -> f32 {\n  %0 = arith.addf %a, %b : f32\n  return %0 : f32\n}\n`;
    const module = parseModule(text);
    expect(verificationDiagnostics(module)).toEqual([]);
    expect(verifyModule(module)).toBe(module);
    expect(runMlirOpt(text).status).toBe(0);
  });
});

describe('structural rules on built IR', () => {
  it('rejects a use of a value before its definition', () => {
    const later = createOperation({
      name: 'arith.constant',
      resultTypes: [f32],
      attributes: { value: floatAttr(1, f32) },
    });
    const fn = buildFunction('f', [f32], [f32], (b, x) => {
      const sum = b.addf(x as Value, later.results[0] as Value);
      b.insert(later);
      return [sum];
    });
    const errors = verificationDiagnostics(buildModule([fn]));
    expect(errors.map((e) => [e.opName, e.rule])).toContainEqual(['arith.addf', 'dominance']);
  });

  it('rejects a terminator in the middle of a block', () => {
    const ret = createOperation({ name: 'func.return' });
    const fn = createOperation({
      name: 'func.func',
      attributes: parseModule('func.func @g() {\n  return\n}').operations[0]?.attributes ?? {},
      regions: [createRegion([createBlock([], [ret, createOperation({ name: 'func.return' })])])],
    });
    const errors = verificationDiagnostics(createModule([fn]));
    expect(errors.map((e) => [e.opName, e.rule, e.path])).toContainEqual([
      'func.return',
      'terminator',
      '@g/func.return#0',
    ]);
  });

  it('rejects a function body that uses a value of another function', () => {
    let leaked: unknown;
    const f = buildFunction('f', [index], [], (_b, i) => {
      leaked = i;
      return [];
    });
    const g = buildFunction('g', [], [index], (b) => [b.addi(leaked as Value, leaked as Value)]);
    const errors = verificationDiagnostics(buildModule([f, g]));
    expect(errors.filter((e) => e.rule === 'dominance').map((e) => e.path)).toEqual([
      '@g/arith.addi#0',
      '@g/arith.addi#0',
    ]);
  });

  it('rejects two functions with one name', () => {
    const f = () => buildFunction('twice', [], [], () => []);
    const errors = verificationDiagnostics(buildModule([f(), f()]));
    expect(errors.map((e) => e.rule)).toEqual(['symbol']);
  });
});
