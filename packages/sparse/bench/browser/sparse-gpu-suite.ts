/**
 * The sparse kernels' browser benchmark, written once for both GPU backends (webgpu.bench.ts and
 * webgl.bench.ts supply the backend and its GpuProbe). On SwiftShader (a CPU rasteriser) absolute
 * times say little; the ratios compare work done on the same device: spmv of a 4096x4096 CSR
 * matrix at 1 % against tf.matMul with the dense matrix on the same backend and against the
 * same spmv on the cpu backend, and spmm with 64 columns against tf.matMul. Every operand stays
 * on its backend; kernel time ends when the GPU has written the result (the cpu baseline reads
 * its result, which is already on the host). Program compilations for a new shape after
 * warm-up are counted.
 */
import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import { type BenchFn, type BenchSuite, defineBenchSuite } from '@tilekit/bench';
import type { GpuProbe } from '@tilekit/bench/gpu-probe';
import { spmm, spmv, TfSparseTensor } from '../../src/tfjs/index.js';
import '../../src/tfjs/register-cpu.js';
import { randomOperands } from '../random-operands.js';

const N = 4096;
const DENSITY = 0.01;
const COLUMNS = 64;

interface Operands {
  A: TfSparseTensor;
  dense: tf.Tensor2D;
  x: tf.Tensor1D;
  B: tf.Tensor2D;
}

/** Runs `fn` with `name` as the active backend (switching only when it is not). */
async function on<T>(name: string, fn: () => T): Promise<T> {
  if (tf.getBackend() !== name) await tf.setBackend(name);
  return fn();
}

function operandsOnActiveBackend(): Operands {
  const random = randomOperands(2024);
  const host = random.sparse([N, N], DENSITY, 'CSR');
  return {
    A: TfSparseTensor.fromSparseTensor(host),
    dense: tf.tensor2d(host.toDense() as Float32Array, [N, N]),
    x: tf.tensor1d(random.vector(N)),
    B: tf.tensor2d(random.vector(N * COLUMNS), [N, COLUMNS]),
  };
}

/** What a backend adds to the suite besides its probe. */
export interface SparseGpuSuiteHooks {
  /** What runs the shaders, for the suite's title (default: headless Chromium on SwiftShader). */
  readonly device?: string;
  /** Backend settings to apply once it is active. */
  readonly prepare?: () => void;
  /**
   * Moves a tensor's data to the GPU the way the kernels read it (WebGL: an unpacked texture),
   * so the compile count of a new shape counts the kernel's programs, not the operands' upload.
   */
  readonly upload?: (t: tf.Tensor) => void;
}

/** Calls that share one wait in the pipelined figure. */
const PIPELINED_CALLS = 20;

