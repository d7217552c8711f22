/**
 * The wgsl and glsl engines' decision (which top-level loops run as GPU invocations, as MLIR's sparse GPU
 * code generator decides for the outermost parallel loop) and the shape of what it emits: one
 * pass per parallel loop, sizes as uniforms (never literals), a grid-stride loop over the
 * iterations; and a reason for every function it leaves to the host. The passes' results are
 * checked against the cpu backend in packages/sparse's WebGPU suite (a real GPU is needed).
 */
import { parseModule } from '@tilekit/loop-ir';
import { describe, expect, it } from 'vitest';
import { compileGlsl, compileWgsl, QUAD_ELEMENTS, QUAD_PASSES } from '../../src/index.js';
import { csrFunction, entriesOf, spmmRow, spmvRow } from './support/csr-loops.js';

/** CSR SpMV as MLIR's sparsifier emits it: a fill loop, then rows in parallel. */
const CSR_SPMV = csrFunction(
  'spmv',
  '%x: memref<?xf32>, %y: memref<?xf32>, %m: index, %n: index',
  `
  %zero = arith.constant 0.000000e+00 : f32
  scf.for %i = %c0 to %m step %c1 {
    memref.store %zero, %y[%i] : memref<?xf32>
  }
  scf.for %i = %c0 to %m step %c1 {
    %acc0 = memref.load %y[%i] : memref<?xf32>${spmvRow('%acc0')}
  }`,
);

/** CSC SpMV: the outer loop runs over columns and scatters into y (iterations collide). */
const CSC_SPMV = csrFunction(
  'spmv',
  '%x: memref<?xf32>, %y: memref<?xf32>, %n: index',
  `
  scf.for %j = %c0 to %n step %c1 {
    %xj = memref.load %x[%j] : memref<?xf32>${entriesOf(
      '%j',
      `
      %i32 = memref.load %crd[%p] : memref<?xi32>
      %i = arith.index_castui %i32 : i32 to index
      %a = memref.load %val[%p] : memref<?xf32>
      %t = arith.mulf %a, %xj : f32
      %old = memref.load %y[%i] : memref<?xf32>
      %s = arith.addf %old, %t : f32
      memref.store %s, %y[%i] : memref<?xf32>`,
    )}
  }`,
);

/** A sum over the outer loop (a reduction carried in iter_args). */
const DOT = `
func.func @dot(%a: memref<?xf32>, %b: memref<?xf32>, %out: memref<f32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.000000e+00 : f32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
    %x = memref.load %a[%i] : memref<?xf32>
    %y = memref.load %b[%i] : memref<?xf32>
    %t = arith.mulf %x, %y : f32
    %u = arith.addf %acc, %t : f32
    scf.yield %u : f32
  }
  memref.store %s, %out[] : memref<f32>
  return
}`;

/** A root-level compressed loop: rows stored at distinct coordinates (DCSR's outer level). */
const DCSR_ROWS = csrFunction(
  'rows',
  '%y: memref<?xf32>',
  `
  %p0 = memref.load %pos[%c0] : memref<?xi32>
  %lo = arith.index_castui %p0 : i32 to index
  %p1 = memref.load %pos[%c1] : memref<?xi32>
  %hi = arith.index_castui %p1 : i32 to index
  scf.for %p = %lo to %hi step %c1 {
    %i32 = memref.load %crd[%p] : memref<?xi32>
    %i = arith.index_castui %i32 : i32 to index
    %a = memref.load %val[%p] : memref<?xf32>
    memref.store %a, %y[%i] : memref<?xf32>
  }`,
);

/** Row i's value into column 0 of row i: the store's tuple holds a constant besides the row. */
const ROW_INTO_FIRST = `
func.func @first(%x: memref<?xf32>, %y: memref<?x?xf32>, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %m step %c1 {
    %a = memref.load %x[%i] : memref<?xf32>
    memref.store %a, %y[%i, %c0] : memref<?x?xf32>
  }
  return
}`;

/** CSR SpMM as the sparsifier emits it: the column loop (q) inside the row's entries (p). */
const CSR_SPMM = csrFunction(
  'spmm',
  '%b: memref<?x?xf32>, %c: memref<?x?xf32>, %m: index, %n: index',
  `
  scf.for %i = %c0 to %m step %c1 {${spmmRow('%n')}
  }`,
);

