/**
 * Wasm locals: WebAssembly engines allow 50,000 locals per function. Values whose last use
 * has passed hand their locals on, so long straight-line functions compile; a function that
 * really keeps more values live at once fails with a typed error naming the limit.
 */

import { parseModule } from '@tilekit/loop-ir';
import { describe, expect, it } from 'vitest';
import { compile, EngineUnsupportedError, MAX_WASM_LOCALS } from '../src/index.js';

/** `%v(k) = %v(k-1) + %a`, n times, in f32. */
function chain(n: number): string {
  const lines = ['func.func @f(%a: f32) -> f32 {', '  %v0 = arith.addf %a, %a : f32'];
  for (let k = 1; k < n; k++) lines.push(`  %v${k} = arith.addf %v${k - 1}, %a : f32`);
  lines.push(`  return %v${n - 1} : f32`, '}');
  return lines.join('\n');
}

/** n values `%a + k % 7` all defined first, then summed in order: all n live at once. */
function allLive(n: number): string {
  const lines = ['func.func @f(%a: i32) -> i32 {'];
  for (let c = 0; c < 7; c++) lines.push(`  %c${c} = arith.constant ${c} : i32`);
  for (let k = 0; k < n; k++) lines.push(`  %x${k} = arith.addi %a, %c${k % 7} : i32`);
  lines.push('  %s0 = arith.addi %x0, %x0 : i32');
  for (let k = 1; k < n; k++) lines.push(`  %s${k} = arith.addi %s${k - 1}, %x${k} : i32`);
  lines.push(`  return %s${n - 1} : i32`, '}');
  return lines.join('\n');
}

describe('wasm locals', () => {
  it('compiles a straight-line chain of more SSA values than the locals limit', () => {
    const n = MAX_WASM_LOCALS + 5000;
    const run = compile(parseModule(chain(n)), 'f', { engine: 'wasm' });
    let expected = Math.fround(0.25 + 0.25);
    for (let k = 1; k < n; k++) expected = Math.fround(expected + 0.25);
    expect(run(0.25)).toEqual([expected]);
  });

  it('reuses locals of dead values in a small function too (same results as the interpreter)', () => {
    const module = parseModule(allLive(200));
    const expected = compile(module, 'f', { engine: 'interpreter' })(3);
    expect(compile(module, 'f', { engine: 'wasm' })(3)).toEqual(expected);
    // x0 + x0 + x1 + ... + x199 with xk = 3 + k % 7, computed independently.
    let sum = 3;
    for (let k = 0; k < 200; k++) sum += 3 + (k % 7);
    expect(expected).toEqual([sum]);
  });

  it('names the limit when more values than it are live at once', () => {
    const module = parseModule(allLive(MAX_WASM_LOCALS + 10));
    let error: unknown;
    try {
      compile(module, 'f', { engine: 'wasm' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EngineUnsupportedError);
    expect(String(error)).toMatch(/at most 50000 per function/);
  });
});