/** The suite on GPU backend `backend` (its kernels registered), measured through `probe`. */
export function sparseGpuSuite(
  backend: 'webgl' | 'webgpu',
  probe: GpuProbe,
  {
    device = 'headless Chromium, SwiftShader',
    prepare = () => {},
    upload = () => {},
  }: SparseGpuSuiteHooks = {},
): BenchSuite {
  const { settle } = probe;
  let gpu: Operands;
  let cpu: Pick<Operands, 'A' | 'x'>;
  const onGpu = <T>(fn: () => T) => on(backend, fn);
  /**
   * Milliseconds per call when calls are queued back to back and only the last is waited for:
   * what the device spends on the op itself once the round trip is shared.
   */
  const pipelinedMs = async (run: () => tf.Tensor): Promise<number> => {
    const start = performance.now();
    const outputs = Array.from({ length: PIPELINED_CALLS }, run);
    await settle(outputs.pop() as tf.Tensor);
    const ms = (performance.now() - start) / PIPELINED_CALLS;
    tf.dispose(outputs);
    return ms;
  };
  /** Ours: `op` through its generated shader on the GPU backend, settled. */
  const generatedShader = (op: 'spmv' | 'spmm', run: () => tf.Tensor): BenchFn => ({
    label: `${op} on ${backend} (generated shader)`,
    fn: () => onGpu(() => settle(run())),
  });
  /** The dense baseline: `run`'s tf.matMul with the dense matrix on the GPU backend, settled. */
  const denseMatMul = (run: () => tf.Tensor): BenchFn => ({
    label: `tf.matMul with the dense matrix on ${backend}`,
    fn: () => onGpu(() => settle(run())),
  });
  return defineBenchSuite({
    name: `sparse: ${backend === 'webgpu' ? 'WebGPU' : 'WebGL'} (${device})`,
    setup: async () => {
      if (!(await tf.setBackend('cpu'))) throw new Error('the cpu backend failed to start');
      const onCpu = operandsOnActiveBackend();
      tf.dispose([onCpu.dense, onCpu.B]);
      cpu = { A: onCpu.A, x: onCpu.x };
      if (!(await tf.setBackend(backend)))
        throw new Error(`the ${backend} backend failed to start`);
      prepare();
      probe.countCompilations();
      gpu = operandsOnActiveBackend();
      // Upload every operand (and compile every program) before timing.
      await settle(tf.add(gpu.dense, 0));
      await settle(spmv(gpu.A, gpu.x));
      await settle(spmm(gpu.A, gpu.B));
    },
    teardown: () => {
      gpu.A.dispose();
      cpu.A.dispose();
      tf.dispose([gpu.dense, gpu.x, gpu.B, cpu.x]);
    },
    cases: [
      {
        name: `spmv ${N}x${N} CSR at ${DENSITY * 100} % (float32)`,
        items: N * N * DENSITY,
        // Dense tf.matMul takes seconds per call on SwiftShader.
        rounds: 3,
        ours: generatedShader('spmv', () => spmv(gpu.A, gpu.x)),
        baselines: [
          denseMatMul(() => tf.tidy(() => tf.matMul(gpu.dense, tf.reshape(gpu.x, [N, 1])))),
          {
            label: 'spmv on the cpu backend (vectorized wasm engine), result read',
            fn: () =>
              on('cpu', () => {
                const y = spmv(cpu.A, cpu.x);
                y.dataSync();
                y.dispose();
              }),
          },
          {
            // Diagnostic: what any one-pass op on this vector costs end to end (submit, run,
            // wait), the part of ours that is not the sparse loop itself.
            label: `floor: tf.neg of x on ${backend}, one pass, same wait`,
            fn: () => onGpu(() => settle(tf.neg(gpu.x))),
          },
        ],
        goal: `>= 10x faster than tf.matMul on ${backend}, faster than the cpu backend`,
        extra: async () => {
          await onGpu(() => undefined);
          const spmvMs = await pipelinedMs(() => spmv(gpu.A, gpu.x));
          const floorMs = await pipelinedMs(() => tf.neg(gpu.x));
          const A = TfSparseTensor.fromSparseTensor(
            randomOperands(7).sparse([3000, 2000], 0.02, 'CSR'),
          );
          const x = tf.ones([2000]) as tf.Tensor1D;
          for (const t of [...A.tensors(), x]) upload(t);
          const compiles = await probe.compilesOf(() => spmv(A, x));
          A.dispose();
          x.dispose();
          return {
            [`ms per spmv, ${PIPELINED_CALLS} calls sharing one wait`]: spmvMs.toFixed(3),
            [`ms per floor pass, ${PIPELINED_CALLS} calls sharing one wait`]: floorMs.toFixed(3),
            'programs compiled for a new shape after warm-up': compiles,
          };
        },
      },
      {
        name: `spmm ${N}x${N} CSR at ${DENSITY * 100} % times ${N}x${COLUMNS} (float32)`,
        items: N * N * DENSITY * COLUMNS,
        rounds: 3,
        ours: generatedShader('spmm', () => spmm(gpu.A, gpu.B)),
        baselines: [denseMatMul(() => tf.matMul(gpu.dense, gpu.B))],
        goal: `>= 5x faster than tf.matMul on ${backend}`,
      },
    ],
  });
}
