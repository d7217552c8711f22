/**
 * The code for a formatted output's storage is given by the compiler with its kernels
 * (output-storage-hook.ts), so the ready-made tfjs ops, which run kernels prepared ahead of time,
 * do not bundle it. That holds only while no prepared kernel assembles an output: checked over
 * every prepared module. A kernel with a formatted output called where the compiler never ran
 * (a fresh copy of the modules) is a typed error naming the import; once the compiler has made
 * any kernel there, the same call gives what the suite's own copy gives.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from '@tilekit/conformance/testing';
import { compile } from '@tilekit/loop-engines';
import { thrownBy } from '@tilekit/test-support/thrown-by';
import { describe, expect, it, vi } from 'vitest';
import { runKernel, SparseTensor, sparsify } from '../../src/index.js';

const PREPARED = join(import.meta.dirname, '../../src/tfjs/prepared');

/**
 * Every kernel's plan in a prepared module's exports (op data, webgpu forms), or undefined for a
 * module that holds no kernel list (passes).
 */
function plansIn(exports: Record<string, unknown>): unknown[] | undefined {
  const lists = Object.values(exports)
    .map((data) => (data as { kernels?: unknown })?.kernels)
    .filter(Array.isArray);
  return lists.length === 0 ? undefined : lists.flat().map((k) => (k as { plan: unknown }).plan);
}

describe('output storage given with the compiler', () => {
  it('no kernel prepared ahead of time assembles an output', async () => {
    const modules = readdirSync(PREPARED).filter((f) => /^[a-z-]+\.generated\.ts$/.test(f));
    const plansPerModule = new Map<string, number>();
    for (const file of modules) {
      const plans = plansIn(await import(join(PREPARED, file)));
      if (plans === undefined) continue;
      for (const plan of plans) {
        expect(plan, file).toMatchObject({ output: expect.any(Object) });
        expect(Object.hasOwn(plan as object, 'assembly'), file).toBe(false);
      }
      plansPerModule.set(file, plans.length);
    }
    // Every op's kernels and webgpu forms were read (the passes modules hold no kernel list;
    // sparseToDense's webgpu forms need no kernel of their own).
    expect([...plansPerModule.keys()].sort()).toEqual(
      modules.filter((f) => !f.includes('passes')).sort(),
    );
    expect(plansPerModule.size).toBe(10);
    expect([...plansPerModule.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(30);
  });

  /** A sparse sum with a CSR result, on seeded random CSR operands, made by the suite's copy. */
  function sparseSum(seed: number) {
    const kernel = sparsify('C(i,j) = A(i,j) + B(i,j)', { A: 'CSR', B: 'CSR', C: 'CSR' });
    const fn = compile(kernel.module, kernel.functionName, { engine: 'js' }) as (
      ...args: unknown[]
    ) => unknown;
    const random = seededRandom(seed);
    const [m, n] = [1 + Math.floor(random() * 6), 1 + Math.floor(random() * 6)];
    const matrix = () =>
      SparseTensor.fromDense(
        Float32Array.from({ length: m * n }, () => (random() < 0.4 ? Math.round(random() * 9) : 0)),
        [m, n],
        'CSR',
      );
    const operands = { A: matrix(), B: matrix() };
    return { kernel, fn, operands, expected: runKernel(kernel, fn, operands) as SparseTensor };
  }

  it('a formatted output where the compiler never ran is a typed error naming the import', async () => {
    const { kernel, fn, operands } = sparseSum(1);
    vi.resetModules();
    const fresh = await import('../../src/sparsify/calling/run-kernel.js');
    const error = thrownBy(() => fresh.runKernel(kernel, fn, operands));
    expect((error as Error).name).toBe('SparsifyError');
    expect((error as Error).message).toBe(
      `Invalid kernel: ${kernel.functionName} has a formatted output, which only kernels from the sparse compiler have: import '@tilekit/sparse/tfjs/compiler', or make the kernel with sparsify`,
    );
  });

  it('once the compiler has made a kernel, the call assembles what the suite’s copy does', async () => {
    vi.resetModules();
    const fresh = await import('../../src/sparsify/calling/run-kernel.js');
    const { sparsify: freshSparsify } = await import('../../src/sparsify/sparsify.js');
    freshSparsify('y(i) = A(i,j) * x(j)', { A: 'CSR' });
    for (let seed = 1; seed <= 12; seed++) {
      const { kernel, fn, operands, expected } = sparseSum(seed);
      const result = fresh.runKernel(kernel, fn, operands) as SparseTensor;
      expect(result.toTriple(), `seed ${seed}`).toEqual(expected.toTriple());
    }
  });
});
