/**
 * Report positions name the loops of the function as given. A rewrite may put more loops in
 * a loop's place (the short path of `halfWidthShortReductions` adds a scalar loop beside the
 * vector one), so the report cannot find a later loop by its position in the rewritten
 * function: each loop must be judged, and reported at its position, as it stood in the input.
 * Random sequences of loops of known outcome, inside a row loop that repeats them (where the
 * short path is taken) or not.
 */

import { seededRandom } from '@tilekit/conformance/testing';
import { parseModule } from '@tilekit/loop-ir';
import { describe, expect, it } from 'vitest';
import { vectorize } from '../../src/index.js';

const MARK = '{"Emitted from" = "linalg.generic"}';

/** A loop over `%a`'s first `%n` elements, and the report entry it must get. */
interface LoopKind {
  readonly text: (k: number) => string;
  readonly expected: Record<string, unknown>;
}

const KINDS: Record<string, LoopKind> = {
  sum: {
    text: (
      k,
    ) => `%s${k} = scf.for %i${k} = %c0 to %n step %c1 iter_args(%acc${k} = %zero) -> (f32) {
      %x${k} = memref.load %a[%i${k}] : memref<?xf32>
      %t${k} = arith.addf %acc${k}, %x${k} : f32
      scf.yield %t${k} : f32
    } ${MARK}
    memref.store %s${k}, %out[%r] : memref<?xf32>`,
    expected: { vectorized: true, form: 'reduction', kind: 'add' },
  },
  parallel: {
    text: (k) => `scf.for %i${k} = %c0 to %n step %c1 {
      %x${k} = memref.load %a[%i${k}] : memref<?xf32>
      %y${k} = arith.mulf %x${k}, %x${k} : f32
      memref.store %y${k}, %b[%i${k}] : memref<?xf32>
    } ${MARK}`,
    expected: { vectorized: true, form: 'parallel' },
  },
  maximum: {
    text: (
      k,
    ) => `%s${k} = scf.for %i${k} = %c0 to %n step %c1 iter_args(%acc${k} = %zero) -> (f32) {
      %x${k} = memref.load %a[%i${k}] : memref<?xf32>
      %t${k} = arith.maximumf %acc${k}, %x${k} : f32
      scf.yield %t${k} : f32
    } ${MARK}
    memref.store %s${k}, %out[%r] : memref<?xf32>`,
    expected: { vectorized: false, code: 'not-a-reduction' },
  },
  'step two': {
    text: (k) => `scf.for %i${k} = %c0 to %n step %c2 {
      %x${k} = memref.load %a[%i${k}] : memref<?xf32>
      memref.store %x${k}, %b[%i${k}] : memref<?xf32>
    } ${MARK}`,
    expected: { vectorized: false, code: 'non-unit-step' },
  },
};

/** The function running `kinds` in order, inside a loop over `%r` or once with `%r` = 0. */
function functionText(kinds: readonly string[], repeated: boolean): string {
  const body = kinds.map((kind, k) => (KINDS[kind] as LoopKind).text(k)).join('\n    ');
  const driver = repeated
    ? `scf.for %r = %c0 to %rows step %c1 {\n    ${body}\n  }`
    : `%r = arith.constant 0 : index\n  ${body}`;
  return `func.func @f(%a: memref<?xf32>, %b: memref<?xf32>, %out: memref<?xf32>, %n: index, %rows: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  ${driver}
  return
}`;
}

describe('report positions', () => {
  it('name every loop of the input once, judged as it stood there (randomized)', () => {
    const next = seededRandom(0x5eed_1005);
    const names = Object.keys(KINDS);
    for (let run = 0; run < 60; run++) {
      const kinds = Array.from(
        { length: 1 + Math.floor(next() * 6) },
        () => names[Math.floor(next() * names.length)] as string,
      );
      const repeated = next() < 0.7;
      const vectorLength = [4, 8, 16][Math.floor(next() * 3)] as number;
      const { report } = vectorize(parseModule(functionText(kinds, repeated)), {
        vectorLength,
        halfWidthShortReductions: next() < 0.8,
      });
      const first = repeated ? 1 : 0;
      const context = `${kinds.join(', ')}${repeated ? ' in a row loop' : ''}, vl ${vectorLength}`;
      expect(
        report.loops.map((l) => l.loop),
        context,
      ).toEqual(Array.from({ length: kinds.length + first }, (_, k) => k));
      kinds.forEach((kind, k) => {
        expect(report.loops[first + k], `${context}: loop ${first + k}`).toMatchObject({
          loop: first + k,
          depth: first,
          ...(KINDS[kind] as LoopKind).expected,
        });
      });
    }
  });
});
