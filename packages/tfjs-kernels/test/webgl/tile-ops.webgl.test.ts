/**
 * TSCATTER/TGATHER on the WebGL backend: the PTO simulator fixtures and hand-derived cases,
 * bit-exact, through every GPU path (CPU-built map, GPU scan, GPU-only indices read back, the
 * direct gather) and the CPU routes, with tensors, data ids and textures balanced throughout.
 */
import { CPU_SIM_ELEMENT_TYPES, PTO_TSCATTER_CPUSIM } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import { TileIndexError, TileValueError, tscatter } from '../../src/index.js';
import {
  expectedShape,
  expectedTileResult,
  gatherAttrs,
  type IndexResidence,
  runTileCase,
  scatterAttrs,
  type TileCase,
} from '../support/cross-backend/tile-cases.js';
import { iota } from '../support/iota.js';
import { expectBalanced, expectThrowsBalanced } from './support/accounting.js';
import {
  expectExactResult,
  FLOAT32_SPECIALS,
  float32Bits,
  gpuOnly,
  isOnGpu,
  tf,
} from './support/backends.js';
import { onWebgl2 } from './support/webgl-setup.js';

onWebgl2();

/** Runs a case on WebGL and checks shape, dtype, exact values, GPU residency and balance. */
async function expectCase(
  c: TileCase,
  residence: IndexResidence = 'cpu',
  onGpu = true,
): Promise<void> {
  await expectBalanced(async () => {
    const out = runTileCase(c, residence, gpuOnly);
    expect(out.shape).toEqual(expectedShape(c));
    expect(isOnGpu(out)).toBe(onGpu);
    await expectExactResult(out, c.dtype, expectedTileResult(c));
  });
}

/** {@link expectCase} with the indices on the CPU, then on the GPU only. */
async function expectCaseWithIndicesOnCpuAndGpu(c: TileCase): Promise<void> {
  for (const residence of ['cpu', 'gpu'] as const) await expectCase(c, residence);
}

describe('the PTO simulator fixtures on webgl', () => {
  PTO_TSCATTER_CPUSIM.cases.forEach((f, n) => {
    it(`case ${n}: ${f.dtype}[${f.dst}] <- [${f.src}] by ${f.indexDtype}[${f.idx}] valid ${f.validRow}x${f.validCol}`, async () => {
      const c: TileCase = {
        kernel: 'TScatter',
        dtype: f.dtype === 'float32' ? 'float32' : 'int32',
        src: { shape: [...f.src], values: [...f.srcData] },
        idx: { shape: [...f.idx], values: [...f.idxData] },
        attrs: scatterAttrs([...f.dst], [...f.idx], {
          validRow: f.validRow,
          validCol: f.validCol,
          elementType: CPU_SIM_ELEMENT_TYPES[f.dtype],
          indexType: CPU_SIM_ELEMENT_TYPES[f.indexDtype] as 's16' | 'u16' | 's32' | 'u32',
          bounds: 'error',
        }),
      };
      // The simulator's own output, not just our reference loop.
      expect(expectedTileResult(c)).toEqual(f.expected);
      await expectCase(c);
    });
  });
});

/** A 16x16 permutation (reverse) and its values. */
const reverse: TileCase = {
  kernel: 'TScatter',
  dtype: 'float32',
  src: { shape: [16, 16], values: iota(256, (k) => k + 0.5) },
  idx: { shape: [16, 16], values: iota(256, (k) => 255 - k) },
  attrs: scatterAttrs([16, 16], [16, 16]),
};

