/**
 * Deliberately broken vectorizers: each wraps the real `@tilekit/sparse-vectorizer` (through the
 * suite's IR adapter) and breaks exactly one rule of MLIR's sparse vectorization.
 */

import { irVectorizerImpl, type VectorizerImpl } from '@tilekit/conformance';
import { interpret, parseModule, printModule } from '@tilekit/loop-ir';
import { vectorize } from '@tilekit/sparse-vectorizer';

/** The real implementation, as the suite drives it. */
export const realVectorizer: VectorizerImpl = irVectorizerImpl({
  parseModule,
  printModule,
  vectorize,
  interpret,
});

/** Rewrites the real output text. */
function editOutput(real: VectorizerImpl, edit: (text: string) => string): VectorizerImpl {
  return {
    ...real,
    vectorize: async (source, options) => edit(await real.vectorize(source, options)),
  };
}

/** MUL reductions start from |r|0|..|0| (ADD's identity) instead of |r|1|..|1|. */
export function reductionInitZeroForMul(real: VectorizerImpl = realVectorizer): VectorizerImpl {
  return editOutput(real, (text) =>
    text.includes('vector.reduction <mul>')
      ? text.replace(/dense<1(?:\.0+e\+00)?> : vector</g, (match) =>
          match.replace(/1(\.0+e\+00)?/, (one) => one.replace('1', '0')),
        )
      : text,
  );
}

/** The remainder mask keeps one lane too many: create_mask(min(step, hi - iv + 1)). */
export function maskOffByOne(real: VectorizerImpl = realVectorizer): VectorizerImpl {
  return editOutput(real, (text) =>
    text.replace(/-> \(([^,()]+), d0 - d1\)>/g, '-> ($1, d0 - d1 + 1)>'),
  );
}

/** Gather/scatter indices never widened to i64: always vectorized as with enable-simd-index32. */
export function gatherIndexNotWidened(real: VectorizerImpl = realVectorizer): VectorizerImpl {
  return {
    ...real,
    vectorize: (source, options) => real.vectorize(source, { ...options, enableSIMDIndex32: true }),
  };
}
