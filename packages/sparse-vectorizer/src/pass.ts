/**
 * `sparse-vectorization` as a registered pass: MLIR's options (`vl`, `enable-vla-vectorization`,
 * `enable-simd-index32`) parsed from its option string and validated here, once, by the same
 * {@link resolveOptions} the rewriter applies; its report is the formatted per-loop text.
 */
import { MAX_VECTOR_LENGTH, type Pass, PassOptionError, parseOptionString } from '@tilekit/loop-ir';
import { resolveOptions, type VectorizeOptions, VectorizeOptionsError } from './options.js';
import { formatReport } from './report-format.js';
import { vectorize } from './vectorize.js';

/** MLIR's `--sparse-vectorization` pass. */
export const sparseVectorizationPass: Pass<VectorizeOptions> = {
  name: 'sparse-vectorization',
  summary: 'Vectorizes loops after sparsification',
  options: [
    {
      name: 'vl',
      type: 'integer',
      description: 'Set the vector length (use 0 to disable vectorization)',
    },
    {
      name: 'enable-vla-vectorization',
      type: 'boolean',
      description: 'Enable vector length agnostic vectorization',
    },
    {
      name: 'enable-simd-index32',
      type: 'boolean',
      description: 'Enable i32 indexing into vectors (for efficient gather/scatter)',
    },
  ],
  parseOptions(text) {
    const values = parseOptionString(this.name, this.options, text);
    const options: VectorizeOptions = {
      vectorLength: (values.vl as number | undefined) ?? 0,
      ...(values['enable-vla-vectorization'] === undefined
        ? {}
        : { enableVLAVectorization: values['enable-vla-vectorization'] as boolean }),
      ...(values['enable-simd-index32'] === undefined
        ? {}
        : { enableSIMDIndex32: values['enable-simd-index32'] as boolean }),
    };
    try {
      resolveOptions(options);
    } catch (error) {
      if (!(error instanceof VectorizeOptionsError)) throw error;
      throw new PassOptionError(
        this.name,
        'vl',
        `an integer in [1, ${MAX_VECTOR_LENGTH}] (vl=0 disables vectorization, which MLIR treats as a pass failure)`,
        values.vl === undefined ? 'nothing' : String(values.vl),
      );
    }
    return options;
  },
  run(module, options) {
    const result = vectorize(module, options);
    return { module: result.module, report: formatReport(result.report) };
  },
};
