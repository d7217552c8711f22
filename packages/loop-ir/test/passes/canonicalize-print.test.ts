/**
 * What `canonicalize` leaves is text like any other: on random modules whose affine maps take
 * constant operands (so the folds substitute them), printing the canonicalized module, parsing
 * it and printing again gives the same text, and `mlir-opt-22` prints that text byte for byte
 * the same (its `#map` alias numbering included). The uncanonicalized modules print as
 * `mlir-opt-22` prints them too.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runMlirOpt } from '../../../../tools/scripts/mlir-opt.mjs';
import {
  type AffineExpr,
  affineBinary,
  affineDim,
  affineMap,
  buildFunction,
  buildModule,
  canonicalizePass,
  index,
  parseModule,
  parsePassPipeline,
  passRegistry,
  printModule,
  runPassPipeline,
  type Value,
} from '../../src/index.js';
import { affineExpressionArb } from '../support/affine-expression-arbitrary.js';

const SEPARATOR = '// -----';

/** A random affine expression over d0, d1, s0, s1. */
const exprArb = affineExpressionArb({
  literalBound: 4,
  factors: ['-1', '0', '2', 's0', 's1'],
  divisors: ['2', 's1'],
});

/** A map over two dims and two symbols (a few, so that ops share maps and aliases). */
const mapArb = fc
  .tuple(fc.constantFrom('apply', 'min', 'max'), fc.array(exprArb, { minLength: 1, maxLength: 3 }))
  .map(([kind, results]) => ({
    kind,
    map: `affine_map<(d0, d1)[s0, s1] -> (${(kind === 'apply' ? results.slice(0, 1) : results).join(', ')})>`,
  }));

/** Operands: the function's index arguments and constants (0, 1, -1, 3), chosen at random. */
const OPERANDS = ['%i', '%j', '%s', '%t', '%c0', '%c1', '%cm1', '%c3'];
const CONSTANTS = [
  '%c0 = arith.constant 0 : index',
  '%c1 = arith.constant 1 : index',
  '%cm1 = arith.constant -1 : index',
  '%c3 = arith.constant 3 : index',
];

const opArb = (maps: readonly { kind: string; map: string }[]) =>
  fc
    .tuple(
      fc.integer({ min: 0, max: maps.length - 1 }),
      fc.array(fc.constantFrom(...OPERANDS), { minLength: 4, maxLength: 4 }),
      fc.boolean(),
    )
    .map(([m, [a, b, c, d], nested]) => {
      const { kind, map } = maps[m] as { kind: string; map: string };
      const op = `%r = affine.${kind} ${map}(${a}, ${b})[${c}, ${d}]`;
      const store = 'memref.store %r, %m[%r] : memref<?xindex>';
      return nested
        ? ['scf.for %k = %c0 to %j step %c1 {', `  ${op}`, `  ${store}`, '}'].join('\n  ')
        : `${op}\n  ${store}`;
    });

/** A function of a few ops drawing on a pool of maps, renamed apart. */
const moduleArb = fc
  .array(mapArb, { minLength: 1, maxLength: 4 })
  .chain((maps) =>
    fc
      .array(opArb(maps), { minLength: 1, maxLength: 6 })
      .map((ops) =>
        [
          'func.func @f(%i: index, %j: index, %s: index, %t: index, %m: memref<?xindex>) {',
          ...CONSTANTS.map((c) => `  ${c}`),
          ...ops.map((op, k) => `  ${op.replaceAll(/%(r|k)\b/g, `%$1_${k}`)}`),
          '  return',
          '}',
        ].join('\n'),
      ),
  );

/** Each text as mlir-opt-22 prints it (no pass), in one batched run. */
function mlirOptPrints(texts: readonly string[]): string[] {
  const { stdout, stderr } = runMlirOpt(texts.join(`\n${SEPARATOR}\n`), ['--split-input-file']);
  expect(stderr).toBe('');
  const printed = stdout.split(`${SEPARATOR}\n`).map((t) => t.trimEnd());
  expect(printed).toHaveLength(texts.length);
  return printed;
}

const registry = passRegistry([canonicalizePass]);

describe('canonicalized modules print as they parse, and as mlir-opt-22 prints them', () => {
  const modules = fc.sample(moduleArb, { seed: 3414, numRuns: 400 });
  const canonicalized = modules.map((text) => {
    const { module } = runPassPipeline(
      parseModule(text),
      parsePassPipeline('builtin.module(canonicalize)', registry),
    );
    return printModule(module).trimEnd();
  });

  it('print-parse-print of every canonicalized module is a fixed point', () => {
    const moved = canonicalized.flatMap((text, k) => {
      const again = printModule(parseModule(text)).trimEnd();
      return again === text
        ? []
        : [`module ${k}:\n${modules[k]}\nprinted:\n${text}\nreprinted:\n${again}`];
    });
    expect(moved).toEqual([]);
  });

  it('mlir-opt-22 prints every canonicalized module byte for byte as we do, #map numbering included', () => {
    const theirs = mlirOptPrints(canonicalized);
    const wrong = canonicalized.flatMap((ours, k) =>
      ours === theirs[k] ? [] : [`module ${k}:\nours:\n${ours}\nmlir-opt:\n${theirs[k]}`],
    );
    expect(wrong).toEqual([]);
  });

  it('the modules themselves print as mlir-opt-22 prints them', () => {
    const theirs = mlirOptPrints(modules);
    const wrong = modules.flatMap((text, k) => {
      const ours = printModule(parseModule(text)).trimEnd();
      return ours === theirs[k] ? [] : [`module ${k}:\nours:\n${ours}\nmlir-opt:\n${theirs[k]}`];
    });
    expect(wrong).toEqual([]);
  });
});

/** Every way to bracket the sum of `terms`: trees that all print as `d0 + d1 + ...`. */
function bracketings(terms: readonly AffineExpr[]): AffineExpr[] {
  if (terms.length === 1) return [terms[0] as AffineExpr];
  return terms
    .slice(1)
    .flatMap((_, k) =>
      bracketings(terms.slice(0, k + 1)).flatMap((lhs) =>
        bracketings(terms.slice(k + 1)).map((rhs) => affineBinary('+', lhs, rhs)),
      ),
    );
}

describe('#map aliases are numbered by text, as mlir-opt-22 numbers what it reads', () => {
  it('maps built as different trees that print alike share one alias, for every bracketing', () => {
    for (const rank of [3, 4]) {
      const trees = bracketings(Array.from({ length: rank }, (_, d) => affineDim(d)));
      const fn = buildFunction('f', Array(rank).fill(index), [], (b, ...args) => {
        for (const tree of trees) b.affine('apply', affineMap(rank, 0, [tree]), args as Value[]);
        return [];
      });
      const ours = printModule(buildModule([fn])).trimEnd();
      const [theirs] = mlirOptPrints([ours]);
      expect(ours.match(/^#map\w* =/gm)).toHaveLength(1);
      expect(ours).toBe(theirs);
    }
  });
});
