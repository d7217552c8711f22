/**
 * Memory coalescing of the WebGPU TSCATTER/TGATHER passes, checked without a GPU: one warp (32
 * consecutive invocations) of each pass is traced from the pass's generated WGSL on the uniform
 * values the kernel passes (./support/wgsl-warp-trace.ts), at warps spread over the pass. Every
 * load and store whose address does not depend on data must use whole 32-byte sectors, as a GPU
 * merges a warp's accesses into full memory transactions; the only data-dependent accesses are
 * the ones the operation itself defines (the scatter's slot, the gather's source element), and
 * the test lists them per pass so a new one cannot slip in.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import { type TileGeometry, tileGeometry } from '../src/impl/tile-geometry.js';
import {
  type AtomicCombine,
  entryRunWidth,
  ScatterAtomicProgram,
  scatterAtomicUniforms,
} from '../src/webgpu/programs/scatter-atomic-webgpu.js';
import {
  SegmentSumProgram,
  segmentSumUniforms,
} from '../src/webgpu/programs/segment-sum-webgpu.js';
import { TGatherProgram, tgatherUniforms } from '../src/webgpu/programs/tgather-webgpu.js';
import {
  WinnerGatherProgram,
  winnerGatherUniforms,
  winnerRunWidth,
} from '../src/webgpu/programs/winner-gather-webgpu.js';
import {
  isDataDependent,
  type TracedProgram,
  traceWarp,
  WARP_LANES,
  wastedSectors,
} from './support/wgsl-warp-trace.js';

/** A traced pass: its program, its uniforms and how many invocations it runs. */
interface Pass {
  readonly name: string;
  readonly program: TracedProgram;
  readonly uniforms: Parameters<typeof traceWarp>[1];
  readonly count: number;
  /** `buffer kind` of the accesses whose address the data decides. */
  readonly gathers: readonly string[];
}

/** The atomic pass as the TSCATTER/TGATHER kernels set it up. */
function atomicPass(g: TileGeometry, combine: AtomicCombine, dtype: 'float32' | 'int32'): Pass {
  const addressed = combine === 'lastPosition' ? g.src : g.dst;
  const addressedSize = addressed.rows * addressed.cols;
  const width = entryRunWidth(g, combine);
  const { runs, uniforms } = scatterAtomicUniforms(g, addressedSize, width);
  return {
    name: `atomic ${combine} (${dtype}, ${width} entries per invocation)`,
    program: new ScatterAtomicProgram(combine, g.batch * addressedSize, runs, width),
    uniforms,
    count: runs,
    gathers: Array.from({ length: width }, () => 'result atomic'),
  };
}

/** Every pass the two kernels run for geometry `g` and dtype `dtype`. */
function passesOf(g: TileGeometry, dtype: 'float32' | 'int32'): Pass[] {
  const dstSize = g.batch * g.dst.rows * g.dst.cols;
  const width = winnerRunWidth(dstSize);
  const passes: Pass[] = [
    atomicPass(g, 'lastSource', dtype),
    {
      name: `winner gather (${dtype}, ${width} per invocation)`,
      program: new WinnerGatherProgram(dstSize, dtype, width),
      uniforms: winnerGatherUniforms(dstSize, width),
      count: dstSize / width,
      gathers: Array.from({ length: width }, () => 'values load'),
    },
    atomicPass(g, 'lastPosition', dtype),
    ...(['all', 'lastWriter'] as const).map((select) => ({
      name: `tgather ${select} (${dtype})`,
      program: new TGatherProgram(dstSize, dtype, select),
      uniforms: tgatherUniforms(g),
      count: dstSize,
      gathers: select === 'lastWriter' ? ['winners load', 'values load'] : ['values load'],
    })),
  ];
  if (dtype === 'int32') passes.push(atomicPass(g, 'add', dtype));
  else {
    passes.push({
      name: 'segment sum (float32 add, writers in row-major order)',
      program: new SegmentSumProgram(dstSize),
      uniforms: segmentSumUniforms(g),
      count: dstSize,
      gathers: ['writers load', 'values load'],
    });
  }
  return passes;
}

