/**
 * The GPU pass helpers kernels call (`webgl-passes`, `webgpu-passes`) keep the error contract:
 * junk from the shared corpus in any argument position, with stand-ins for the backend and
 * program everywhere else, returns or throws a BackendArgumentError naming one of the
 * parameters, never a TypeError from inside tfjs. The stand-ins record the calls that get
 * through, so a valid call is seen to reach the backend.
 */
import type { TensorInfo } from '@tensorflow/tfjs-core';
import { callableExports, type JunkTarget, junkCallFailures } from '@tilekit/test-support/junk';
import { describe, expect, it } from 'vitest';
import * as webgl from '../src/webgl-passes.js';
import * as webgpu from '../src/webgpu-passes.js';

const info = (): TensorInfo => ({ dataId: {}, shape: [2, 3], dtype: 'float32' });

/** Stand-ins with the members the helpers call; `calls` counts what reached them. */
const calls = { webgl: 0, webgpu: 0 };
const webglBackend = () => ({
  texData: { get: () => ({ isPacked: false, texture: null, shape: [2, 3] }) },
  runWebGLProgram: () => {
    calls.webgl++;
    return info();
  },
  uploadToGPU: () => undefined,
  incRef: () => undefined,
  disposeIntermediateTensorInfo: () => undefined,
});
const webgpuBackend = () => ({
  runWebGPUProgram: () => {
    calls.webgpu++;
    return info();
  },
  shouldExecuteOnCPU: () => false,
});
class CopyProgram extends webgpu.FlatProgram {
  readonly variableNames = ['x'];
  readonly uniforms = 'size : i32,';
  getUserCode(): string {
    return '';
  }
}

const WEBGL: Record<string, JunkTarget> = {
  disposeWebglIntermediates: {
    plausible: () => [webglBackend(), [info()]],
    call: (b, infos) => webgl.disposeWebglIntermediates(b as never, infos as never),
    parameters: ['backend', 'infos'],
  },
  packedRunValues: {
    plausible: () => [{ isPacked: true, shape: [4] }],
    call: (texData) => webgl.packedRunValues(texData as never),
    parameters: ['texData'],
  },
  flatView: {
    plausible: () => [webglBackend(), info(), false],
    call: (b, x, keep) => webgl.flatView(b as never, x as never, keep as never),
    parameters: ['backend', 'x', 'keepPackedRuns'],
  },
  runFlatProgram: {
    plausible: () => [webglBackend(), { userCode: 'void main() {}' }, [info()], 'float32', [[1]]],
    call: (b, p, inputs, dtype, uniforms) =>
      webgl.runFlatProgram(
        b as never,
        p as never,
        inputs as never,
        dtype as never,
        uniforms as never,
      ),
    parameters: ['backend', 'program', 'inputs', 'dtype', 'uniforms'],
  },
  withShape: {
    plausible: () => [info(), [6]],
    call: (x, shape) => webgl.withShape(x as never, shape as never),
    parameters: ['info', 'shape'],
  },
};

const WEBGPU: Record<string, JunkTarget> = {
  FlatProgram: {
    plausible: () => ['copy', 6, 6],
    call: (key, size, count) => new CopyProgram(key as never, size as never, count as never),
    parameters: ['key', 'outputSize', 'count'],
  },
  runFlat: {
    plausible: () => [
      webgpuBackend(),
      new CopyProgram('copy', 6, 6),
      [info()],
      'float32',
      [{ type: 'int32', data: [6] }],
      undefined,
    ],
    call: (b, p, inputs, dtype, uniforms, output) =>
      webgpu.runFlat(
        b as never,
        p as never,
        inputs as never,
        dtype as never,
        uniforms as never,
        output as never,
      ),
    parameters: ['backend', 'program', 'inputs', 'dtype', 'uniforms', 'output'],
  },
  webgpuDispatchWorkgroups: {
    plausible: () => [1000],
    call: (count) => webgpu.webgpuDispatchWorkgroups(count as never),
    parameters: ['count'],
  },
  webgpuCpuRouteReason: {
    plausible: () => [webgpuBackend(), [info()]],
    call: (b, inputs) => webgpu.webgpuCpuRouteReason(b as never, inputs as never),
    parameters: ['backend', 'inputs'],
  },
  wgslForEachElement: {
    plausible: () => ['uniforms.size', 'result[p] = 0.0;', 'p'],
    call: (count, body, item) =>
      webgpu.wgslForEachElement(count as never, body as never, item as never),
    parameters: ['count', 'body', 'item'],
  },
  withShape: {
    plausible: () => [info(), [6]],
    call: (x, shape) => webgpu.withShape(x as never, shape as never),
    parameters: ['info', 'shape'],
  },
};

