/**
 * Bit-exact agreement with the PTO ISA CPU simulator's TSCATTER outputs
 * (`PTO_TSCATTER_CPUSIM` from @tilekit/conformance, which records their provenance).
 */
import {
  CPU_SIM_ELEMENT_TYPES,
  cpuSimTileCall,
  PTO_TSCATTER_CPUSIM,
  referenceTScatter,
} from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import { type IndexType, PtoConstraintError, tscatter } from '../src/index.js';
import { expectNoLeak, float32Bits, tf } from './support/tf.js';

const { cases } = PTO_TSCATTER_CPUSIM;

describe('tscatter vs the PTO CPU simulator', () => {
  it('covers every element type family in the fixture', () => {
    expect(cases.length).toBe(50);
    expect(new Set(cases.map((c) => c.dtype))).toEqual(
      new Set(['float32', 'int8', 'uint8', 'int16', 'uint16', 'int32']),
    );
  });

  cases.forEach((c, n) => {
    const elementType = CPU_SIM_ELEMENT_TYPES[c.dtype];
    const indexType = CPU_SIM_ELEMENT_TYPES[c.indexDtype] as IndexType;
    it(`case ${n}: ${c.dtype}[${c.dst}] <- ${c.dtype}[${c.src}] by ${c.indexDtype}[${c.idx}] valid ${c.validRow}x${c.validCol}`, () => {
      expectNoLeak(() => {
        const dtype = elementType === 'f32' ? 'float32' : 'int32';
        const src = tf.tensor([...c.srcData], [...c.src], dtype);
        const idx = tf.tensor([...c.idxData], [...c.idx], 'int32');
        const out = tscatter(src, idx, {
          dstShape: [...c.dst],
          validRow: c.validRow,
          validCol: c.validCol,
          elementType,
          indexType,
        });
        expect(out.shape).toEqual(c.dst);
        expect(out.dtype).toBe(dtype);
        expect(float32Bits(out.dataSync())).toEqual(float32Bits(c.expected));
        tf.dispose([src, idx, out]);
      });
    });
  });

  it('the fixture agrees with the plain reference loop (sanity of the reading of the fields)', () => {
    for (const c of cases) {
      const expected = referenceTScatter(cpuSimTileCall(c));
      expect(expected).toEqual(c.expected);
    }
  });
});

describe("the ISA documentation's example: 16x16 float tiles with uint16 indices", () => {
  const values = Array.from({ length: 256 }, (_, k) => k + 0.5);
  // A permutation: reverse the tile.
  const offsets = Array.from({ length: 256 }, (_, k) => 255 - k);

  it("is rejected under 'a2a3' and 'a5', quoting the index-width rule", () => {
    for (const target of ['a2a3', 'a5'] as const) {
      const call = () =>
        tf.tidy(() =>
          tscatter(tf.tensor2d(values, [16, 16]), tf.tensor2d(offsets, [16, 16], 'int32'), {
            dstShape: [16, 16],
            indexType: 'u16',
            target,
          }),
        );
      expect(call).toThrow(PtoConstraintError);
      expect(call).toThrow(
        `PTO constraint violated for target '${target}': "When size of TileDataD::DType is 4 bytes, the size of TileDataI::DType must be 4 bytes."`,
      );
    }
  });

  it("is accepted under 'any' and scatters like the simulator", () => {
    expectNoLeak(() => {
      const out = tf.tidy(() =>
        tscatter(tf.tensor2d(values, [16, 16]), tf.tensor2d(offsets, [16, 16], 'int32'), {
          dstShape: [16, 16],
          indexType: 'u16',
          target: 'any',
        }),
      );
      expect(Array.from(out.dataSync())).toEqual([...values].reverse());
      out.dispose();
    });
  });
});
