/**
 * The sparse conformance suite of `@tilekit/conformance` on this package's emitter, on every
 * engine, running the scalar loops and the vectorized ones, with this package's exclusions.
 */
import { sparseConformance } from '@tilekit/conformance';
import type { EngineName } from '@tilekit/loop-engines';
import { describe, expect, it } from 'vitest';
import {
  SPARSE_CONFORMANCE_EXCLUSIONS,
  SPARSE_VECTORIZED_CONFORMANCE_EXCLUSIONS,
  sparseConformanceImpl,
} from '../src/index.js';

const ENGINES: readonly EngineName[] = ['interpreter', 'js', 'wasm'];
const VECTORIZE = { vectorLength: 8, enableSIMDIndex32: true } as const;

for (const engine of ENGINES) {
  for (const vectorized of [false, true]) {
    sparseConformance(
      sparseConformanceImpl({ engine, ...(vectorized ? { vectorize: VECTORIZE } : {}) }),
      {
        label: `sparse (${engine}, ${vectorized ? 'vectorized' : 'scalar'})`,
        exclusions: vectorized
          ? [...SPARSE_CONFORMANCE_EXCLUSIONS, ...SPARSE_VECTORIZED_CONFORMANCE_EXCLUSIONS]
          : SPARSE_CONFORMANCE_EXCLUSIONS,
        describe,
        it,
        expect,
      },
    );
  }
}