describe('tscatter on webgl', () => {
  it('scatters a permutation: dst[255 - k] = k + 0.5 (hand-derived)', async () => {
    const out = runTileCase(reverse);
    expect(Array.from(await out.data())).toEqual(iota(256, (k) => 255 - k + 0.5));
    out.dispose();
  });

  it('lets the last writer in row-major order win, on every path', async () => {
    // Entries (0,0), (0,1) and (1,0) all write offset 3; (1,0) = 20 is last.
    const c: TileCase = {
      kernel: 'TScatter',
      dtype: 'float32',
      src: { shape: [2, 8], values: [10, 11, 0, 0, 0, 0, 0, 0, 20, 21, 0, 0, 0, 0, 0, 0] },
      idx: { shape: [2, 8], values: [3, 3, 9, 9, 9, 9, 9, 9, 3, 5, 9, 9, 9, 9, 9, 9] },
      attrs: scatterAttrs([2, 8], [2, 8], { validCol: 2 }),
    };
    const expected = iota(16, () => 0);
    expected[3] = 20;
    expected[5] = 21;
    expect(expectedTileResult(c)).toEqual(expected);
    await expectCaseWithIndicesOnCpuAndGpu(c);
  });

  it("sums duplicates in row-major order with mode 'add' (float32 rounding after each add)", async () => {
    // 0 + 1e8 = 1e8; + 1 rounds back to 1e8 in float32; - 1e8 = 0. Any other order gives 1.
    const c: TileCase = {
      kernel: 'TScatter',
      dtype: 'float32',
      src: { shape: [1, 8], values: [1e8, 1, -1e8, 2, 0, 0, 0, 0] },
      idx: { shape: [1, 8], values: [0, 0, 0, 1, 7, 7, 7, 7] },
      attrs: scatterAttrs([1, 8], [1, 8], { mode: 'add', validCol: 4 }),
    };
    expect(expectedTileResult(c)).toEqual([0, 2, 0, 0, 0, 0, 0, 0]);
    await expectCaseWithIndicesOnCpuAndGpu(c);
  });

  it('moves -0, NaN, ±Inf and subnormals bit for bit; an add of a lone -0 gives +0', async () => {
    const src = { shape: [1, 8], values: [...FLOAT32_SPECIALS] };
    const idx = { shape: [1, 8], values: [7, 6, 5, 4, 3, 2, 1, 0] };
    await expectCase({
      kernel: 'TScatter',
      dtype: 'float32',
      src,
      idx,
      attrs: scatterAttrs([1, 8], [1, 8]),
    });
    const add: TileCase = {
      kernel: 'TScatter',
      dtype: 'float32',
      src,
      idx,
      attrs: scatterAttrs([1, 8], [1, 8], { mode: 'add' }),
    };
    expect(float32Bits(expectedTileResult(add))[7]).toBe(0); // +0, not -0 (0x80000000)
    await expectCase(add);
  });

  it('scatters a batch of tiles independently, and only the valid region', async () => {
    const c: TileCase = {
      kernel: 'TScatter',
      dtype: 'int32',
      src: { shape: [3, 4, 8], values: iota(96, (k) => k * 7 - 300) },
      idx: { shape: [3, 4, 8], values: iota(96, (k) => (k * 5) % 20) },
      attrs: scatterAttrs([5, 8], [3, 4, 8], { validRow: 3, validCol: 6, elementType: 's32' }),
    };
    await expectCaseWithIndicesOnCpuAndGpu(c);
  });

  it("skips negative and out-of-range offsets under bounds: 'skip'", async () => {
    const c: TileCase = {
      kernel: 'TScatter',
      dtype: 'float32',
      src: { shape: [2, 8], values: iota(16, (k) => k + 1) },
      idx: {
        shape: [2, 8],
        values: [-1, 0, 16, 1, 99, 2, -5, 3, 15, 15, 14, 2147483647, -2147483648, 4, 5, 6],
      },
      attrs: scatterAttrs([2, 8], [2, 8]),
    };
    await expectCaseWithIndicesOnCpuAndGpu(c);
  });

  it('reads GPU-only indices back for large tiles rather than scanning', async () => {
    // 128 x 128 destinations x 16384 updates exceeds the scan limit.
    const n = 128 * 128;
    const c: TileCase = {
      kernel: 'TScatter',
      dtype: 'float32',
      src: { shape: [128, 128], values: iota(n, (k) => k / 3) },
      idx: { shape: [128, 128], values: iota(n, (k) => (k * 7919) % n) },
      attrs: scatterAttrs([128, 128], [128, 128]),
    };
    await expectCase(c, 'gpu');
  });

  it("throws TileIndexError for out-of-range offsets under bounds: 'error', indices on CPU or GPU", async () => {
    for (const residence of ['cpu', 'gpu'] as const) {
      const error = await expectThrowsBalanced(() =>
        runTileCase(
          {
            ...reverse,
            idx: { shape: [16, 16], values: iota(256, (k) => (k === 77 ? 256 : k)) },
            attrs: scatterAttrs([16, 16], [16, 16], { bounds: 'error' }),
          },
          residence,
          gpuOnly,
        ),
      );
      expect(error).toBeInstanceOf(TileIndexError);
      expect(error.message).toContain('entry [0, 4, 13] = 256');
    }
  });

  it('throws TileValueError for src values outside the declared element type, even on the GPU', async () => {
    const src = gpuOnly(
      tf.tensor2d(
        iota(64, (k) => (k === 9 ? 300 : k)),
        [2, 32],
        'int32',
      ),
    );
    const idx = tf.tensor2d(iota(64), [2, 32], 'int32');
    const error = await expectThrowsBalanced(() =>
      tscatter(src, idx, { dstShape: [2, 32], elementType: 's8', indexType: 's16', target: 'any' }),
    );
    expect(error).toBeInstanceOf(TileValueError);
    expect(error.message).toContain('element 9 = 300');
    tf.dispose([src, idx]);
  });

  it('routes int32 values beyond ±2^24 to the CPU loop and keeps them exact', async () => {
    const big = [2 ** 24 + 1, -(2 ** 31), 2 ** 31 - 1, 16777217, 5, 6, 7, 8];
    const c: TileCase = {
      kernel: 'TScatter',
      dtype: 'int32',
      src: { shape: [1, 8], values: big },
      idx: { shape: [1, 8], values: [7, 6, 5, 4, 3, 2, 1, 0] },
      attrs: scatterAttrs([1, 8], [1, 8], { elementType: 's32' }),
    };
    await expectCase(c, 'cpu', false);
  });

  it("routes int32 'add' sums that could leave ±2^24 to the CPU loop", async () => {
    const c: TileCase = {
      kernel: 'TScatter',
      dtype: 'int32',
      src: { shape: [1, 8], values: [2 ** 23 + 1, 2 ** 23 + 1, 2 ** 23 + 1, 1, 1, 1, 1, 1] },
      idx: { shape: [1, 8], values: [0, 0, 0, 1, 2, 3, 4, 5] },
      attrs: scatterAttrs([1, 8], [1, 8], { mode: 'add' }),
    };
    expect(expectedTileResult(c)[0]).toBe(3 * (2 ** 23 + 1));
    await expectCase(c, 'cpu', false);
  });

  it('runs small CPU-resident tiles on the CPU when tfjs forwards them (shouldExecuteOnCPU)', async () => {
    tf.env().set('WEBGL_CPU_FORWARD', true);
    await expectCase(
      {
        ...reverse,
        src: { shape: [4, 8], values: iota(32) },
        idx: { shape: [4, 8], values: iota(32, (k) => 31 - k) },
        attrs: scatterAttrs([4, 8], [4, 8]),
      },
      'cpu',
      false,
    );
  });

  it('falls back to the CPU loop when float32 textures are not renderable', async () => {
    tf.env().set('WEBGL_RENDER_FLOAT32_ENABLED', false);
    await expectCase(reverse, 'cpu', false);
  });
});

