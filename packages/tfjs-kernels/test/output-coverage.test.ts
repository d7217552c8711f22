/**
 * The relayout family allocates outputs it overwrites in full without zeroing them first
 * (`uninitializedLike`). Here every such allocation is poisoned with a sentinel bit pattern
 * instead, and random shapes, layouts and dtypes must still come out exactly as the layout maps
 * say: no slot of an output is left as allocated.
 */
import { offsetMap } from '@tilekit/layout';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { KernelValues } from '../src/impl/output-arrays.js';
import { convertLayout, relayout, unrelayout } from '../src/index.js';
import {
  caseShape,
  expectedPhysical,
  layoutsAccepted,
  relayoutCase,
} from './support/layout-arbitraries.js';
import { tf } from './support/tf.js';

/**
 * A byte no generated value is made of: as float32 it reads -2.9e-16 (the generators draw
 * multiples of 1/8), as bool 165, as int32 -1515870811 (excluded from the int32 cases).
 */
const POISON_BYTE = 0xa5;

const poisoned = vi.hoisted(() => ({ allocations: 0 }));

vi.mock('../src/impl/output-arrays.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/impl/output-arrays.js')>();
  return {
    ...original,
    uninitializedLike: <T extends KernelValues>(like: T, length: number): T => {
      const array = original.zerosLike(like, length);
      new Uint8Array(array.buffer).fill(0xa5); // POISON_BYTE (vi.mock is hoisted above it)
      poisoned.allocations++;
      return array;
    },
  };
});

const read = (t: tf.Tensor) => Array.from(t.dataSync());

describe('relayout family outputs are written in full', () => {
  it('holds no poisoned slot after relayout, unrelayout and convertLayout', () => {
    // The poison must be something the generators never produce, or a missed slot could pass.
    const asFloat = new Float32Array(new Uint8Array(4).fill(POISON_BYTE).buffer)[0]!;
    expect(asFloat * 8).not.toBe(Math.round(asFloat * 8));
    expect(new Int32Array(new Uint8Array(4).fill(POISON_BYTE).buffer)[0]).toBe(-1515870811);
    let checked = 0;
    fc.assert(
      fc.property(relayoutCase, (c) => {
        fc.pre(layoutsAccepted(c));
        // int32 cases may draw any value: keep the one that equals the poison out.
        fc.pre(!c.values.includes(-1515870811) && c.padValue !== -1515870811);
        const x = tf.tensor(c.values, c.dims, c.dtype);
        const buffer = relayout(x, c.layout, { padValue: c.padValue });
        expect(read(buffer)).toEqual(expectedPhysical(c, c.layout));
        const back = unrelayout(buffer, caseShape(c, c.layout));
        expect(read(back)).toEqual(c.values);
        const converted = convertLayout(buffer, caseShape(c, c.layout), c.otherLayout, {
          padValue: c.padValue,
        });
        expect(read(converted)).toEqual(expectedPhysical(c, c.otherLayout));
        tf.dispose([x, buffer, back, converted]);
        checked++;
      }),
      { seed: 7, numRuns: 400 },
    );
    expect(checked).toBeGreaterThanOrEqual(300);
    // Every unrelayout (at least) went through the poisoned allocation.
    expect(poisoned.allocations).toBeGreaterThanOrEqual(checked);
  });

  it('covers the large contiguous copies the benchmarks take (word loop and native set)', () => {
    for (const [dims, layout] of [
      [[64, 1024], '{1,0:T(8,128)}'],
      [[64, 1024], '{1,0:T(8,128)(2,1)}'],
      [[3, 8192], '{0,1}'],
      [[2, 8192], '{1,0}'],
    ] as const) {
      const count = dims[0] * dims[1];
      const values = Float32Array.from({ length: count }, (_, k) => k * 0.5 - 7);
      const shape = `f32[${dims.join(',')}]${layout}`;
      const x = tf.tensor(values, [...dims]);
      const buffer = relayout(x, layout);
      const physical = buffer.dataSync();
      const map = offsetMap(shape);
      const expected = new Float32Array(physical.length);
      map.forEach((p, l) => {
        expected[p] = values[l]!;
      });
      expect(physical).toEqual(expected);
      const back = unrelayout(buffer, shape);
      expect(back.dataSync()).toEqual(values);
      tf.dispose([x, buffer, back]);
    }
  });
});
