/**
 * A workspace-assembled kernel leaves its workspace as it found it — values zero, marks clear —
 * since its updates add into the workspace without testing for a first term and its marks
 * must be clear when a row begins. So one output storage serves call after call: every
 * workspace kernel of the output cases runs four times on the same storage with fresh random
 * operands (densities from empty to full rows, so both drains and full rows are taken), on
 * every engine, and each result equals the dense evaluation, with the workspace all zeros
 * after each call.
 */
import { compile } from '@tilekit/loop-engines';
import { describe, expect, it } from 'vitest';
import {
  allocateOutputStorage,
  assembledOutput,
  bindArguments,
  type FormatSpec,
  hasAssembly,
  resolveFormat,
  type SparseTensor,
  sparsify,
} from '../../src/index.js';
import { ENGINES } from './every-engine.js';
import { denseEvaluate, withoutNegativeZeros } from './fixtures.js';
import { CASES, operandsOf, outputShape } from './output-cases.js';

const DENSITIES = [0.3, 1, 0, 0.05];

const workspaceCases = CASES.filter((c) => {
  const { plan } = sparsify(c.expr, c.formats, { valueType: 'f64' });
  return hasAssembly(plan) && plan.assembly.strategy === 'expand';
});

describe('workspace kernels reuse one storage', () => {
  it('the output cases include workspace kernels', () => {
    expect(workspaceCases.length).toBeGreaterThanOrEqual(3);
  });

  describe.each(workspaceCases)('$name ($expr)', (c) => {
    it.each(ENGINES)('%s engine: every call correct, the workspace left zero', (engine) => {
      const kernel = sparsify(c.expr, c.formats, { valueType: 'f64' });
      const run = compile(kernel.module, kernel.functionName, { engine });
      const shape = outputShape(c);
      const outName = kernel.plan.output.name;
      const format = resolveFormat(c.formats[outName] as FormatSpec, shape.length);
      const levelSizes = format.order.map((d) => shape[d] as number);
      const capacity = shape.reduce((a, b) => a * b, 1);
      const storage = allocateOutputStorage(
        kernel.plan,
        levelSizes,
        levelSizes.map(() => capacity),
      );
      DENSITIES.forEach((density, s) => {
        const { operands, dense } = operandsOf(c, density, 100 + s, 32);
        const expected = denseEvaluate(c.expr, dense, new Float64Array(capacity), (x) => x);
        const call = bindArguments(kernel, operands, storage);
        run(...call.args);
        const out = assembledOutput(kernel, call) as SparseTensor;
        expect(withoutNegativeZeros(out.toDense()), `call ${s}, density ${density}`).toEqual(
          withoutNegativeZeros(expected),
        );
        const workspace = storage.workspace as NonNullable<typeof storage.workspace>;
        const values = Array.from(workspace.values as ArrayLike<number | bigint>, Number);
        expect(values.every((v) => Object.is(v, 0))).toBe(true);
        expect(workspace.filled.every((word) => word === 0)).toBe(true);
      });
    });
  });
});
