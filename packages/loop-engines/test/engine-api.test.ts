/** The `compile` entry point: argument checking, errors, results and memory growth per engine. */

import { InterpretError, parseModule } from '@tilekit/loop-ir';
import { describe, expect, it } from 'vitest';
import {
  compile,
  EngineArgumentError,
  EngineRuntimeError,
  EngineUnsupportedError,
  IndexRangeError,
} from '../src/index.js';

const SCALE = parseModule(`
func.func @scale(%a: memref<?xf32>, %x: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.5 : f32
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %a[%i] : memref<?xf32>
    %m = arith.mulf %v, %two : f32
    memref.store %m, %x[%i] : memref<?xf32>
  }
  return
}`);

const SCALARS = parseModule(`
func.func @scalars(%a: i32, %b: i64, %c: index, %d: f32) -> (i1, i64, index, f32, i32) {
  %0 = arith.cmpi slt, %a, %a : i32
  %1 = arith.muli %b, %b : i64
  %2 = arith.addi %c, %c : index
  %3 = arith.divf %d, %d : f32
  %4 = arith.divsi %a, %a : i32
  return %0, %1, %2, %3, %4 : i1, i64, index, f32, i32
}`);

const OVERFLOW = parseModule(`
func.func @overflow(%n: index) -> index {
  %0 = arith.muli %n, %n : index
  return %0 : index
}`);

const ENGINES = ['interpreter', 'js', 'wasm'] as const;

