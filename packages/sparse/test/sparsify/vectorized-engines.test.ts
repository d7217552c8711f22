/**
 * Emitted kernels, scalar and vectorized under vl {4, 8, 16} x VLA on/off x 32-bit indices
 * on/off, give bit-identical results on the interpreter, the js engine and the wasm engine
 * (and the interpreter's result equals the dense evaluation).
 */

import { compile, type EngineName } from '@tilekit/loop-engines';
import { vectorize } from '@tilekit/sparse-vectorizer';
import { optionLabel, snapshot, VECTOR_OPTIONS } from '@tilekit/test-support';
import { describe, expect, it } from 'vitest';
import { bindArguments, type KernelOperand, type StorageWidth, sparsify } from '../../src/index.js';
import { CATALOG, makeInputs } from './catalog.js';
import { ENGINES } from './every-engine.js';
import { denseEvaluate, withoutNegativeZeros } from './fixtures.js';

const SIZES = { i: 37, j: 11, k: 3 };
const MATRIX_SIZES = { i: 9, j: 7, k: 3 };

const cases = CATALOG.flatMap((kernel) =>
  kernel.formats.flatMap((format, f) =>
    (f === 0 ? ([32, 'index', 8] as StorageWidth[]) : ([32] as StorageWidth[])).map((width) => ({
      kernel,
      format,
      width,
    })),
  ),
);

describe('engines agree on vectorized emitter kernels', () => {
  it.each(cases.map((c) => ({ ...c, label: `${c.kernel.name} ${c.format} ${c.width}` })))(
    '$label',
    ({ kernel, format, width }) => {
      const formats = Object.fromEntries(kernel.sparse.map((n) => [n, format]));
      const k = sparsify(kernel.expr, formats, {
        posWidth: width,
        crdWidth: width,
        ...(kernel.valueType === undefined ? {} : { valueType: kernel.valueType }),
      });
      const sizes = Object.values(kernel.operands).some((ix) => ix.length === 2)
        ? MATRIX_SIZES
        : SIZES;
      const inputs = makeInputs(kernel, format, sizes, { density: 0.4, width, seed: 5 });
      const outSize = k.plan.output.indices.reduce(
        (n, i) => n * (sizes[i as keyof typeof sizes] as number),
        1,
      );
      const init = new Float64Array(outSize).fill(kernel.init ?? 0);
      const fresh = () =>
        kernel.valueType === 'i32' ? Int32Array.from(init) : Float32Array.from(init);
      const run = (module: typeof k.module, engine: EngineName, vscale: number): string => {
        const call = bindArguments(k, inputs.operands as Record<string, KernelOperand>, fresh());
        return snapshot(
          call.args,
          compile(module, k.functionName, { engine, vscale })(...call.args),
        );
      };
      // The interpreter on the scalar loops matches the dense evaluation.
      const reference = bindArguments(k, inputs.operands, fresh());
      compile(k.module, k.functionName, { engine: 'interpreter' })(...reference.args);
      const round = kernel.valueType === 'i32' ? (x: number) => x | 0 : Math.fround;
      expect(withoutNegativeZeros(reference.output)).toEqual(
        withoutNegativeZeros(denseEvaluate(kernel.expr, inputs.dense, init, round)),
      );
      const expected = run(k.module, 'interpreter', 1);
      for (const options of VECTOR_OPTIONS) {
        const vectorized = vectorize(k.module, options).module;
        for (const vscale of options.enableVLAVectorization ? [1, 2] : [1]) {
          const interpreted = run(vectorized, 'interpreter', vscale);
          // Vectorized reductions reassociate; exact-in-binary inputs make them bit-identical.
          expect(interpreted, `interpreter ${optionLabel(options)} vscale ${vscale}`).toBe(
            expected,
          );
          for (const engine of ENGINES.slice(1)) {
            expect(
              run(vectorized, engine, vscale),
              `${engine} ${optionLabel(options)} vscale ${vscale}`,
            ).toBe(interpreted);
          }
        }
      }
    },
  );
});
