/**
 * Property test over random loop bodies built from the op tables (plus ops outside them):
 * the loop is vectorized exactly when every op has a vector form, analysis and codegen
 * agree (codegen never fails after a successful analysis), and the vector loop computes
 * what the scalar loop computes for any trip count, vector length and vscale.
 */

import { seededRandom } from '@tilekit/conformance/testing';
import { interpret, parseModule } from '@tilekit/loop-ir';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { vectorize } from '../../src/index.js';
import { INT_COMBINING_OPS } from './helpers.js';

type Expr =
  | { readonly leaf: 'a' | 'b' | 's' | 'seven' | 'iv' }
  | { readonly unary: string; readonly x: Expr }
  | { readonly binary: string; readonly x: Expr; readonly y: Expr };

const SUPPORTED_UNARY = ['math.absi'];
const SUPPORTED_BINARY = INT_COMBINING_OPS;
const UNSUPPORTED_BINARY = ['arith.maxsi', 'arith.minui', 'arith.maxui'];

const exprArb: fc.Arbitrary<Expr> = fc.letrec<{ expr: Expr }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<Expr>(
      { leaf: 'a' },
      { leaf: 'b' },
      { leaf: 's' },
      { leaf: 'seven' },
      { leaf: 'iv' },
    ),
    fc.record({ unary: fc.constantFrom(...SUPPORTED_UNARY), x: tie('expr') }),
    fc.record({
      binary: fc.oneof(
        { weight: 9, arbitrary: fc.constantFrom(...SUPPORTED_BINARY) },
        { weight: 1, arbitrary: fc.constantFrom(...UNSUPPORTED_BINARY) },
      ),
      x: tie('expr'),
      y: tie('expr'),
    }),
  ),
})).expr;

/** Emits `e` as SSA lines; returns the value name and whether every op is vectorizable. */
function emit(e: Expr, lines: string[]): { name: string; supported: boolean } {
  const name = `%v${lines.length}`;
  if ('leaf' in e) {
    if (e.leaf === 'a' || e.leaf === 'b')
      lines.push(`${name} = memref.load %${e.leaf}[%i] : memref<?xi32>`);
    else if (e.leaf === 'iv') lines.push(`${name} = arith.index_cast %i : index to i32`);
    else return { name: `%${e.leaf}`, supported: true };
    return { name, supported: true };
  }
  if ('unary' in e) {
    const x = emit(e.x, lines);
    lines.push(`${`%v${lines.length}`} = ${e.unary} ${x.name} : i32`);
    return { name: `%v${lines.length - 1}`, supported: x.supported };
  }
  const x = emit(e.x, lines);
  const y = emit(e.y, lines);
  lines.push(`%v${lines.length} = ${e.binary} ${x.name}, ${y.name} : i32`);
  const ok = x.supported && y.supported && SUPPORTED_BINARY.includes(e.binary);
  return { name: `%v${lines.length - 1}`, supported: ok };
}

function kernel(e: Expr, reduce: string | undefined): { text: string; supported: boolean } {
  const lines: string[] = [];
  const value = emit(e, lines);
  const body = lines.map((l) => `    ${l}`).join('\n');
  const header = `func.func @k(%a: memref<?xi32>, %b: memref<?xi32>, %x: memref<?xi32>, %s: i32, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %seven = arith.constant 7 : i32`;
  if (reduce === undefined) {
    return {
      supported: value.supported,
      text: `${header}
  scf.for %i = %c0 to %n step %c1 {
${body}
    memref.store ${value.name}, %x[%i] : memref<?xi32>
  } {"Emitted from" = "linalg.generic"}
  return %s : i32
}`,
    };
  }
  return {
    supported: value.supported,
    text: `${header}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %s) -> (i32) {
${body}
    %red = ${reduce} %acc, ${value.name} : i32
    scf.yield %red : i32
  } {"Emitted from" = "linalg.generic"}
  return %r : i32
}`,
  };
}

function runKernel(
  module: ReturnType<typeof parseModule>,
  trip: number,
  seed: number,
  vscale: number,
) {
  const next = seededRandom(seed);
  const data = () => Int32Array.from({ length: trip + 64 }, () => Math.floor(next() * 2001) - 1000);
  const [a, b, x] = [data(), data(), data()];
  const result = interpret(module, 'k', [a, b, x, 5, BigInt(trip)], { vscale });
  return { result, x: [...x] };
}

it('random loop bodies: vectorized iff every op has a vector form, and computing the same', () => {
  fc.assert(
    fc.property(
      exprArb,
      fc.option(
        fc.constantFrom('arith.addi', 'arith.muli', 'arith.andi', 'arith.ori', 'arith.xori'),
        { nil: undefined },
      ),
      fc.constantFrom(2, 4, 8),
      fc.boolean(),
      fc.integer({ min: 0, max: 40 }),
      fc.integer({ min: 1, max: 3 }),
      (e, reduce, vl, vla, trip, vscale) => {
        const { text, supported } = kernel(e, reduce);
        const scalar = parseModule(text);
        const { module, report } = vectorize(scalar, {
          vectorLength: vl,
          enableVLAVectorization: vla,
        });
        expect(report.loops[0]?.vectorized).toBe(supported);
        const seed = trip * 31 + vl;
        expect(runKernel(module, trip, seed, vla ? vscale : 1)).toEqual(
          runKernel(scalar, trip, seed, 1),
        );
      },
    ),
    { seed: 42, numRuns: 150 },
  );
});
