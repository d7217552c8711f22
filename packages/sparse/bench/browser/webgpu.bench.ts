/**
 * The sparse kernels on WebGPU, run in headless Chromium by tools/bench/src/browser (WebGPU on
 * Dawn's SwiftShader adapter: a CPU rasteriser, so absolute times say little; the ratios compare
 * work done on the same device): spmv of a 4096x4096 CSR matrix at 1 % against tf.matMul with
 * the dense matrix on WebGPU and against the same spmv on the cpu backend, and spmm with 64
 * columns against tf.matMul. Every operand stays on its backend; kernel time ends when the
 * device reports the work done (the cpu baseline reads its result, which is already on the
 * host). Pipeline compilations for a new shape after warm-up are counted.
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-webgpu';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import * as tf from '@tensorflow/tfjs-core';
import { defineBenchSuite } from '@tilekit/bench';
import { GpuProbe, onEachCall } from '../../../tfjs-kernels/bench/browser/gpu_probe.js';
import { spmm, spmv, TfSparseTensor } from '../../src/tfjs/index.js';
import '../../src/tfjs/register-cpu.js';
import '../../src/tfjs/register-webgpu.js';
import { randomOperands } from '../random-operands.js';

const N = 4096;
const DENSITY = 0.01;
const COLUMNS = 64;

const webgpu = () => tf.findBackend('webgpu') as WebGPUBackend;

/** Submits tfjs's queued passes and waits until the device has finished them. */
async function finishGpuWork(): Promise<void> {
  const backend = webgpu();
  backend.ensureCommandEncoderReady();
  backend.endComputePassEncoder();
  backend.submitQueue();
  await backend.device.queue.onSubmittedWorkDone();
}

const probe = new GpuProbe({
  waitFor: () => finishGpuWork(),
  hookCompilations: (onCompile) => onEachCall(webgpu().device, 'createComputePipeline', onCompile),
});
const { settle } = probe;

interface Operands {
  A: TfSparseTensor;
  dense: tf.Tensor2D;
  x: tf.Tensor1D;
  B: tf.Tensor2D;
}
let gpu: Operands;
let cpu: Omit<Operands, 'dense' | 'B'>;

/** Runs `fn` with `name` as the active backend (switching only when it is not). */
async function on<T>(name: 'cpu' | 'webgpu', fn: () => T): Promise<T> {
  if (tf.getBackend() !== name) await tf.setBackend(name);
  return fn();
}

function operandsOnActiveBackend(): Operands {
  const random = randomOperands(2024);
  const host = random.sparse([N, N], DENSITY, 'CSR');
  const A = TfSparseTensor.fromSparseTensor(host);
  return {
    A,
    dense: tf.tensor2d(host.toDense() as Float32Array, [N, N]),
    x: tf.tensor1d(random.vector(N)),
    B: tf.tensor2d(random.vector(N * COLUMNS), [N, COLUMNS]),
  };
}

export default defineBenchSuite({
  name: 'sparse: WebGPU (headless Chromium, SwiftShader)',
  setup: async () => {
    if (!(await tf.setBackend('cpu'))) throw new Error('the cpu backend failed to start');
    const onCpu = operandsOnActiveBackend();
    tf.dispose([onCpu.dense, onCpu.B]);
    cpu = { A: onCpu.A, x: onCpu.x };
    if (!(await tf.setBackend('webgpu'))) throw new Error('the webgpu backend failed to start');
    tf.env().set('WEBGPU_CPU_FORWARD', false);
    probe.countCompilations();
    gpu = operandsOnActiveBackend();
    // Upload every operand before timing.
    await settle(tf.add(gpu.dense, 0));
    await settle(spmv(gpu.A, gpu.x));
  },
  teardown: () => {
    gpu.A.dispose();
    tf.dispose([gpu.dense, gpu.x, gpu.B]);
  },
  cases: [
    {
      name: `spmv ${N}x${N} CSR at ${DENSITY * 100} % (float32)`,
      items: N * N * DENSITY,
      // Dense tf.matMul takes seconds per call on SwiftShader.
      rounds: 3,
      ours: {
        label: 'spmv on webgpu (generated WGSL, one row per invocation)',
        fn: () => on('webgpu', () => settle(spmv(gpu.A, gpu.x))),
      },
      baselines: [
        {
          label: 'tf.matMul with the dense matrix on webgpu',
          fn: () =>
            on('webgpu', () =>
              settle(tf.tidy(() => tf.matMul(gpu.dense, tf.reshape(gpu.x, [N, 1])))),
            ),
        },
        {
          label: 'spmv on the cpu backend (vectorized wasm engine), result read',
          fn: () =>
            on('cpu', () => {
              const y = spmv(cpu.A, cpu.x);
              y.dataSync();
              y.dispose();
            }),
        },
      ],
      goal: '>= 10x faster than tf.matMul on webgpu (ratio >= 10), faster than the cpu backend',
      extra: async () => {
        await on('webgpu', () => undefined);
        const A = TfSparseTensor.fromSparseTensor(
          randomOperands(7).sparse([3000, 2000], 0.02, 'CSR'),
        );
        const x = tf.ones([2000]) as tf.Tensor1D;
        const compiles = await probe.compilesOf(() => spmv(A, x));
        A.dispose();
        x.dispose();
        return { 'pipelines compiled for a new shape after warm-up': compiles };
      },
    },
    {
      name: `spmm ${N}x${N} CSR at ${DENSITY * 100} % times ${N}x${COLUMNS} (float32)`,
      items: N * N * DENSITY * COLUMNS,
      rounds: 3,
      ours: {
        label: 'spmm on webgpu (generated WGSL, one row per invocation)',
        fn: () => on('webgpu', () => settle(spmm(gpu.A, gpu.B))),
      },
      baselines: [
        {
          label: 'tf.matMul with the dense matrix on webgpu',
          fn: () => on('webgpu', () => settle(tf.matMul(gpu.dense, gpu.B))),
        },
      ],
      goal: '>= 5x faster than tf.matMul on webgpu (ratio >= 5)',
    },
  ],
});
