/**
 * The printer against mlir-opt-22 on random modules: affine maps over dims and symbols built
 * from every operator (so MLIR's construction-time simplification and its subtraction and
 * negation forms are exercised), float constants of every format over wide magnitudes (so
 * APFloat's digit choice is), loops, loads and stores. Our `printModule(parseModule(text))`
 * must be byte-for-byte what `mlir-opt-22` prints for the same text, aliases included.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runMlirOpt } from '../../../../tools/scripts/mlir-opt.mjs';
import { parseModule, printModule } from '../../src/index.js';
import { affineExpressionArb } from '../support/affine-expression-arbitrary.js';

const SEPARATOR = '// -----';

/** A random affine expression over d0, d1, s0, s1 (divisors are constants or symbols). */
const exprArb = affineExpressionArb({
  literalBound: 6,
  factors: ['-3', '-1', '0', '1', '2', '4', 's0', 's1'],
  leftFactors: ['-2', '3', 's1'],
  divisors: ['1', '2', '4', '-2', 's0'],
});

/** A float literal MLIR reads: decimal of any magnitude, or a bit pattern. */
const floatArb = fc.oneof(
  fc
    .double({ noNaN: true, noDefaultInfinity: true })
    .map((x) => x.toExponential().replace(/^(-?\d)e/, '$1.0e')),
  fc.integer({ min: -100000, max: 100000 }).map((n) => (n / 1000).toFixed(3)),
  fc.double({ min: -1e-300, max: 1e-300, noNaN: true }).map((x) => x.toExponential(20)),
);

const opArb = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('apply', 'min', 'max'),
      fc.array(exprArb, { minLength: 1, maxLength: 3 }),
    )
    .map(([kind, results]) => {
      const list = kind === 'apply' ? [results[0]] : results;
      return `%r = affine.${kind} affine_map<(d0, d1)[s0, s1] -> (${list.join(', ')})>(%i, %j)[%s, %t]`;
    }),
  fc
    .tuple(fc.constantFrom('f64', 'f32', 'f16', 'bf16'), floatArb)
    .map(([type, lit]) => `%r = arith.constant ${lit} : ${type}`),
  fc
    .tuple(floatArb, exprArb)
    .map(([lit, e]) =>
      [
        '%c0 = arith.constant 0 : index',
        '%c1 = arith.constant 1 : index',
        'scf.for %k = %c0 to %j step %c1 {',
        `  %x = affine.apply affine_map<(d0)[s0] -> (${e.replaceAll('d1', 'd0').replaceAll('s1', 's0')})>(%k)[%s]`,
        '  %v = memref.load %m[%x] : memref<?xf64>',
        `  %w = arith.constant ${lit} : f64`,
        '  %y = arith.mulf %v, %w : f64',
        '  memref.store %y, %m[%k] : memref<?xf64>',
        '}',
      ].join('\n  '),
    ),
);

/** A function whose body is `ops` (each defining at most `%r`, renamed apart). */
const moduleArb = fc
  .array(opArb, { minLength: 1, maxLength: 6 })
  .map((ops) =>
    [
      'func.func @f(%i: index, %j: index, %s: index, %t: index, %m: memref<?xf64>) {',
      ...ops.map((op, k) => `  ${op.replaceAll(/%(r|c0|c1|k|x|v|w|y)\b/g, `%$1_${k}`)}`),
      '  return',
      '}',
    ].join('\n'),
  );

describe('printModule against mlir-opt-22 on random modules', () => {
  const modules = fc.sample(moduleArb, { seed: 2026, numRuns: 300 });

  it('prints every module byte for byte as mlir-opt does', () => {
    const { stdout, stderr } = runMlirOpt(modules.join(`\n${SEPARATOR}\n`), ['--split-input-file']);
    expect(stderr).toBe('');
    const theirs = stdout.split(`${SEPARATOR}\n`).map((t) => t.trimEnd());
    expect(theirs).toHaveLength(modules.length);
    const wrong: string[] = [];
    modules.forEach((text, k) => {
      const ours = printModule(parseModule(text)).trimEnd();
      if (ours !== theirs[k])
        wrong.push(`module ${k}:\n${text}\nours:\n${ours}\nmlir-opt:\n${theirs[k]}`);
    });
    expect(wrong).toEqual([]);
  });
});
