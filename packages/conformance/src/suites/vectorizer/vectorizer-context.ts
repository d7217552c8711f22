/** Shared by the vectorizer case builders: the implementation, memoized rewrites, settings. */
import type { PropertySettings } from '../../core/property.js';
import type { VectorizationCase, VectorizationConfig } from '../../data/mlir-vectorization.js';
import type { VectorizerImpl } from './vectorizer-impl.js';

/** Id of a vectorizer suite case. */
export type VectorizerCaseId = `vectorizer/${string}`;

/** One implementation under test, with each (case, option set) rewritten at most once. */
export interface VectorizerContext {
  readonly impl: VectorizerImpl;
  readonly settings: PropertySettings;
  /** The implementation's output for `c` under `config`, computed once. */
  vectorized(c: VectorizationCase, config: VectorizationConfig): Promise<string>;
}

/** A context that memoizes `impl.vectorize` per case and option set. */
export function vectorizerContext(
  impl: VectorizerImpl,
  settings: PropertySettings,
): VectorizerContext {
  const cache = new Map<string, Promise<string>>();
  return {
    impl,
    settings,
    vectorized(c, config) {
      const key = `${c.name}\u0000${config.name}`;
      let output = cache.get(key);
      if (output === undefined) {
        output = Promise.resolve().then(() => impl.vectorize(c.input, config.options));
        cache.set(key, output);
      }
      return output;
    },
  };
}
