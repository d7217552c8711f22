/**
 * `index` constants beyond ±2^53: the interpreter and the wasm engine hold them exactly (as
 * bigint / i64); the js engine holds index values as numbers, so it must raise IndexRangeError
 * rather than compute with a rounded constant.
 */

import {
  affineBinary,
  affineConstant,
  affineDim,
  affineMap,
  buildFunction,
  buildModule,
  index,
  parseModule,
} from '@tilekit/loop-ir';
import { describe, expect, it } from 'vitest';
import { compile, IndexRangeError } from '../src/index.js';

const BIG = 2n ** 53n + 1n;

describe('index constants beyond 2^53', () => {
  const n = 2n ** 53n - 10n; // in range, and so is BIG - n
  it.each([
    {
      what: 'scalar',
      body: `func.func @f(%n: index) -> index {
  %big = arith.constant ${BIG} : index
  %r = arith.subi %big, %n : index
  return %r : index
}`,
      args: [n],
      expected: BIG - n,
    },
    {
      what: 'returned as is',
      body: `func.func @f() -> index {
  %big = arith.constant -${BIG} : index
  return %big : index
}`,
      args: [],
      expected: -BIG,
    },
    {
      what: 'vector lanes',
      body: `func.func @f(%n: index) -> index {
  %v = arith.constant dense<[${BIG}, 3]> : vector<2xindex>
  %big = vector.extract %v[0] : index from vector<2xindex>
  %r = arith.subi %big, %n : index
  return %r : index
}`,
      args: [n],
      expected: BIG - n,
    },
  ])('$what: exact on interpreter and wasm, IndexRangeError on js', ({ body, args, expected }) => {
    const module = parseModule(body);
    for (const engine of ['interpreter', 'wasm'] as const)
      expect(compile(module, 'f', { engine })(...args), engine).toEqual([expected]);
    expect(() => compile(module, 'f', { engine: 'js' })(...args)).toThrow(IndexRangeError);
  });

  it('the safe range itself stays exact on every engine', () => {
    const limit = 2n ** 53n - 1n;
    const module = parseModule(`
func.func @f(%n: index) -> index {
  %c = arith.constant ${limit} : index
  %r = arith.subi %c, %n : index
  return %r : index
}`);
    for (const engine of ['interpreter', 'wasm', 'js'] as const)
      expect(compile(module, 'f', { engine })(5n), engine).toEqual([limit - 5n]);
  });

  it('affine map constants (built in code): IndexRangeError on js, exact elsewhere', () => {
    // (2^60 floordiv d0): no +, - or * for the js engine's range check to catch.
    const big = 2 ** 60;
    const map = affineMap(1, 0, [affineBinary('floordiv', affineConstant(big), affineDim(0))]);
    const module = buildModule([
      buildFunction('f', [index], [index], (b, n) => [b.affine('apply', map, [n])]),
    ]);
    for (const engine of ['interpreter', 'wasm'] as const)
      expect(compile(module, 'f', { engine })(3n), engine).toEqual([BigInt(big) / 3n]);
    expect(() => compile(module, 'f', { engine: 'js' })(3n)).toThrow(IndexRangeError);
  });

  it('affine map constants (parsed, up to INT64_MAX): exact on interpreter and wasm', () => {
    const max = 2n ** 63n - 1n;
    const module = parseModule(`
func.func @f(%n: index) -> (index, index, index) {
  %min = affine.min affine_map<(d0) -> (${max}, d0)>(%n)
  %sum = affine.apply affine_map<(d0) -> (d0 + ${BIG})>(%n)
  %max = affine.max affine_map<(d0) -> (-${max}, d0)>(%n)
  return %min, %sum, %max : index, index, index
}`);
    // The old double constant 2^63 became INT64_MIN in wasm, whatever n is.
    for (const n of [max - BIG, -max, 7n]) {
      const expected = [n < max ? n : max, n + BIG, n > -max ? n : -max];
      for (const engine of ['interpreter', 'wasm'] as const)
        expect(compile(module, 'f', { engine })(n), `${engine} ${n}`).toEqual(expected);
    }
    expect(() => compile(module, 'f', { engine: 'js' })(7n)).toThrow(IndexRangeError);
  });

  it('affine arithmetic past INT64_MAX wraps in 64 bits on interpreter and wasm alike', () => {
    const max = 2n ** 63n - 1n;
    const module = parseModule(`
func.func @f(%n: index) -> (index, index) {
  %sum = affine.apply affine_map<(d0) -> (d0 + 1)>(%n)
  %half = affine.apply affine_map<(d0) -> ((d0 * 2) floordiv 4)>(%n)
  return %sum, %half : index, index
}`);
    // Reference: two's complement i64 after every step, as the arith ops affine lowers to compute.
    const i64 = (v: bigint) => BigInt.asIntN(64, v);
    for (const n of [max, max - 1n, 2n ** 62n, -(2n ** 63n), 12n]) {
      const doubled = i64(n * 2n);
      const floorQuarter = doubled / 4n - (doubled % 4n !== 0n && doubled < 0n ? 1n : 0n);
      const expected = [i64(n + 1n), floorQuarter];
      for (const engine of ['interpreter', 'wasm'] as const)
        expect(compile(module, 'f', { engine })(n), `${engine} ${n}`).toEqual(expected);
    }
  });
});
