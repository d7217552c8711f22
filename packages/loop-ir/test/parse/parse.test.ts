/** What the parser builds: structure, attribute values and the syntax it accepts. */
import { describe, expect, it } from 'vitest';
import { DYNAMIC_POSITION, type Operation, parseModule, printModule } from '../../src/index.js';

function body(text: string): readonly Operation[] {
  return parseModule(text).operations[0]?.regions[0]?.blocks[0]?.operations ?? [];
}

describe('parser', () => {
  it('accepts modules with and without the module wrapper, comments and locations', () => {
    const bare = `// leading comment
func.func @f(%a: f32 loc("x.mlir":1:14)) -> f32 {
  %0 = arith.addf %a, %a : f32 loc(#loc1) // trailing comment
  return %0 : f32 loc(unknown)
} loc(fused["a", "b"])
#loc1 = loc("x.mlir":2:8)`;
    const wrapped = `module attributes {test.flag} {\n${bare.replace('#loc1 = loc("x.mlir":2:8)', '')}\n}\n#loc1 = loc("x.mlir":2:8)`;
    expect(printModule(parseModule(bare))).toBe(printModule(parseModule(wrapped)));
    expect(parseModule(bare).operations).toHaveLength(1);
  });

  it('keeps NaN payloads and exact hex bit patterns', () => {
    const [nan, inf, one] = body(`func.func @f() {
  %0 = arith.constant 0x7FC00001 : f32
  %1 = arith.constant 0xFC00 : f16
  %2 = arith.constant 0x3F800000 : f32
  return
}`);
    expect(nan?.attributes.value).toMatchObject({ kind: 'float', bits: 0x7fc00001n });
    expect(inf?.attributes.value).toMatchObject({ kind: 'float', value: Number.NEGATIVE_INFINITY });
    expect(one?.attributes.value).toEqual({
      kind: 'float',
      value: 1,
      type: { kind: 'float', format: 'f32' },
    });
    expect(
      printModule(
        parseModule(
          `func.func @f() -> f32 {\n  %0 = arith.constant 0x7FC00001 : f32\n  return %0 : f32\n}`,
        ),
      ),
    ).toContain('arith.constant 0x7FC00001 : f32');
  });

  it('reads dense literals row-major and canonicalizes integers per width', () => {
    const [nested, bytes] = body(`func.func @f() {
  %0 = arith.constant dense<[[1, 2], [3, 4]]> : vector<2x2xi64>
  %1 = arith.constant dense<[255, -1, 128]> : vector<3xi8>
  return
}`);
    expect(nested?.attributes.value).toMatchObject({ values: [1n, 2n, 3n, 4n], splat: false });
    expect(bytes?.attributes.value).toMatchObject({ values: [-1n, -1n, -128n] });
  });

  it('reads legacy insertelement/extractelement as vector.insert/extract', () => {
    const [ins, ext] = body(`func.func @f(%v: vector<4xf32>, %x: f32, %i: index) {
  %0 = vector.insertelement %x, %v[%i : index] : vector<4xf32>
  %1 = vector.extractelement %0[%i : index] : vector<4xf32>
  return
}`);
    expect(ins?.name).toBe('vector.insert');
    expect(ins?.attributes.static_position).toMatchObject({ values: [DYNAMIC_POSITION] });
    expect(ext?.name).toBe('vector.extract');
    expect(ext?.operands[0]).toBe(ins?.results[0]);
  });

  it('resolves result groups (%r#1) and keeps discardable attributes', () => {
    const ops = body(`func.func @f(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z, %b = %z) -> (f32, f32) {
    scf.yield %b, %a : f32, f32
  } {"Emitted from" = "linalg.generic", marker}
  return %r#1 : f32
}`);
    const loop = ops[3] as Operation;
    expect(ops[4]?.operands[0]).toBe(loop.results[1]);
    expect(loop.attributes).toEqual({
      'Emitted from': { kind: 'string', value: 'linalg.generic' },
      marker: { kind: 'unit' },
    });
  });

  it('inserts the implicit scf.yield of loops and conditionals', () => {
    const [, , loop, branch] = body(`func.func @f(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
  }
  scf.if %c {
  }
  return
}`);
    expect(loop?.regions[0]?.blocks[0]?.operations.map((o) => o.name)).toEqual(['scf.yield']);
    expect(branch?.regions[0]?.blocks[0]?.operations.map((o) => o.name)).toEqual(['scf.yield']);
    expect(branch?.regions[1]?.blocks).toEqual([]);
  });

  it('reads the generic form, merging properties and naming predicates', () => {
    const [cmp, add] = body(`"func.func"() <{function_type = (i32, f32) -> (), sym_name = "g"}> ({
^bb0(%a: i32, %f: f32):
  %0 = "arith.cmpi"(%a, %a) <{predicate = 4 : i64}> : (i32, i32) -> i1
  %1 = "arith.addf"(%f, %f) <{fastmath = #arith.fastmath<none>}> {tag} : (f32, f32) -> f32
  "func.return"() : () -> ()
}) : () -> ()`);
    expect(cmp?.attributes.predicate).toEqual({ kind: 'predicate', family: 'cmpi', value: 'sgt' });
    expect(add?.attributes).toEqual({ tag: { kind: 'unit' } });
  });

  it('scopes names: nested regions see outer values, siblings may reuse names', () => {
    const fn = parseModule(`func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = arith.addi %i, %n : index
  }
  scf.for %i = %c0 to %n step %c1 {
    %t = arith.addi %i, %c1 : index
  }
  return
}`).operations[0] as Operation;
    const entry = fn.regions[0]?.blocks[0];
    const loopBody = (k: number) => entry?.operations[k]?.regions[0]?.blocks[0];
    const first = loopBody(2)?.operations[0];
    const second = loopBody(3)?.operations[0];
    expect(first?.operands).toEqual([loopBody(2)?.arguments[0], entry?.arguments[0]]);
    expect(second?.operands[0]).toBe(loopBody(3)?.arguments[0]);
    expect(second?.operands[1]).toBe(entry?.operations[1]?.results[0]);
    expect(second?.results[0]).not.toBe(first?.results[0]);
  });
});
