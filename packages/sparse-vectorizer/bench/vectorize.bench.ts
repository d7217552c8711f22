/**
 * The vectorizer over the whole corpus (70 sparsifier kernels, vl = 8), against running
 * mlir-opt-22's --sparse-vectorization on the same kernels in one batched process (the
 * tool a user would otherwise call). Parsing is done once; ours includes the clean-up.
 */
import { defineBenchSuite } from '@tilekit/bench';
import { MLIR_VECTORIZATION } from '@tilekit/conformance/testing';
import { parseModule } from '@tilekit/loop-ir';
import { runMlirOpt } from '../../../tools/scripts/mlir-opt.mjs';
import { vectorize } from '../src/index.js';

// The corpus: @tilekit/conformance's golden loops.
const texts = MLIR_VECTORIZATION.cases.map((c) => c.input);
const modules = texts.map((t) => parseModule(t));
const batched = texts.join('\n// -----\n');

export default defineBenchSuite({
  name: 'sparse-vectorizer: vectorize',
  cases: [
    {
      name: `vectorize ${modules.length} corpus kernels (vl=8)`,
      items: modules.length,
      ours: { label: 'vectorize', fn: () => modules.map((m) => vectorize(m, { vectorLength: 8 })) },
      baselines: [
        {
          label: 'mlir-opt-22 --sparse-vectorization (one process)',
          fn: () => runMlirOpt(batched, ['--split-input-file', '--sparse-vectorization=vl=8']),
        },
      ],
      goal: 'faster than mlir-opt-22 (one process)',
    },
    {
      name: 'vectorize spmv_csr_f32 (vl=8, VLA)',
      items: 1,
      ours: {
        label: 'vectorize',
        fn: () =>
          vectorize(
            modules[
              texts.findIndex((t) => t.includes('@spmv_csr_f32'))
            ] as (typeof modules)[number],
            {
              vectorLength: 8,
              enableVLAVectorization: true,
            },
          ),
      },
      baselines: [
        {
          label: 'mlir-opt-22 (one process)',
          fn: () =>
            runMlirOpt(texts.find((t) => t.includes('@spmv_csr_f32')) as string, [
              '--sparse-vectorization=vl=8 enable-vla-vectorization=true',
            ]),
        },
      ],
      // Well under the ~50 ms that starting mlir-opt-22 takes.
      goal: '<= 1 ms',
    },
  ],
});
