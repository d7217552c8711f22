import type * as tf from '@tensorflow/tfjs-core';
import { describe, expect, it } from 'vitest';
import { GpuProbe, onEachCall } from '../src/browser/gpu-probe.js';

/** A stand-in device whose `compile` the probe counts, as it counts pipeline creations. */
function standIn() {
  const device = { compile: () => 'program' };
  const probe = new GpuProbe({
    waitFor: () => undefined,
    hookCompilations: (onCompile) => onEachCall(device, 'compile', onCompile),
  });
  return { device, probe };
}

describe('GpuProbe', () => {
  it('counts each compilation once however many suites start counting', () => {
    for (const starts of [1, 2, 5]) {
      const { device, probe } = standIn();
      for (let s = 0; s < starts; s++) probe.countCompilations();
      for (let k = 0; k < 3; k++) device.compile();
      expect([starts, probe.compiled]).toEqual([starts, 3]);
    }
  });

  it('counts the compilations of one call', async () => {
    const { device, probe } = standIn();
    probe.countCompilations();
    probe.countCompilations();
    const compiles = await probe.compilesOf(() => {
      device.compile();
      device.compile();
      return { dispose: () => undefined } as unknown as tf.Tensor;
    });
    expect(compiles).toBe(2);
  });
});
