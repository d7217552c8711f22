/**
 * The error contract of `@tilekit/sparse-vectorizer`: every exported function and class, given
 * junk from the shared corpus in any argument position (the others plausible), returns or
 * throws a `VectorizerError` naming one of its parameters.
 */
import { f32, i8, parseModule } from '@tilekit/loop-ir';
import type { JunkTarget } from '@tilekit/test-support/junk';
import { callTarget, constructTarget } from '@tilekit/test-support/junk-targets';
import { describe, expect, it } from 'vitest';
import { itKeepsTheErrorContract } from '../../../../tools/vitest/junk-contract-suite.ts';
import * as vectorizer from '../../src/index.js';

const MODULE = `func.func @scale(%n: index, %a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %a[%i] : memref<?xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %a[%i] : memref<?xf32>
  }
  return
}`;
const VL = () => ({ vectorLength: 8, enableVLAVectorization: false, enableSIMDIndex32: false });
const report = () => vectorizer.vectorize(parseModule(MODULE), { vectorLength: 8 }).report;

const message = (make: (m: never) => unknown): JunkTarget => ({
  plausible: () => ['message'],
  call: (m) => make(m as never),
  parameters: ['message'],
});

const TARGETS: Record<string, JunkTarget> = {
  VectorizerError: message((m) => new vectorizer.VectorizerError(m)),
  VectorizeOptionsError: constructTarget(
    ['message', 'argument'],
    () => ['vl=0', 'options'],
    vectorizer.VectorizeOptionsError,
  ),
  VectorizerArgumentError: constructTarget(
    ['argument', 'expected', 'value'],
    () => ['element', 'a scalar type', null],
    vectorizer.VectorizerArgumentError,
  ),
  formatReport: callTarget(['report'], () => [report()], vectorizer.formatReport),
  reportLines: callTarget(['report'], () => [report()], vectorizer.reportLines),
  resolveOptions: callTarget(['options'], () => [{ vectorLength: 4 }], vectorizer.resolveOptions),
  vectorType: callTarget(['vl', 'element'], () => [VL(), f32], vectorizer.vectorType),
  vectorize: callTarget(
    ['module', 'options'],
    () => [parseModule(MODULE), { vectorLength: 8 }],
    vectorizer.vectorize,
  ),
  widenedIndexElement: callTarget(
    ['vl', 'element'],
    () => [VL(), i8],
    vectorizer.widenedIndexElement,
  ),
};

describe('every export of @tilekit/sparse-vectorizer keeps the error contract on junk', () => {
  itKeepsTheErrorContract(vectorizer, TARGETS, 'a VectorizerError');

  it('the plausible calls give the values the rules say', () => {
    expect(vectorizer.formatReport(report())).toMatch(
      /^@scale loop 0 \(depth 0\): left scalar \[not-sparsifier-loop\]/,
    );
    expect(vectorizer.vectorType(VL(), f32)).toMatchObject({ kind: 'vector', shape: [8] });
    // An i8 subscript widens to i32 for the gather's index vector.
    expect(vectorizer.widenedIndexElement(VL(), i8)).toMatchObject({ kind: 'integer', width: 32 });
  });
});
