/**
 * Golden files of our vectorized output for a handful of corpus kernels (fixture in
 * test/corpus, snapshot in test/vectorize/golden). Each golden file must also verify in
 * mlir-opt-22; the differential tests check the same outputs against MLIR's.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printModule } from '@tilekit/loop-ir';
import { loadKernel, runChunks } from '@tilekit/test-support';
import { describe, expect, it } from 'vitest';
import { type VectorizeOptions, vectorize } from '../../src/index.js';

const GOLDEN_DIR = join(dirname(fileURLToPath(import.meta.url)), 'golden');

const CASES: readonly (readonly [string, string, VectorizeOptions])[] = [
  ['dense_scale_const_f64', 'vl8', { vectorLength: 8 }],
  ['dense_sub_i32_nondivisible', 'vl4', { vectorLength: 4 }],
  ['red_add_f32', 'vl8-vla', { vectorLength: 8, enableVLAVectorization: true }],
  ['red_and_i16', 'vl16', { vectorLength: 16 }],
  ['sparse_gather_i32', 'vl8', { vectorLength: 8 }],
  ['sparse_gather_i32', 'vl8-simd32', { vectorLength: 8, enableSIMDIndex32: true }],
  ['sparse_scatter_i16', 'vl4-vla', { vectorLength: 4, enableVLAVectorization: true }],
  ['iv_value_i64', 'vl4', { vectorLength: 4 }],
  ['spmv_csr_f32', 'vl8', { vectorLength: 8 }],
  ['chain_add_add', 'vl8', { vectorLength: 8 }],
];

const file = (name: string, label: string) => join(GOLDEN_DIR, `${name}.${label}.mlir`);

describe('golden vectorized output', () => {
  it.each(CASES)('%s (%s)', async (name, label, options) => {
    const out = printModule(vectorize(loadKernel(name).module, options).module);
    await expect(out).toMatchFileSnapshot(file(name, label));
  });

  it('every golden file verifies in mlir-opt-22', () => {
    const texts = CASES.map(([name, label]) => readFileSync(file(name, label), 'utf8'));
    expect(runChunks(texts, []).filter((c) => !c.ok)).toEqual([]);
  });
});
