/**
 * Vector widths the engines refuse: every engine holds a vector lane by lane, so hand-written
 * IR with an absurd width must fail with a typed error at compile time, not exhaust memory.
 */

import { InterpretError, interpret, MAX_VECTOR_LENGTH, parseModule } from '@tilekit/loop-ir';
import { describe, expect, it } from 'vitest';
import {
  compile,
  EngineRuntimeError,
  EngineUnsupportedError,
  generateJsSource,
} from '../src/index.js';

const ENGINES = ['interpreter', 'js', 'wasm'] as const;

/** Loads one `type` vector from `%a` and stores it back doubled. */
function doubled(type: string): string {
  return `
func.func @f(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %v = vector.load %a[%c0] : memref<?xf32>, ${type}
  %w = arith.addf %v, %v : ${type}
  vector.store %w, %a[%c0] : memref<?xf32>, ${type}
  return
}`;
}

describe('vector lane limit of the engines', () => {
  it('refuses a fixed vector wider than the limit on every engine', () => {
    const module = parseModule(doubled(`vector<${MAX_VECTOR_LENGTH + 1}xf32>`));
    for (const engine of ENGINES)
      expect(() => compile(module, 'f', { engine }), engine).toThrow(EngineUnsupportedError);
    expect(() => generateJsSource(module, 'f')).toThrow(/limit of 65536 lanes per vector/);
    expect(() => interpret(module, 'f', [new Float32Array(4)])).toThrow(InterpretError);
    expect(() => interpret(module, 'f', [new Float32Array(4)])).toThrow(/65537 lanes/);
  });

  it('counts scalable lanes at the compiled vscale', () => {
    const module = parseModule(doubled('vector<[4]xf32>'));
    const vscale = MAX_VECTOR_LENGTH / 4;
    for (const engine of ENGINES) {
      expect(() => compile(module, 'f', { engine, vscale: vscale * 2 }), engine).toThrow(
        /131072 lanes \(at vscale 32768\)/,
      );
    }
    // Within the limit every engine compiles and runs (the values double).
    const lanes = MAX_VECTOR_LENGTH / 4;
    for (const engine of ENGINES) {
      const a = Float32Array.from({ length: lanes }, (_, k) => k % 97);
      compile(module, 'f', { engine, vscale: vscale / 4 })(a);
      expect(
        a.every((x, k) => x === 2 * (k % 97)),
        engine,
      ).toBe(true);
    }
  });

  it('at the limit, the js engine reports a frame too large for the stack as a typed error', () => {
    // Three vectors of 2^16 lanes are ~200k JavaScript locals: more than V8's default stack.
    const module = parseModule(doubled(`vector<${MAX_VECTOR_LENGTH}xf32>`));
    const a = Float32Array.from({ length: MAX_VECTOR_LENGTH }, (_, k) => k % 89);
    try {
      compile(module, 'f', { engine: 'js' })(a);
      expect(a.every((x, k) => x === 2 * (k % 89))).toBe(true);
    } catch (e) {
      expect(e).toBeInstanceOf(EngineRuntimeError);
      expect(String(e)).toMatch(/use the wasm engine/);
    }
  });
});
