/** The pass never mutates its input and is deterministic. */

import { printModule, walkOperations } from '@tilekit/loop-ir';
import { loadKernel } from '@tilekit/test-support';
import { expect, it } from 'vitest';
import { vectorize } from '../../src/index.js';

it.each(['spmv_csr_f32', 'fix1_chain_add_mul', 'sparse_scatter_i16', 'dense_2d_add'])(
  '%s: the input module is unchanged and two runs print the same',
  (name) => {
    const { module } = loadKernel(name);
    const before = printModule(module);
    const first = vectorize(module, { vectorLength: 8, enableVLAVectorization: true });
    const second = vectorize(module, { vectorLength: 8, enableVLAVectorization: true });
    expect(printModule(module)).toBe(before);
    expect(first.module).not.toBe(module);
    expect(printModule(first.module)).toBe(printModule(second.module));
    expect(printModule(first.module)).not.toBe(before);
    walkOperations(module, (op) => expect(Object.isFrozen(op)).toBe(true));
  },
);