const compileText = (text: string, name: string, distinct: number[] = []) =>
  compileWgsl(parseModule(text), name, { distinctArrays: new Set(distinct) });

describe('compileWgsl', () => {
  it('runs CSR SpMV as two passes over rows, sizes as uniforms', () => {
    const program = compileText(CSR_SPMV, 'spmv');
    if (!program.parallel) throw new Error(program.reason);
    expect(program.passes.map((p) => p.output)).toEqual([4, 4]);
    const [fill, rows] = program.passes;
    expect(fill?.inputs).toEqual([]);
    expect(fill?.code).toMatch(/for \(var g = index; ; g = g \+ threads\)/);
    expect(rows?.inputs).toEqual([0, 1, 2, 3]);
    // The rows pass sums each row in a group of invocations: the group size and the rounds
    // are uniforms of the launch, not literals.
    expect(rows?.uniforms).toEqual([
      { name: 'a5', type: 'i32', arg: 5 },
      { name: 'tkGroup', type: 'i32', arg: -1, schedule: true },
      { name: 'tkRounds', type: 'i32', arg: -1, schedule: true },
    ]);
    expect(rows?.code).toMatch(/if \(tkLane == 0 && tkActive\) \{ result\[v\d+\] = v\d+; \}/);
    expect(rows?.trips((k) => (k === 5 ? 37 : 0))).toBe(37);
    expect(rows?.code.match(/for \(;/g)).toHaveLength(1);
  });

  it('leaves a scattering outer loop to the host and says why', () => {
    expect(compileText(CSC_SPMV, 'spmv')).toEqual({
      parallel: false,
      reason:
        'a load from the output is not indexed by the iteration (iterations would share output elements)',
    });
  });

  it('leaves an outer reduction to the host', () => {
    expect(compileText(DOT, 'dot')).toMatchObject({
      parallel: false,
      reason: expect.stringMatching(/carries values between iterations/),
    });
  });

  it('runs a loop over distinct root coordinates in parallel, bounds read in the shader', () => {
    expect(compileText(DCSR_ROWS, 'rows')).toMatchObject({ parallel: false });
    const program = compileText(DCSR_ROWS, 'rows', [1]);
    if (!program.parallel) throw new Error(program.reason);
    const [pass] = program.passes;
    expect(pass?.trips(() => 0)).toBeUndefined();
    // No size is a uniform here, so the pass reads the constant zero to keep its binding.
    expect(pass?.uniforms).toEqual([{ name: 'zero', type: 'i32', arg: -1 }]);
    expect(pass?.code).toMatch(/let v\d+ = m0\[i32\(0\)\];/);
  });

  it('leaves vector code and f64 to the host', () => {
    const f64 = CSR_SPMV.replaceAll('f32', 'f64').replace('0.000000e+00 : f64', '0.0 : f64');
    expect(compileText(f64, 'spmv')).toMatchObject({
      parallel: false,
      reason: expect.stringMatching(/f64/),
    });
  });
});

describe('compileGlsl', () => {
  it('runs CSR SpMV as two passes, one output element per fragment', () => {
    const program = compileGlsl(parseModule(CSR_SPMV), 'spmv');
    if (!program.parallel) throw new Error(program.reason);
    const [fill, rows] = program.passes;
    // The second pass reads the first one's output (as input `prev`).
    expect(fill?.code).not.toMatch(/\bprev\b/);
    expect(rows?.code).toMatch(
      /float value = float\(tilekitTexel\(prev, prevTexShape\[1\], e \+ offsetprev\)\.r\);/,
    );
    // The fragment runs the row that owns its element; the row's index is `e`, so its store
    // needs no comparison.
    expect(rows?.code).toMatch(
      /int e = tilekitPosition\(outTexShape\);\n {2}int own0 = \(e \/ \(1\)\) % m4_d0;/,
    );
    expect(rows?.code).toMatch(/v\d+ = own0;/);
    expect(rows?.code).toMatch(/\n {4}value = v\d+;/);
    expect(rows?.code).not.toMatch(/== e/);
    // Inputs are fetched as texels by flat index.
    expect(rows?.code).toMatch(/int\(tilekitTexel\(m1, m1TexShape\[1\], v\d+ \+ offsetm1\)\.r\)/);
    expect(rows?.code).not.toMatch(/getM\d/);
  });

  it("compares indices where the output tuple is not the fragment's own coordinates", () => {
    // y[i] and y[0] hold the same tuple only where i is 0: the store keeps its comparison.
    const program = compileGlsl(parseModule(ROW_INTO_FIRST), 'first');
    if (!program.parallel) throw new Error(program.reason);
    expect(program.passes[0]?.code).toMatch(/if \(\(v\d+ \* m1_d1 \+ 0\) == e\) \{ value = /);
  });

  it('leaves a loop over distinct coordinates to the host (no fragment owns one iteration)', () => {
    expect(compileGlsl(parseModule(DCSR_ROWS), 'rows', { distinctArrays: new Set([1]) })).toEqual({
      parallel: false,
      reason:
        'no output element belongs to a single iteration (the output is not indexed by the outer loop)',
    });
  });

  it('writes four elements per fragment with quads: the row is read once, each lane its own column', () => {
    const program = compileGlsl(parseModule(CSR_SPMM), 'spmm', { quads: true });
    if (!program.parallel) throw new Error(program.reason);
    const code = program.passes[0]?.code ?? '';
    expect(code).toMatch(/int e = 4 \* tilekitPosition\(outTexShape \/ 2\);/);
    expect(code).toMatch(
      /setOutput\(vec4\(float\(value0\), float\(value1\), float\(value2\), float\(value3\)\)\);/,
    );
    // The entries (crd, val) are fetched once; B's four columns as one texel, a lane each.
    expect(code.match(/tilekitTexel\(m1,/g)).toHaveLength(1);
    expect(code.match(/tilekitTexel\(m3,/g)).toHaveLength(1);
    expect(code).toMatch(
      /vec4 (v\d+) = tilekitTexel\(m3, m3TexShape\[1\] \/ 2, \(v\d+ \* m3_d1 \+ v\d+\) \/ 4\);/,
    );
    expect(program.passes[0]?.quadInputs).toEqual([3]);
    for (const [lane, channel] of ['r', 'g', 'b', 'a'].entries()) {
      expect(code).toContain(`= own1 + ${lane};`);
      expect(code).toMatch(new RegExp(`float v\\d+ = v\\d+\\.${channel};`));
      expect(code).toMatch(new RegExp(`value${lane} = v\\d+;`));
    }
    // One element per fragment without the option.
    const narrow = compileGlsl(parseModule(CSR_SPMM), 'spmm');
    if (!narrow.parallel) throw new Error(narrow.reason);
    expect(narrow.passes[0]?.code.match(/tilekitTexel\(m3, m3TexShape\[1\], /g)).toHaveLength(1);
    expect(narrow.passes[0]?.quadInputs).toEqual([]);
  });

  it('refuses quads where a fragment cannot own four elements, and says why', () => {
    // SpMV's output is indexed by the outer loop: one row per element.
    expect(compileGlsl(parseModule(CSR_SPMV), 'spmv', { quads: true })).toEqual({
      parallel: false,
      reason:
        "the outer loop indexes the output's last dimension (a fragment owns one of its iterations, not four)",
    });
    // A store at (i, 0) is no lane's own element.
    expect(compileGlsl(parseModule(ROW_INTO_FIRST), 'first', { quads: true })).toMatchObject({
      parallel: false,
    });
  });

  it('gathers a flat input into quads and spreads a packed quad output into one element per texel', () => {
    expect(QUAD_ELEMENTS).toBe(4);
    const { gather, spread } = QUAD_PASSES;
    expect(gather.code).toContain(
      `tilekitTexel(${gather.input}, ${gather.input}TexShape[1], min(e + 3, last)`,
    );
    expect(gather.code).toMatch(/setOutput\(vec4\(/);
    expect(spread.code).toContain(`tilekitTexel(${spread.input}, ${spread.input}TexShape[1] / 2,`);
    expect(spread.code).toMatch(/setOutput\(lane == 0 \? quad\.r : lane == 1 \? quad\.g/);
  });
});
