/**
 * Where a WebGPU tile kernel needs a tensor's values on the CPU (`bounds: 'error'` checks, narrow
 * element types, float32 `mode: 'add'`, the CPU route), it reads them synchronously only where
 * the platform can: tfjs-webgpu's `readSync` copies through `OffscreenCanvas`, which Node (Dawn)
 * lacks. There the kernel throws a typed error naming the op and argument before anything runs,
 * instead of tfjs's untyped `ReferenceError`. Checked here in Node with a stand-in backend that
 * holds each tensor as the WebGPU backend does (CPU values or none).
 */
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import type { TensorInfo } from '@tensorflow/tfjs-core';
import { thrownBy } from '@tilekit/test-support/thrown-by';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KernelArgumentError } from '../src/errors.js';
import { canReadSynchronously, readValues, valueAccess } from '../src/webgpu/residency.js';

/** A backend whose tensors hold `values` (null: only on the GPU); counts synchronous reads. */
function standIn(values: Int32Array | null) {
  const dataId = {};
  const gpuCopy = Int32Array.of(7, 8, 9);
  const readSync = vi.fn(() => {
    if (!canReadSynchronously()) throw new ReferenceError('OffscreenCanvas is not defined');
    return gpuCopy;
  });
  const backend = { tensorMap: new Map([[dataId, { values }]]), readSync };
  const info: TensorInfo = { dataId, shape: [3], dtype: 'int32' };
  return { backend: backend as unknown as WebGPUBackend, info, readSync, gpuCopy };
}

describe('webgpu tile kernels read GPU-only tensors synchronously only where they can', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('returns CPU-resident values without a read', () => {
    const cpu = Int32Array.of(1, 2, 3);
    const { backend, info, readSync } = standIn(cpu);
    expect(readValues(backend, info, 'tscatter', 'idx')).toBe(cpu);
    expect(valueAccess(backend, 'tscatter').read(info, 'idx')).toBe(cpu);
    expect(readSync).not.toHaveBeenCalled();
  });

  it.each([
    ['tscatter', 'idx'],
    ['tgather', 'src'],
    ['relayout', 'x'],
    ['convertLayout', 'buffer'],
  ])('%s: a GPU-only %s in Node is a KernelArgumentError naming both', (op, argument) => {
    expect(canReadSynchronously()).toBe(false);
    const { backend, info, readSync } = standIn(null);
    for (const read of [
      () => readValues(backend, info, op, argument),
      () => valueAccess(backend, op).read(info, argument),
    ]) {
      const error = thrownBy(read) as KernelArgumentError;
      expect(error).toBeInstanceOf(KernelArgumentError);
      expect(error.op).toBe(op);
      expect(error.argument).toBe(argument);
      expect(error.message).toContain(`await ${argument}.data()`);
    }
    expect(readSync).not.toHaveBeenCalled();
  });

  it('reads synchronously where OffscreenCanvas exists (browsers)', () => {
    vi.stubGlobal('OffscreenCanvas', class {});
    const { backend, info, readSync, gpuCopy } = standIn(null);
    expect(readValues(backend, info, 'tscatter', 'idx')).toBe(gpuCopy);
    expect(readSync).toHaveBeenCalledTimes(1);
  });
});
