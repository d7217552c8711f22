/**
 * vectorize does work linear in the size of the function: on long straight-line code and on
 * many loops. Work is counted, not timed: attribute comparisons (constant de-duplication),
 * operation visits (use maps, dead code elimination, each loop's rewrite) and array elements
 * scanned by `includes` (use lists). Each count must grow about 10x from n to 10n; the
 * quadratic versions grew 100x (one rewrite of the whole function per loop, for one).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const work = vi.hoisted(() => ({ attrEquals: 0, visits: 0, scanned: 0 }));

/**
 * The loop-ir modules the counters wrap, found through the package's manifest: the vectorizer
 * reaches them through `@tilekit/loop-ir`, whose sources the test run resolves.
 */
const internals = vi.hoisted(async () => {
  const { createRequire } = await import('node:module');
  const { dirname, join } = await import('node:path');
  const root = dirname(createRequire(import.meta.url).resolve('@tilekit/loop-ir/package.json'));
  return {
    attributes: join(root, 'src', 'ir', 'attributes.ts'),
    walk: join(root, 'src', 'ir', 'walk.ts'),
  };
});

type LoopIr = typeof import('@tilekit/loop-ir');

vi.mock((await internals).attributes, async (original) => {
  const actual = await original<LoopIr>();
  return {
    ...actual,
    attrEquals: (
      a: Parameters<typeof actual.attrEquals>[0],
      b: Parameters<typeof actual.attrEquals>[1],
    ) => {
      work.attrEquals++;
      return actual.attrEquals(a, b);
    },
  };
});
vi.mock((await internals).walk, async (original) => {
  const actual = await original<LoopIr>();
  // Every operation a traversal visits counts once (walk.ts calls its own walker directly).
  const counted =
    <F extends (root: Parameters<typeof actual.walkOperations>[0]) => unknown>(f: F) =>
    (root: Parameters<F>[0]) => {
      actual.walkOperations(root, () => {
        work.visits++;
      });
      return f(root);
    };
  return {
    ...actual,
    walkOperations: (...[root, visit]: Parameters<typeof actual.walkOperations>) =>
      actual.walkOperations(root, (op) => {
        work.visits++;
        visit(op);
      }),
    usersOf: counted(actual.usersOf),
    definingOps: counted(actual.definingOps),
  };
});

const { parseModule } = await import('@tilekit/loop-ir');
const { vectorize } = await import('../../src/index.js');

/** A function of `f32` argument `%a` returning `body`'s last line. */
const straightLine = (body: string[]): string =>
  `func.func @f(%a: f32) -> f32 {\n${body.join('\n')}\n}`;

/**
 * Functions of about n ops: straight-line chains on one argument, distinct constants, a dead
 * chain; and n / 4 loops the vectorizer rewrites, one after another.
 */
const SHAPES: Record<string, (n: number) => string> = {
  'a chain using one argument n times': (n) =>
    straightLine([
      '  %v0 = arith.addf %a, %a : f32',
      ...Array.from({ length: n - 1 }, (_, k) => `  %v${k + 1} = arith.addf %v${k}, %a : f32`),
      `  return %v${n - 1} : f32`,
    ]),
  'n distinct constants': (n) =>
    straightLine([
      '  %v0 = arith.addf %a, %a : f32',
      ...Array.from(
        { length: n - 1 },
        (_, k) =>
          `  %c${k + 1} = arith.constant ${k + 1}.5 : f32\n  %v${k + 1} = arith.addf %v${k}, %c${k + 1} : f32`,
      ),
      `  return %v${n - 1} : f32`,
    ]),
  'a dead chain': (n) =>
    straightLine([
      '  %v0 = arith.addf %a, %a : f32',
      ...Array.from({ length: n - 1 }, (_, k) => `  %v${k + 1} = arith.addf %v${k}, %a : f32`),
      '  return %a : f32',
    ]),
  'n / 4 loops': (n) =>
    [
      'func.func @f(%a: memref<?xf32>, %b: memref<?xf32>, %n: index) {',
      '  %c0 = arith.constant 0 : index',
      '  %c1 = arith.constant 1 : index',
      ...Array.from(
        { length: n / 4 },
        (_, k) => `  scf.for %i${k} = %c0 to %n step %c1 {
    %x${k} = memref.load %a[%i${k}] : memref<?xf32>
    %y${k} = arith.mulf %x${k}, %x${k} : f32
    memref.store %y${k}, %b[%i${k}] : memref<?xf32>
  } {"Emitted from" = "linalg.generic"}`,
      ),
      '  return',
      '}',
    ].join('\n'),
};

/** The work counts of vectorizing one function. */
function measure(text: string): typeof work {
  const module = parseModule(text);
  work.attrEquals = 0;
  work.visits = 0;
  work.scanned = 0;
  vectorize(module, { vectorLength: 8 });
  return { ...work };
}

describe('vectorize', () => {
  let includes: ReturnType<typeof vi.spyOn> | undefined;
  beforeEach(() => {
    const original = Array.prototype.includes;
    includes = vi.spyOn(Array.prototype, 'includes').mockImplementation(function (
      this: unknown[],
      ...args: Parameters<typeof original>
    ) {
      work.scanned += this.length;
      return original.apply(this, args);
    });
  });
  afterEach(() => includes?.mockRestore());

  it.each(Object.keys(SHAPES))('does linear work on %s', (shape) => {
    const make = SHAPES[shape] as (n: number) => string;
    const small = measure(make(500));
    const large = measure(make(5000));
    for (const counter of ['attrEquals', 'visits', 'scanned'] as const) {
      // Linear work grows 10x; allow 15x. Quadratic work grew 100x.
      expect(large[counter], `${counter} (n=500: ${small[counter]})`).toBeLessThanOrEqual(
        15 * Math.max(small[counter], 50),
      );
    }
    expect(large.visits).toBeGreaterThan(5000);
  });
});