describe('tgather on webgl', () => {
  const source = { shape: [4, 8], values: iota(32, (k) => k * 1.25 - 7) };
  const offsets = { shape: [4, 8], values: iota(32, (k) => ((k * 13) % 40) - 4) };

  it("reads src_flat[idx] on the valid region, zeros elsewhere (select 'all'), indices on CPU or GPU", async () => {
    const c: TileCase = {
      kernel: 'TGather',
      dtype: 'float32',
      src: source,
      idx: offsets,
      attrs: gatherAttrs([5, 8], [4, 8], { validRow: 3, validCol: 7 }),
    };
    await expectCaseWithIndicesOnCpuAndGpu(c);
  });

  it("reads only at each offset's last writer with select 'lastWriter'", async () => {
    // Offsets 0..4 repeat: entries (0,0) and (0,5) both name offset 0; only (0,5) reads it.
    const c: TileCase = {
      kernel: 'TGather',
      dtype: 'int32',
      src: { shape: [1, 8], values: [10, 11, 12, 13, 14, 15, 16, 17] },
      idx: { shape: [1, 8], values: [0, 1, 2, 3, 4, 0, 1, 7] },
      attrs: gatherAttrs([1, 8], [1, 8], { select: 'lastWriter' }),
    };
    expect(expectedTileResult(c)).toEqual([0, 0, 12, 13, 14, 10, 11, 17]);
    await expectCaseWithIndicesOnCpuAndGpu(c);
  });

  it('gathers batches and inverts a permutation scatter', async () => {
    const perm = iota(48, (k) => (k * 11) % 48);
    const c: TileCase = {
      kernel: 'TGather',
      dtype: 'float32',
      src: { shape: [2, 6, 8], values: iota(96, (k) => -k / 4) },
      idx: { shape: [2, 6, 8], values: [...perm, ...perm.reverse()] },
      attrs: gatherAttrs([6, 8], [2, 6, 8]),
    };
    await expectCaseWithIndicesOnCpuAndGpu(c);
  });
});