describe('the GPU pass helpers keep the error contract on junk', () => {
  it('the targets are every exported function and class of both entries', () => {
    expect(Object.keys(WEBGL).sort()).toEqual(callableExports(webgl));
    expect(Object.keys(WEBGPU).sort()).toEqual(callableExports(webgpu));
  });

  it('valid calls reach the backend', () => {
    const before = { ...calls };
    webgl.runFlatProgram(
      webglBackend() as never,
      { userCode: '' } as never,
      [info()],
      'float32',
      [],
    );
    webgpu.runFlat(webgpuBackend() as never, new CopyProgram('k', 1, 1), [info()], 'int32', []);
    expect(calls).toEqual({ webgl: before.webgl + 1, webgpu: before.webgpu + 1 });
    expect(webgpu.withShape(info(), [6]).shape).toEqual([6]);
  });

  it('texels hold runs of 2 for a packed 1-D texture, of 4 for [q, 2, 2], else none', () => {
    const runs = (shape: number[], isPacked = true, slice?: unknown) =>
      webgl.packedRunValues({ shape, isPacked, slice });
    expect([runs([8]), runs([3, 2, 2]), runs([3, 2, 3]), runs([4, 4])]).toEqual([2, 4, 0, 0]);
    expect([runs([8], false), runs([8], true, { flatOffset: 2 })]).toEqual([0, 0]);
    expect([null, 5, { isPacked: true }].map((t) => webgl.packedRunValues(t as never))).toEqual([
      0, 0, 0,
    ]);
  });

  it('a dispatch covers every element, one invocation each, up to the cap', () => {
    const size = webgpu.WEBGPU_WORKGROUP_SIZE;
    for (const count of [0, 1, size - 1, size, size + 1, 65_535 * size, 2 ** 31 - 1]) {
      const groups = webgpu.webgpuDispatchWorkgroups(count);
      // A plain bound: enough groups for one invocation per element, never past 65,535.
      const wanted = Math.max(1, Math.ceil(count / size));
      expect(groups, String(count)).toBe(Math.min(wanted, 65_535));
    }
  });

  it('the WGSL loop steps from the invocation index by every invocation of the dispatch', () => {
    const code = webgpu.wgslForEachElement('uniforms.rows', 'result[row] = 1;', 'row');
    expect(code).toContain(`let threads = i32(numWorkgroups.x) * ${webgpu.WEBGPU_WORKGROUP_SIZE};`);
    expect(code).toContain('for (var row = index; row < uniforms.rows; row = row + threads) {');
    expect(code).toContain('result[row] = 1;');
    expect(webgpu.wgslForEachElement('n', '')).toContain('for (var p = index; p < n;');
    expect(() => webgpu.wgslForEachElement('n', 3 as never)).toThrow(
      "wgslForEachElement: argument 'body' must be WGSL text, got",
    );
  });

  for (const seed of [1, 2]) {
    it(`junk stream ${seed}: a result or a BackendArgumentError naming a parameter`, async () => {
      expect(await junkCallFailures({ ...WEBGL, ...prefixed(WEBGPU) }, seed)).toEqual([]);
    });
  }
});

/** The webgpu targets under names that do not clash with the webgl ones in one report. */
function prefixed(targets: Record<string, JunkTarget>): Record<string, JunkTarget> {
  return Object.fromEntries(Object.entries(targets).map(([k, v]) => [`webgpu ${k}`, v]));
}
