import { describe, expect, it } from 'vitest';
import { runMlirOpt } from '../../../tools/scripts/mlir-opt.mjs';
import { main } from '../src/main.js';
import { captureIO } from './capture-io.js';
import { corpus } from './corpus.js';

// `acc = x - acc` is not a reduction MLIR can vectorize: it must stay scalar, with a reason.
const X_MINUS_ACC = `func.func @f(%a: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) {
    %x = memref.load %a[%i] : memref<?xf32>
    %s = arith.subf %x, %acc : f32
    scf.yield %s : f32
  } {"Emitted from" = "linalg.generic"}
  return %r : f32
}
`;

describe('tilekit opt', () => {
  it('vectorizes a kernel into text that mlir-opt-22 accepts, with the options applied', async () => {
    const io = captureIO();
    const file = 'absi.mlir';
    io.files.set(file, corpus('absi_i16'));
    const argv = [
      'opt',
      file,
      '--sparse-vectorization=vl=8 enable-vla-vectorization=true',
      '--report',
    ];
    expect(await main(argv, io)).toBe(0);
    const out = io.out();
    expect(out).toContain('vector<[8]xi16>');
    expect(out).toContain('vector.vscale');
    expect(out).toContain('math.absi');
    const checked = runMlirOpt(out);
    expect(checked.stderr).toBe('');
    expect(checked.status).toBe(0);
    expect(io.err()).toBe('@absi_i16 loop 0 (depth 0): vectorized, parallel\n');
  });

  it('reads standard input and reports why a loop stays scalar', async () => {
    const io = captureIO(X_MINUS_ACC);
    expect(await main(['opt', '--sparse-vectorization=vl=4', '--report'], io)).toBe(0);
    expect(io.out()).not.toContain('vector<');
    expect(io.err()).toMatch(/^@f loop 0 \(depth 0\): left scalar \[[a-z-]+\] .*arith\.subf/);
  });

  it('round-trips without a pass, as mlir-opt does', async () => {
    const io = captureIO(X_MINUS_ACC);
    expect(await main(['opt'], io)).toBe(0);
    const ours = io.out();
    const theirs = runMlirOpt(X_MINUS_ACC);
    expect(theirs.status).toBe(0);
    // Both print the same module (modulo the SSA names each printer picks, which both number alike).
    expect(ours.trim()).toBe(theirs.stdout.trim());
  });

  it('points at the line and column of a syntax error', async () => {
    const io = captureIO('func.func @f( {\n');
    expect(await main(['opt'], io)).toBe(1);
    expect(io.err()).toMatch(/^tilekit opt: <stdin>:1:15: /);
  });

  it('exits 2 on a bad pass option', async () => {
    const io = captureIO(X_MINUS_ACC);
    expect(await main(['opt', '--sparse-vectorization=vl=8 bogus'], io)).toBe(2);
    expect(io.err()).toContain("option 'bogus' takes nothing: it is unknown");
  });

  it('exits 2 on every option error, vl=0 included', async () => {
    for (const args of [
      ['--sparse-vectorization=vl=0'],
      ['--sparse-vectorization=enable-simd-index32'],
      ['--sparse-vectorization=vl=8 enable-vla-vectorization=maybe'],
      ['--cse=aggressive'],
      ['--pass-pipeline=builtin.module(bogus)'],
      ['--pass-pipeline=cse'],
      ['--pass-pipeline=builtin.module(cse)', '--cse'],
    ]) {
      const io = captureIO(X_MINUS_ACC);
      expect(await main(['opt', ...args], io), args.join(' ')).toBe(2);
      expect(io.out()).toBe('');
      expect(io.err()).toMatch(/^tilekit opt: /);
    }
  });

  it('--pass-pipeline runs the passes mlir-opt names, like the same pass flags', async () => {
    const flags = captureIO(corpus('absi_i16'));
    const pipeline = captureIO(corpus('absi_i16'));
    expect(
      await main(['opt', '--cse', '--sparse-vectorization=vl=4', '--canonicalize'], flags),
    ).toBe(0);
    expect(
      await main(
        ['opt', '--pass-pipeline=builtin.module(cse, sparse-vectorization{vl=4}, canonicalize)'],
        pipeline,
      ),
    ).toBe(0);
    expect(pipeline.out()).toBe(flags.out());
    expect(pipeline.out()).toContain('vector<4xi16>');
  });
});
