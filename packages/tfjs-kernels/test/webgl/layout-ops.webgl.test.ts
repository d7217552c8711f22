/**
 * relayout / unrelayout / convertLayout on the WebGL backend, bit-exact against the layout
 * package's maps: ranks 1..6, repeated tiles, combined dimensions, every kind of
 * minor_to_major, tail padding, all three dtypes, packed and sliced inputs, the CPU routes and
 * gradients, with tensors, data ids and textures balanced throughout.
 */

import { inverseMap, offsetMap, physicalElementCount, relayoutPlan } from '@tilekit/layout';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simplifyChain } from '../../src/gpu/chain-simplify.js';
import { backwardChain } from '../../src/gpu/layout-chains.js';
import { convertLayout, relayout, tscatter, unrelayout } from '../../src/index.js';
import { shapeText } from '../../src/layout/shape-text.js';
import { sizeFromShape } from '../../src/util/shape-size.js';
import { shaderChain } from '../../src/webgl/chain-kind.js';
import {
  layoutCaseArbitrary,
  type ValueDomain,
  valuesFrom,
} from '../support/cross-backend/differential-cases.js';
import {
  expectedLayoutResult,
  type LayoutCase,
  runLayoutCase,
} from '../support/cross-backend/layout-cases.js';
import { iota } from '../support/iota.js';
import { expectBalanced, expectThrowsBalanced } from './support/accounting.js';
import {
  exactValues,
  expectExactResult,
  FLOAT32_SPECIALS,
  float32Bits,
  isOnGpu,
  tf,
  webglBackend,
} from './support/backends.js';
import { onWebgl2 } from './support/webgl-setup.js';
import { webglValues } from './support/webgl-target.js';

onWebgl2();

/** Runs a case on WebGL and checks dtype, exact values, GPU residency and balance. */
async function expectLayoutCase(c: LayoutCase, onGpu = true): Promise<void> {
  await expectBalanced(async () => {
    const out = runLayoutCase(c);
    expect(isOnGpu(out)).toBe(onGpu);
    await expectExactResult(out, c.dtype, expectedLayoutResult(c));
  });
}

/** Runs a case that must take the CPU route (float32 and pad 0 unless it says otherwise). */
function expectCpuRoute(c: Omit<LayoutCase, 'dtype' | 'padValue'> & Partial<LayoutCase>) {
  return expectLayoutCase({ dtype: 'float32', padValue: 0, ...c }, false);
}

/** Layouts over ranks 1..6 exercising every feature of tiled layouts. */
const LAYOUTS: readonly (readonly [readonly number[], string, string])[] = [
  [[9], '{0:T(4)L(7)}', '{0:T(2)}'],
  [[10], '{0:T(2,4)}', '{0}'],
  [[3, 5], '{1,0:T(2,2)}', '{0,1:T(2,2)}'],
  [[4, 8], '{1,0:T(2,4)(2,1)}', '{1,0:T(8,128)}'],
  [[6, 10], '{0,1:T(2,4)}', '{1,0:T(3,3)L(5)}'],
  [[5, 6, 7], '{0,2,1:T(2,4)(2,1)}', '{2,1,0:T(*,2,4)}'],
  [[3, 4, 5], '{1,2,0:T(2,2,2,2)}', '{0,1,2}'],
  [[7, 5, 3], '{2,0,1:T(2,2)(2,1)}', '{1,2,0:T(3,1)(1,2)}'],
  [[2, 3, 4, 5], '{3,2,1,0:T(*,2,3)}', '{0,3,1,2:T(2,2)(1,2)}'],
  [[2, 7, 8, 11, 10], '{4,3,2,1,0:T(*,*,2,*,3)}', '{0,1,2,3,4:T(2,3)}'],
  [
    [2, 3, 2, 3, 2, 3],
    '{0,2,4,1,3,5:T(2,2,2,2,2,2)(2,2,2,2,2,2)}',
    '{5,4,3,2,1,0:T(*,*,*,*,2,2)L(4)}',
  ],
  [[64, 48], '{1,0:T(8,128)}', '{0,1:T(8,128)(2,1)}'],
];

const DTYPES = ['float32', 'int32', 'bool'] as const;

