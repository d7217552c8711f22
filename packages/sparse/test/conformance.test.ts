/**
 * The sparse conformance suite of `@tilekit/conformance` on this package's emitter, on every
 * engine, running the scalar loops and the vectorized ones (fixed-length vectors on every
 * engine, scalable ones on wasm), with this package's exclusions.
 */
import { sparseConformance } from '@tilekit/conformance';
import { describe, expect, it } from 'vitest';
import {
  type ConformanceImplOptions,
  SPARSE_CONFORMANCE_EXCLUSIONS,
  SPARSE_VECTORIZED_CONFORMANCE_EXCLUSIONS,
  sparseConformanceImpl,
} from '../src/index.js';
import { ENGINES } from './sparsify/every-engine.js';

const FIXED = { vectorLength: 8, enableSIMDIndex32: true };
/** Scalable vectors of 4 x vscale lanes, at vscale 2. */
const SCALABLE = { vectorLength: 4, enableVLAVectorization: true };

const CONFIGS: readonly { label: string; impl: ConformanceImplOptions }[] = [
  ...ENGINES.flatMap((engine) => [
    { label: `${engine}, scalar`, impl: { engine } },
    { label: `${engine}, vectorized`, impl: { engine, vectorize: FIXED } },
  ]),
  { label: 'wasm, vectorized VLA', impl: { engine: 'wasm', vectorize: SCALABLE, vscale: 2 } },
];

for (const { label, impl } of CONFIGS) {
  sparseConformance(sparseConformanceImpl(impl), {
    label: `sparse (${label})`,
    exclusions:
      impl.vectorize === undefined
        ? SPARSE_CONFORMANCE_EXCLUSIONS
        : [...SPARSE_CONFORMANCE_EXCLUSIONS, ...SPARSE_VECTORIZED_CONFORMANCE_EXCLUSIONS],
    describe,
    it,
    expect,
  });
}
