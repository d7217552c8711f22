/**
 * The wasm engine's whole-vectors-first loop assumes the remaining-lanes mask
 * `create_mask(min(step, n - i))` is all-true while a whole step remains. That holds only when
 * the step covers every lane; hand-written IR may step by less (lanes then overlap and the mask
 * keeps some off). Every engine must match a plain reference loop either way.
 */

import { parseModule } from '@tilekit/loop-ir';
import { describe, expect, it } from 'vitest';
import { compile } from '../src/index.js';

const ENGINES = ['interpreter', 'js', 'wasm'] as const;

/**
 * A masked vector sum of `a[0..n)` stepping by `step` (a constant, or the argument `%s`) over
 * `lanes`-wide vectors (`scalable`: `[lanes]`, times vscale).
 */
function maskedSum(lanes: number, step: number | 'argument', scalable = false): string {
  const v = scalable ? `vector<[${lanes}]xf32>` : `vector<${lanes}xf32>`;
  const m = scalable ? `vector<[${lanes}]xi1>` : `vector<${lanes}xi1>`;
  const stepDef = step === 'argument' ? '' : `%s = arith.constant ${step} : index`;
  return `
#map = affine_map<(d0, d1)[s0] -> (s0, d0 - d1)>
func.func @sum(%a: memref<?xf32>, %n: index, %arg: index) -> f32 {
  %c0 = arith.constant 0 : index
  ${step === 'argument' ? '%s = arith.addi %arg, %c0 : index' : stepDef}
  %zero = arith.constant dense<0.000000e+00> : ${v}
  %acc = scf.for %i = %c0 to %n step %s iter_args(%x = %zero) -> (${v}) {
    %k = affine.min #map(%n, %i)[%s]
    %mask = vector.create_mask %k : ${m}
    %e = vector.maskedload %a[%i], %mask, %zero : memref<?xf32>, ${m}, ${v} into ${v}
    %y = arith.addf %x, %e : ${v}
    scf.yield %y : ${v}
  }
  %r = vector.reduction <add>, %acc : ${v} into f32
  return %r : f32
}`;
}

/** The reference: lane l of the vector at i counts when l < min(step, n - i). */
function referenceSum(a: Float32Array, n: number, step: number, lanes: number): number {
  let sum = 0;
  for (let i = 0; i < n; i += step)
    for (let l = 0; l < lanes; l++) if (l < Math.min(step, n - i)) sum += a[i + l] as number;
  return sum;
}

/** 1, 2, 3, ... padded so that a whole vector past n stays in bounds. */
const ramp = (n: number, lanes: number): Float32Array =>
  Float32Array.from({ length: n + lanes }, (_, k) => (k < n ? k + 1 : 1000));

describe('remaining-lanes mask with a step below the lane count', () => {
  it('sums 1..12 stepping 3 over 4 lanes to 78 on every engine', () => {
    const module = parseModule(maskedSum(4, 3));
    const a = ramp(12, 4);
    expect(referenceSum(a, 12, 3, 4)).toBe(78);
    for (const engine of ENGINES)
      expect(compile(module, 'sum', { engine })(a, 12, 0), engine).toEqual([78]);
  });

  it('agrees with the reference over (step, lanes, n), constant and argument steps', () => {
    for (const lanes of [2, 4, 8]) {
      for (const step of [1, 2, 3, lanes - 1, lanes, lanes + 1, lanes + 3]) {
        if (step < 1) continue;
        const constant = parseModule(maskedSum(lanes, step));
        const argument = parseModule(maskedSum(lanes, 'argument'));
        const runs = ENGINES.flatMap((engine) => [
          [engine, compile(constant, 'sum', { engine })] as const,
          [`${engine} (argument step)`, compile(argument, 'sum', { engine })] as const,
        ]);
        for (const n of [0, 1, step, lanes, lanes + 1, 2 * lanes + 1, 13, 20]) {
          const a = ramp(n, lanes);
          const expected = referenceSum(a, n, step, lanes);
          for (const [label, run] of runs)
            expect(run(a, n, step), `${label}: lanes ${lanes} step ${step} n ${n}`).toEqual([
              expected,
            ]);
        }
      }
    }
  });

  it('checks a non-constant step against scalable lanes at the compiled vscale', () => {
    const module = parseModule(maskedSum(2, 'argument', true));
    for (const vscale of [1, 2, 3]) {
      const lanes = 2 * vscale;
      for (const step of [1, lanes - 1, lanes, lanes + 2]) {
        if (step < 1) continue;
        for (const n of [0, 5, 17]) {
          const a = ramp(n, lanes);
          const expected = referenceSum(a, n, step, lanes);
          for (const engine of ENGINES)
            expect(
              compile(module, 'sum', { engine, vscale })(a, n, step),
              `${engine}: vscale ${vscale} step ${step} n ${n}`,
            ).toEqual([expected]);
        }
      }
    }
  });
});