/** Values of each dtype that survive float textures (the CPU routes have their own tests). */
function valuesFor(dtype: (typeof DTYPES)[number], n: number): number[] {
  if (dtype === 'bool') return iota(n, (k) => ((k * 7) % 3 === 0 ? 1 : 0));
  if (dtype === 'int32') return iota(n, (k) => ((k * 7919) % 4001) - 2000);
  return iota(n, (k) => (k - n / 3) / 8);
}

describe('relayout family on webgl vs the layout maps', () => {
  it('relayout of the documented example: f32[3,5]{1,0:T(2,2)} (hand-derived)', async () => {
    const out = relayout(
      tf.tensor2d([
        [1, 2, 3, 4, 5],
        [6, 7, 8, 9, 10],
        [11, 12, 13, 14, 15],
      ]),
      '{1,0:T(2,2)}',
    );
    expect(isOnGpu(out)).toBe(true);
    // Seed: element (2,3) has tile index (1,1), within-tile (0,1): offset 17 holds x[2][3] = 14.
    expect(Array.from(await out.data())).toEqual([
      1, 2, 6, 7, 3, 4, 8, 9, 5, 0, 10, 0, 11, 12, 0, 0, 13, 14, 0, 0, 15, 0, 0, 0,
    ]);
    out.dispose();
  });

  for (const [dims, layout, other] of LAYOUTS) {
    for (const dtype of DTYPES) {
      const values = valuesFor(dtype, sizeFromShape(dims));
      const padValue = dtype === 'bool' ? 1 : -3;
      it(`${dtype}[${dims}] ${layout} <-> ${other}`, async () => {
        await expectLayoutCase({ op: 'relayout', dtype, dims, values, layout, padValue });
        await expectLayoutCase({ op: 'unrelayout', dtype, dims, values, layout, padValue });
        await expectLayoutCase({
          op: 'convertLayout',
          dtype,
          dims,
          values,
          layout,
          to: other,
          padValue,
        });
        await expectLayoutCase({
          op: 'convertLayout',
          dtype,
          dims,
          values,
          layout: other,
          to: layout,
          padValue,
        });
      });
    }
  }

  it('reads its own GPU outputs in place (runs of 2 or 4 values per texel): 150 random relayout -> unrelayout / convertLayout chains', async () => {
    // Inputs are uploaded first and stock ops read the results, so int32 values and pads stay
    // within what a float texture holds exactly.
    const uploadable: ValueDomain = {
      ...webglValues,
      values: (dtype, length) =>
        dtype === 'int32'
          ? valuesFrom(fc.integer({ min: -(2 ** 24), max: 2 ** 24 }), length)
          : webglValues.values(dtype, length),
      pad: (dtype) =>
        dtype === 'int32' ? fc.integer({ min: -(2 ** 24), max: 2 ** 24 }) : webglValues.pad(dtype),
    };
    let quadBuffers = 0;
    await fc.assert(
      fc.asyncProperty(layoutCaseArbitrary('convertLayout', uploadable), async (c) => {
        await expectBalanced(async () => {
          const x = tf.tensor([...c.values], [...c.dims], c.dtype);
          webglBackend().uploadToGPU(x.dataId);
          const whole = shapeText(c.dtype, c.dims, c.layout);
          const buffer = relayout(x, c.layout, { padValue: c.padValue });
          if (webglBackend().texData.get(buffer.dataId).shape.length === 3) quadBuffers += 1;
          // A stock packed op reads the buffer as the 1-D tensor it is (tfjs reshapes first).
          const stock = tf.tidy(() => tf.reverse(tf.reverse(buffer)));
          const back = unrelayout(buffer, whole);
          const converted = convertLayout(buffer, whole, c.to!, { padValue: c.padValue });
          const bits = (v: number[]) => (c.dtype === 'float32' ? float32Bits(v) : v);
          expect(await exactValues(stock)).toEqual(
            bits(expectedLayoutResult({ ...c, op: 'relayout' })),
          );
          expect(await exactValues(back)).toEqual(bits([...c.values]));
          expect(await exactValues(converted)).toEqual(bits(expectedLayoutResult(c)));
          tf.dispose([x, buffer, stock, back, converted]);
        });
      }),
      { seed: 28, numRuns: 150 },
    );
    // The four-per-texel path is taken often enough to be tested.
    expect(quadBuffers).toBeGreaterThan(15);
  });

  it('moves -0, NaN, ±Inf and subnormals bit for bit, and writes a -0 or NaN pad value', async () => {
    const values = iota(15, (k) => FLOAT32_SPECIALS[k % FLOAT32_SPECIALS.length]!);
    const tensor = { dtype: 'float32', dims: [3, 5], values, layout: '{0,1:T(2,2)}' } as const;
    for (const padValue of [-0, Number.NaN]) {
      await expectLayoutCase({ ...tensor, op: 'relayout', padValue });
      await expectLayoutCase({ ...tensor, op: 'convertLayout', to: '{1,0:T(4,4)}', padValue });
    }
    await expectLayoutCase({ ...tensor, op: 'unrelayout', padValue: 0 });
  });

  it('keeps NaN payloads, signaling ones included, through relayout, convertLayout and tscatter', async () => {
    const bits = new Uint32Array([
      0x7fa00001, 0xffc12345, 0x7fc00000, 0x7f800001, 1, 0x80000000, 0x3f800000, 0xff800000,
    ]);
    const payloads = new Float32Array(bits.buffer);
    const whole = shapeText('float32', [2, 4], '{0,1:T(2,2)}');
    // Expected: the same bit patterns, moved by the layout package's inverse map (pad 0).
    const expected = Array.from(inverseMap(whole), (i) => (i < 0 ? 0 : bits[i]!));
    await expectBalanced(async () => {
      const x = tf.tensor2d(payloads, [2, 4]);
      const buffer = relayout(x, '{0,1:T(2,2)}');
      const back = convertLayout(buffer, whole, '{1,0}');
      const idx = tf.tensor2d([7, 6, 5, 4, 3, 2, 1, 0], [1, 8], 'int32');
      const row = tf.reshape(x, [1, 8]);
      const reversed = tscatter(row, idx, { dstShape: [1, 8], target: 'any' });
      const bitsOf = async (t: tf.Tensor) =>
        Array.from(new Uint32Array(new Float32Array(await t.data()).buffer));
      expect(await bitsOf(buffer)).toEqual(expected);
      expect(await bitsOf(back)).toEqual(Array.from(bits));
      expect(await bitsOf(reversed)).toEqual(Array.from(bits).reverse());
      tf.dispose([x, buffer, back, idx, row, reversed]);
    });
  });

  it('reads packed inputs (outputs of packed tfjs ops) and sliced inputs', async () => {
    const c: LayoutCase = {
      op: 'relayout',
      dtype: 'float32',
      dims: [6, 10],
      values: iota(60, (k) => k / 4),
      layout: '{0,1:T(2,4)}',
      padValue: 9,
    };
    const expected = float32Bits(expectedLayoutResult(c));
    await expectBalanced(async () => {
      const base = tf.tensor2d(
        iota(60, (k) => k / 4),
        [6, 10],
      );
      const packed = tf.tidy(() => tf.matMul(base, tf.eye(10))); // a packed output texture
      expect(webglBackend().texData.get(packed.dataId).isPacked).toBe(true);
      const out = runLayoutCase(c, packed);
      expect(await exactValues(out)).toEqual(expected);
      const wide = tf.tensor2d(
        iota(80, (k) => (k - 20) / 4),
        [8, 10],
      );
      const sliced = tf.slice(wide, [2, 0], [6, 10]); // shares wide's texture at an offset
      const fromSlice = runLayoutCase(c, sliced);
      expect(await exactValues(fromSlice)).toEqual(expected);
      tf.dispose([base, packed, out, wide, sliced, fromSlice]);
    });
  });

  it('routes int32 values beyond ±2^24, and such int32 pad values, to the CPU loop (exact)', async () => {
    const big = iota(15, (k) => (k % 2 === 0 ? 2 ** 31 - 1 - k : -(2 ** 24) - k));
    // Values beyond ±2^24, then a pad value beyond it.
    for (const [values, padValue] of [
      [big, 0],
      [iota(15), -(2 ** 31)],
    ] as const) {
      const int32 = {
        op: 'relayout',
        dtype: 'int32',
        dims: [3, 5],
        layout: '{0,1:T(2,2)}',
      } as const;
      await expectCpuRoute({ ...int32, values, padValue });
    }
  });

  it("routes a chain beyond the shader's capacity to the CPU loop (exact)", async () => {
    const dims = [3, 5, 7, 3];
    const layout = '{0,2,1,3:T(2,2)(3,1)(2,2)(1,3)(2,2)(3,3)(2,1)(1,2)(3,1)}';
    expect(
      shaderChain(simplifyChain(backwardChain(relayoutPlan(shapeText('float32', dims, layout)))), {
        texelValues: 1,
        columns: 0,
      }),
    ).toBeNull();
    await expectCpuRoute({ op: 'relayout', dims, values: iota(315, (k) => k / 2), layout });
  });

  it('leaves nothing behind when an op rejects its arguments', async () => {
    const x = tf.tensor2d(iota(15), [3, 5]);
    const buffer = tf.tensor1d(iota(23)); // one short of f32[3,5]{1,0:T(2,2)}
    await expectThrowsBalanced(() => relayout(x, '{1,0:T(2,2'));
    await expectThrowsBalanced(() => relayout(x, '{2,1,0}'));
    await expectThrowsBalanced(() => unrelayout(buffer, 'f32[3,5]{1,0:T(2,2)}'));
    await expectThrowsBalanced(() =>
      relayout(tf.tensor1d([1, 2], 'int32'), '{0}', { padValue: 0.5 }),
    );
    tf.dispose([x, buffer]);
  });

  it.each([
    {
      route:
        'runs small CPU-resident tensors on the CPU when tfjs forwards them (shouldExecuteOnCPU)',
      flag: 'WEBGL_CPU_FORWARD',
      value: true,
      c: { op: 'relayout', dims: [3, 5], values: iota(15), layout: '{1,0:T(2,2)}' },
    },
    {
      route: 'falls back to the CPU loop when float32 textures are not renderable',
      flag: 'WEBGL_RENDER_FLOAT32_ENABLED',
      value: false,
      c: {
        op: 'convertLayout',
        dims: [4, 8],
        values: iota(32),
        layout: '{1,0:T(2,4)(2,1)}',
        to: '{0,1}',
      },
    },
  ] as const)('$route', async ({ flag, value, c }) => {
    tf.env().set(flag, value);
    await expectCpuRoute({ ...c, dims: [...c.dims], values: [...c.values] });
  });
});

