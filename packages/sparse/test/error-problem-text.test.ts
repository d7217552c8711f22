/**
 * An argument error states its whole problem: the problems this package writes end with what
 * to do (convert to CSR, pass a host SparseTensor, call another function), and a message cut at
 * 200 characters dropped exactly that part. Only a message past 4000 characters is shortened
 * (junk passed as a problem), so none grows without bound.
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SparseArgumentError } from '../src/index.js';
import { SparseStorageError } from '../src/sparse-tensor/errors.js';
import { SparsifyError } from '../src/sparsify/errors.js';

const CLASSES = [SparseArgumentError, SparsifyError, SparseStorageError] as const;

describe('argument errors state their problem', () => {
  it('in full while the message stays within 4000 characters, for every class', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CLASSES),
        fc.string({ minLength: 1, maxLength: 40 }).filter((s) => /^[\w.[\]]+$/.test(s)),
        fc.string({ maxLength: 3900, unit: 'grapheme' }),
        (Class, argument, problem) => {
          const error = new Class(argument, problem);
          expect(error.message).toBe(`Invalid ${argument}: ${problem}`);
          expect(error.argument).toBe(argument);
        },
      ),
      { seed: 1207, numRuns: 300 },
    );
  });

  it('cut (and marked) where the message would pass 4000 characters', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CLASSES),
        fc.integer({ min: 3983, max: 100_000 }),
        (Class, length) => {
          const problem = `${'x'.repeat(length - 4)}then`;
          const { message } = new Class('operands', problem);
          expect(message).toBe(`${`Invalid operands: ${problem}`.slice(0, 4000)}…`);
        },
      ),
      { seed: 1208, numRuns: 50 },
    );
  });

  it('keeps the remedy at the end of a long real problem', () => {
    // The GPU route's refusal to read an operand back (webgpu/kernels.ts) in its longest form.
    const why = 'the kernel has no form for A stored as DCSC on webgpu; '.repeat(6);
    const problem = `spmv has no webgpu form for these operands: ${why} SparseSpmv would have to read A/pos0 back from the GPU to run on the CPU, which webgpu cannot do synchronously (in the engine's words: the loops are not parallel); store the sparse operand row-major (CSR, DCSR) or pass a host SparseTensor`;
    expect(problem.length).toBeGreaterThan(400);
    expect(new SparsifyError('operands', problem).message).toMatch(
      /store the sparse operand row-major \(CSR, DCSR\) or pass a host SparseTensor$/,
    );
  });
});