describe('compile', () => {
  it('returns the same scalar results on every engine', () => {
    const results = ENGINES.map((engine) =>
      compile(SCALARS, 'scalars', { engine })(7, 3_000_000_000n, 5n, 0.1),
    );
    // Hand-derived: 7 < 7 is false; (3e9)^2 wraps mod 2^64; 5 + 5; 0.1f / 0.1f; 7 / 7.
    const wrapped = BigInt.asIntN(64, 3_000_000_000n * 3_000_000_000n);
    for (const r of results) expect(r).toEqual([false, wrapped, 10n, 1, 1]);
  });

  it('writes memref outputs in place', () => {
    for (const engine of ENGINES) {
      const a = Float32Array.from([1, -2, 0.5]);
      const x = new Float32Array(3);
      compile(SCALE, 'scale', { engine })(a, x, 3);
      expect(Array.from(x)).toEqual([2.5, -5, 1.25]);
    }
  });

  it('grows wasm memory for large buffers and agrees with a plain loop', () => {
    const run = compile(SCALE, 'scale', { engine: 'wasm' });
    for (const n of [1000, 300_000, 50]) {
      const a = Float32Array.from({ length: n }, (_, k) => Math.fround(Math.sin(k)));
      const x = new Float32Array(n);
      run(a, x, n);
      const expected = a.map((v) => Math.fround(v * 2.5));
      expect(Buffer.from(x.buffer).equals(Buffer.from(expected.buffer))).toBe(true);
    }
  });

  it('checks arguments', () => {
    for (const engine of ['js', 'wasm'] as const) {
      const run = compile(SCALE, 'scale', { engine });
      expect(() => run(new Float32Array(2), new Float32Array(2))).toThrow(EngineArgumentError);
      expect(() => run(new Int32Array(2), new Float32Array(2), 2)).toThrow(
        /#0: expected one of Float32Array, got Int32Array/,
      );
      expect(() => run(new Float32Array(2), new Float32Array(2), 1.5)).toThrow(
        /#2: expected an integer/,
      );
    }
    expect(() => compile(SCALE, 'nope', { engine: 'js' })).toThrow(/no function @nope/);
    expect(() => compile(SCALE, 'scale', { engine: 'gpu' as never })).toThrow(EngineArgumentError);
    expect(() => compile(SCALE, 'scale', { vscale: 0 })).toThrow(/vscale/);
  });

  it('reports undefined behaviour as an error on every engine', () => {
    const div = (engine: (typeof ENGINES)[number]) => () =>
      compile(SCALARS, 'scalars', { engine })(0, 1n, 1n, 1);
    expect(div('interpreter')).toThrow(InterpretError);
    expect(div('js')).toThrow(InterpretError);
    expect(div('wasm')).toThrow(EngineRuntimeError);
  });

  it('refuses a non-positive scf.for step on every engine (it would never terminate)', () => {
    const stepping = parseModule(`
func.func @stepping(%s: index) -> index {
  %c0 = arith.constant 0 : index
  %c9 = arith.constant 9 : index
  %r = scf.for %i = %c0 to %c9 step %s iter_args(%a = %c0) -> (index) {
    %n = arith.addi %a, %i : index
    scf.yield %n : index
  }
  return %r : index
}`);
    for (const engine of ENGINES) {
      expect(compile(stepping, 'stepping', { engine })(4n), engine).toEqual([12n]);
      expect(() => compile(stepping, 'stepping', { engine })(0n), engine).toThrow(
        /step must be positive/,
      );
    }
    // The compiled engines' error names the function.
    for (const engine of ['js', 'wasm'] as const) {
      expect(() => compile(stepping, 'stepping', { engine })(0n), engine).toThrow(
        expect.objectContaining({ name: 'EngineRuntimeError', functionName: 'stepping' }),
      );
    }
  });

  it('raises IndexRangeError where the js engine cannot hold an index exactly', () => {
    const big = 2n ** 40n;
    expect(compile(OVERFLOW, 'overflow', { engine: 'interpreter' })(big)).toEqual([
      BigInt.asIntN(64, big * big),
    ]);
    expect(compile(OVERFLOW, 'overflow', { engine: 'wasm' })(big)).toEqual([
      BigInt.asIntN(64, big * big),
    ]);
    expect(() => compile(OVERFLOW, 'overflow', { engine: 'js' })(big)).toThrow(IndexRangeError);
  });

  it('rejects what the compiled engines do not support', () => {
    const half = parseModule(`
func.func @half(%a: memref<?xf16>) {
  return
}`);
    for (const engine of ['js', 'wasm'] as const) {
      expect(() => compile(half, 'half', { engine })(new Uint16Array(1))).toThrow(
        EngineUnsupportedError,
      );
    }
  });

  it('refuses wasm gathers and scatters of i1 elements, naming the op, as the interpreter runs them', () => {
    const gatherThenScatter = parseModule(`
func.func @bools(%m: memref<?xi1>, %out: memref<?xi1>) {
  %c0 = arith.constant 0 : index
  %idx = arith.constant dense<[3, 2, 1, 0]> : vector<4xi32>
  %all = arith.constant dense<true> : vector<4xi1>
  %pass = arith.constant dense<false> : vector<4xi1>
  %v = vector.gather %m[%c0][%idx], %all, %pass : memref<?xi1>, vector<4xi32>, vector<4xi1>, vector<4xi1> into vector<4xi1>
  vector.scatter %out[%c0][%idx], %all, %v : memref<?xi1>, vector<4xi32>, vector<4xi1>, vector<4xi1>
  return
}`);
    const scatterOnly = parseModule(`
func.func @bools(%out: memref<?xi1>) {
  %c0 = arith.constant 0 : index
  %idx = arith.constant dense<[3, 2, 1, 0]> : vector<4xi32>
  %all = arith.constant dense<true> : vector<4xi1>
  vector.scatter %out[%c0][%idx], %all, %all : memref<?xi1>, vector<4xi32>, vector<4xi1>, vector<4xi1>
  return
}`);
    const input = Int8Array.from([1, 0, 0, 1]);
    const out = new Int8Array(4);
    compile(gatherThenScatter, 'bools', { engine: 'interpreter' })(input, out);
    // Reversed twice: the interpreter's result is the input itself.
    expect(Array.from(out)).toEqual(Array.from(input));
    expect(() => compile(gatherThenScatter, 'bools', { engine: 'wasm' })).toThrow(
      new EngineUnsupportedError('gathers of i1 elements are not supported'),
    );
    expect(() => compile(scatterOnly, 'bools', { engine: 'wasm' })).toThrow(
      new EngineUnsupportedError('scatters of i1 elements are not supported'),
    );
  });
});