/** Geometries whose rows are whole sectors: the bench suite's, batched, narrow and wide tiles. */
const GEOMETRIES: readonly [string, TileGeometry][] = [
  ['256x256 permutation', tileGeometry([256, 256], [256, 256], [256, 256], 256, 256)],
  ['65,536 updates into 32x32', tileGeometry([256, 256], [256, 256], [32, 32], 256, 256)],
  ['batch of 4 16x64 tiles', tileGeometry([4, 16, 64], [4, 16, 64], [16, 64], 16, 64)],
  ['8-column tiles, valid 8x8 of 16x8', tileGeometry([16, 8], [16, 8], [16, 8], 8, 8)],
  ['valid 24x40 of 32x64', tileGeometry([32, 64], [32, 64], [32, 64], 24, 40)],
  ['one row of 4096', tileGeometry([4096], [4096], [1, 4096], 1, 4096)],
];

/** Warps: the first, the last, and random ones. */
function warpsOf(count: number): number[] {
  const warps = Math.ceil(count / WARP_LANES);
  const random = seededRandom(33);
  return [0, warps - 1, ...Array.from({ length: 24 }, () => Math.floor(random() * warps))];
}

describe('webgpu tscatter/tgather passes: whole sectors, gathers only where the data decides', () => {
  for (const [geometryName, g] of GEOMETRIES) {
    for (const dtype of ['float32', 'int32'] as const) {
      for (const pass of passesOf(g, dtype)) {
        it(`${geometryName}: ${pass.name}`, () => {
          for (const warp of warpsOf(pass.count)) {
            // A warp whose lanes all skip an access (outside the valid region) issues none.
            const instructions = traceWarp(pass.program, pass.uniforms, warp).filter(
              (i) => i.addresses.length > 0,
            );
            const gathers = instructions.filter(isDataDependent);
            const expected = pass.gathers.filter((g) =>
              instructions.some((i) => `${i.buffer} ${i.kind}` === g),
            );
            expect(gathers.map((i) => `${i.buffer} ${i.kind}`)).toEqual(expected);
            const regular = instructions.filter((i) => !isDataDependent(i));
            expect(regular.map(wastedSectors)).toEqual(regular.map(() => 0));
          }
        });
      }
    }
  }
});

describe('the warp tracer', () => {
  // The tracer itself must see a strided access: a pass whose lanes read every 4th element.
  const strided: TracedProgram = {
    variableNames: ['x'],
    uniforms: 'count : i32,',
    getUserCode: () => `fn main(index : i32) {
      for (var p = index; p < uniforms.count; p = p + 1) {
        let v = x[p * 4];
        result[p] = v;
      }
    }`,
  };
  it('counts the sectors a strided load wastes', () => {
    const [load, store] = traceWarp(strided, [{ type: 'int32', data: [64] }], 0);
    expect(load!.addresses).toEqual(Array.from({ length: 32 }, (_, lane) => lane * 16));
    // 32 words spread over 512 bytes: 16 sectors touched where 4 would hold them.
    expect(wastedSectors(load!)).toBe(12);
    expect(wastedSectors(store!)).toBe(0);
  });
  it('takes a run that starts mid-sector as one run, and a stride of 2 as wasteful', () => {
    const shifted: TracedProgram = {
      ...strided,
      getUserCode: () => strided.getUserCode().replace('x[p * 4]', 'x[p + 1] + x[p * 2]'),
    };
    const [run, everyOther] = traceWarp(shifted, [{ type: 'int32', data: [64] }], 0);
    expect(wastedSectors(run!)).toBe(0);
    expect(wastedSectors(everyOther!)).toBe(4);
  });
  it('marks lanes past the count idle and data-dependent addresses unknown', () => {
    const gather: TracedProgram = {
      variableNames: ['x', 'idx'],
      uniforms: 'count : i32,',
      getUserCode: () => `fn main(index : i32) {
        for (var p = index; p < uniforms.count; p = p + 1) {
          let k = idx[p];
          if (k >= 0) { result[p] = x[k]; }
        }
      }`,
    };
    const [idx, x, out] = traceWarp(gather, [{ type: 'int32', data: [20] }], 0);
    expect(idx!.addresses).toHaveLength(20);
    expect(isDataDependent(idx!)).toBe(false);
    expect(isDataDependent(x!)).toBe(true);
    expect(out!.addresses).toEqual(Array.from({ length: 20 }, (_, lane) => lane * 4));
  });
});
