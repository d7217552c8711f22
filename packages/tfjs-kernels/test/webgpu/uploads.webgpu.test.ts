/**
 * No per-call upload of data already on the GPU: a TSCATTER/TGATHER input whose values are on
 * the CPU is uploaded by its first call and then kept on both sides (so later calls' checks read
 * the CPU copy and their passes bind the GPU copy); a second call with the same tensors uploads
 * nothing. Uploads are counted as tfjs makes them: its `uploadToGPU` acquires each storage
 * buffer mapped at creation to write the values in.
 */
import { describe, expect, it } from 'vitest';
import { tgather, tscatter } from '../../src/index.js';
import { cpuValues } from '../../src/webgpu/residency.js';
import { onWebgpu, tf, webgpuBackend } from './support/backends.js';

onWebgpu();

let uploads = 0;
let installed = false;

/** Storage buffers acquired for uploads since the page loaded. */
function uploadCount(): number {
  if (!installed) {
    const manager = (
      webgpuBackend() as unknown as {
        bufferManager: {
          acquireBuffer: (size: number, usage: number, ...rest: unknown[]) => GPUBuffer;
        };
      }
    ).bufferManager;
    const acquire = manager.acquireBuffer.bind(manager);
    manager.acquireBuffer = (size, usage, ...rest) => {
      // An upload acquires its buffer mapped at creation (or a mapped staging buffer).
      if (rest[0] === true && (usage & GPUBufferUsage.STORAGE) !== 0) uploads += 1;
      return acquire(size, usage, ...rest);
    };
    installed = true;
  }
  return uploads;
}

/** Uploads made by `run`. */
function uploadsOf(run: () => void): number {
  const before = uploadCount();
  run();
  return uploadCount() - before;
}

describe('uploads on webgpu', () => {
  it('tscatter and tgather upload CPU-resident inputs once, keeping their CPU values', async () => {
    const n = 64;
    const src = tf.tensor2d(
      Array.from({ length: n * n }, (_, k) => k + 0.5),
      [n, n],
    );
    const offsets = Array.from({ length: n * n }, (_, k) => (k * 37 + 11) % (n * n));
    const idx = tf.tensor2d(offsets, [n, n], 'int32');
    const options = { dstShape: [n, n] as [number, number] };
    const results: tf.Tensor[] = [];
    const first = uploadsOf(() => results.push(tscatter(src, idx, options)));
    const again = uploadsOf(() => {
      results.push(tscatter(src, idx, options), tgather(src, idx, options));
    });
    expect(first).toBe(2);
    expect(again).toBe(0);
    // Both inputs kept their CPU values: later `bounds: 'error'` checks read no GPU data.
    expect(cpuValues(webgpuBackend(), src)).not.toBeNull();
    expect(cpuValues(webgpuBackend(), idx)).not.toBeNull();
    const expected = new Float32Array(n * n);
    offsets.forEach((offset, k) => {
      expected[offset] = k + 0.5;
    });
    for (const out of results.slice(0, 2)) expect(await out.data()).toEqual(expected);
    const gathered = Float32Array.from(offsets, (offset) => offset + 0.5);
    expect(await results[2]!.data()).toEqual(gathered);
    tf.dispose([src, idx, ...results]);
  });
});
