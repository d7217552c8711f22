/**
 * `compile` remembers what it compiled for an immutable module: a repeat with the same module
 * object, function, engine and vscale returns the same callable (nothing verified or compiled
 * again), which computes what a fresh compile of the same text does; a module that could
 * change (any node not frozen) is compiled every time.
 */
import { type Module, parseModule } from '@tilekit/loop-ir';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, type EngineName } from '../src/index.js';

const TEXT = `
func.func @axpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<?xf32>
    %w = memref.load %y[%i] : memref<?xf32>
    %p = arith.mulf %a, %v : f32
    %s = arith.addf %p, %w : f32
    memref.store %s, %y[%i] : memref<?xf32>
  }
  return
}`;

const ENGINES: readonly EngineName[] = ['interpreter', 'js', 'wasm'];

/** A copy of `module` whose top-level list is a plain (mutable) array. */
const thawed = (module: Module): Module => ({ operations: [...module.operations] });

describe('the compile cache', () => {
  it('a repeat returns the same callable; other engines, vscales and modules do not', () => {
    const module = parseModule(TEXT);
    for (const engine of ENGINES) {
      const run = compile(module, 'axpy', { engine });
      expect(compile(module, 'axpy', { engine })).toBe(run);
      expect(compile(module, 'axpy', { engine, vscale: 2 })).not.toBe(run);
      expect(compile(parseModule(TEXT), 'axpy', { engine })).not.toBe(run);
      const open = thawed(module);
      expect(compile(open, 'axpy', { engine })).not.toBe(compile(open, 'axpy', { engine }));
    }
    expect(compile(module, 'axpy')).toBe(compile(module, 'axpy', { engine: 'wasm' }));
  });

  it('cached callables compute what fresh ones do (seeded inputs, every engine)', () => {
    const module = parseModule(TEXT);
    const value = fc.float({ min: -2, max: 2, noNaN: true });
    fc.assert(
      fc.property(
        value,
        fc.array(fc.tuple(value, value), { minLength: 1, maxLength: 40 }),
        (a, xy) => {
          const x = Float32Array.from(xy, ([v]) => v);
          const y = Float32Array.from(xy, ([, w]) => w);
          for (const engine of ENGINES) {
            const cached = y.slice();
            const fresh = y.slice();
            compile(module, 'axpy', { engine })(a, x, cached, xy.length);
            compile(thawed(parseModule(TEXT)), 'axpy', { engine })(a, x, fresh, xy.length);
            expect(cached).toEqual(fresh);
          }
        },
      ),
      { seed: 35, numRuns: 20 },
    );
  });
});
