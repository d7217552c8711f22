/** The iteration mask: all-true when constant bounds divide evenly, else affine.min + create_mask. */

import { interpret, printAffineMap } from '@tilekit/loop-ir';
import { describe, expect, it } from 'vitest';
import { loopKernel, opsNamed, run } from './helpers.js';

const copy = (bounds: string, extra = '') =>
  loopKernel(
    '%a: memref<?xf32>, %x: memref<?xf32>, %n: index',
    `${extra}  LOOP {
    %0 = memref.load %a[%i] : memref<?xf32>
    memref.store %0, %x[%i] : memref<?xf32>
  } {"Emitted from" = "linalg.generic"}
  return`,
    bounds,
  );

const C64 = '  %c64 = arith.constant 64 : index\n';
const C37 = '  %c37 = arith.constant 37 : index\n';

describe('genVectorMask', () => {
  it.each([4, 8, 16])(
    'constant bounds [0, 64) with vl=%i: all-true, so plain vector.load/store',
    (vl) => {
      const { module } = run(copy('%c0 to %c64', C64), { vectorLength: vl });
      expect(opsNamed(module, 'vector.create_mask')).toHaveLength(0);
      expect(opsNamed(module, 'vector.maskedload')).toHaveLength(0);
      expect(opsNamed(module, 'vector.load')).toHaveLength(1);
      expect(opsNamed(module, 'vector.store')).toHaveLength(1);
    },
  );

  it('constant bounds [0, 37) with vl=8: create_mask of min(8, hi - iv)', () => {
    const { module } = run(copy('%c0 to %c37', C37), { vectorLength: 8 });
    const [min] = opsNamed(module, 'affine.min');
    const map = min?.attributes.map;
    expect(map?.kind === 'affineMap' && printAffineMap(map.map)).toBe(
      'affine_map<(d0, d1)[s0] -> (8, d0 - d1)>',
    );
    expect(opsNamed(module, 'vector.create_mask')).toHaveLength(1);
    expect(opsNamed(module, 'vector.maskedstore')).toHaveLength(1);
    // 37 = 4 * 8 + 5: the last step stores 5 lanes and leaves x[37..] alone.
    const a = Float32Array.from({ length: 48 }, (_, k) => k + 1);
    const x = new Float32Array(48).fill(-1);
    interpret(module, 'k', [a, x, 0n]);
    expect([...x.slice(30, 40)]).toEqual([31, 32, 33, 34, 35, 36, 37, -1, -1, -1]);
  });

  it('symbolic bounds always get a runtime mask', () => {
    const { module } = run(copy('%c0 to %n'), { vectorLength: 4 });
    expect(opsNamed(module, 'vector.create_mask')).toHaveLength(1);
    expect(opsNamed(module, 'vector.maskedload')).toHaveLength(1);
  });

  it('under VLA the step is not a constant, so even [0, 64) gets create_mask over vector<[8]xi1>', () => {
    const { module, text } = run(copy('%c0 to %c64', C64), {
      vectorLength: 8,
      enableVLAVectorization: true,
    });
    const [min] = opsNamed(module, 'affine.min');
    const map = min?.attributes.map;
    expect(map?.kind === 'affineMap' && printAffineMap(map.map)).toBe(
      'affine_map<(d0, d1)[s0] -> (s0, d0 - d1)>',
    );
    expect(text).toContain('vector.create_mask %');
    expect(text).toContain(': vector<[8]xi1>');
  });
});