describe('relayout family gradients on webgl', () => {
  it('relayout: d/dx sum(relayout(x) * w) = w at each element offset (unrelayout of w)', async () => {
    await expectBalanced(async () => {
      const layout = '{0,1:T(2,4)}';
      const x = tf.tensor2d(
        iota(60, (k) => k),
        [6, 10],
      );
      const n = physicalElementCount(shapeText('float32', [6, 10], layout));
      const w = tf.tensor1d(iota(n, (k) => k * 0.5 - 3));
      const dx = tf.grad((t: tf.Tensor) => tf.sum(tf.mul(relayout(t, layout), w)))(x);
      const offsets = offsetMap(shapeText('float32', [6, 10], layout));
      expect(Array.from(await dx.data())).toEqual(Array.from(offsets, (p) => p * 0.5 - 3));
      tf.dispose([x, w, dx]);
    });
  });

  it('unrelayout: the gradient lands on each element slot, padding slots get 0', async () => {
    await expectBalanced(async () => {
      const whole = 'f32[3,5]{1,0:T(2,2)}';
      const buffer = tf.tensor1d(iota(24));
      const w = tf.tensor2d(
        iota(15, (k) => k + 1),
        [3, 5],
      );
      const db = tf.grad((b: tf.Tensor) => tf.sum(tf.mul(unrelayout(b, whole), w)))(buffer);
      const expected = new Array<number>(24).fill(0);
      Array.from(offsetMap(whole)).forEach((p, i) => {
        expected[p] = i + 1;
      });
      expect(Array.from(await db.data())).toEqual(expected);
      tf.dispose([buffer, w, db]);
    });
  });
});
