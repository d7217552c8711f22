/**
 * `sparse-vectorization` as a registered pass: its option string parsed and validated once, in
 * the pass, and a run that is exactly `vectorize` plus the formatted report.
 */
import { MLIR_VECTORIZATION } from '@tilekit/conformance/testing';
import {
  MAX_VECTOR_LENGTH,
  PassOptionError,
  parseModule,
  parsePassPipeline,
  passRegistry,
  printModule,
  runPassPipeline,
} from '@tilekit/loop-ir';
import { loadCorpus } from '@tilekit/test-support';
import { describe, expect, it } from 'vitest';
import { formatReport, sparseVectorizationPass, vectorize } from '../../src/index.js';

const parse = (text: string) => sparseVectorizationPass.parseOptions(text);

describe('sparse-vectorization options', () => {
  it('reads what mlir-opt reads', () => {
    expect(parse('vl=16 enable-simd-index32=true')).toEqual({
      vectorLength: 16,
      enableSIMDIndex32: true,
    });
    expect(parse(' vl=4  enable-vla-vectorization ')).toEqual({
      vectorLength: 4,
      enableVLAVectorization: true,
    });
    expect(parse(`vl=${MAX_VECTOR_LENGTH} enable-vla-vectorization=0`)).toEqual({
      vectorLength: MAX_VECTOR_LENGTH,
      enableVLAVectorization: false,
    });
  });

  it.each([
    ['vl=0', 'vl', /\[1, \d+\] \(vl=0 disables vectorization.*got 0$/],
    ['enable-simd-index32=true', 'vl', /got nothing$/],
    [`vl=${MAX_VECTOR_LENGTH + 1}`, 'vl', new RegExp(`got ${MAX_VECTOR_LENGTH + 1}$`)],
    ['vl=8 fast=true', 'fast', /option 'fast' takes nothing: it is unknown/],
    ['vl=eight', 'vl', /takes a non-negative integer, got 'eight'/],
    ['vl=8 enable-vla-vectorization=maybe', 'enable-vla-vectorization', /true or false/],
  ])('%s is a PassOptionError naming %s', (text, argument, message) => {
    const attempt = () => parse(text);
    expect(attempt).toThrow(PassOptionError);
    expect(attempt).toThrow(message);
    expect(attempt).toThrow(expect.objectContaining({ argument, pass: 'sparse-vectorization' }));
  });
});

describe('sparse-vectorization runs', () => {
  const registry = passRegistry([sparseVectorizationPass]);

  it('as vectorize does, with the formatted report, on every corpus kernel and option set', () => {
    for (const kernel of loadCorpus()) {
      for (const config of MLIR_VECTORIZATION.configs) {
        const { options } = config;
        const pipeline = `builtin.module(sparse-vectorization{vl=${options.vectorLength} enable-vla-vectorization=${options.enableVLAVectorization} enable-simd-index32=${options.enableSIMDIndex32}})`;
        const result = runPassPipeline(kernel.module, parsePassPipeline(pipeline, registry));
        const direct = vectorize(kernel.module, options);
        expect(printModule(result.module), `${kernel.name} ${config.name}`).toBe(
          printModule(direct.module),
        );
        expect(result.reports).toEqual([
          { pass: 'sparse-vectorization', report: formatReport(direct.report) },
        ]);
      }
    }
  });

  it('reports a function without loops as such', () => {
    const module = parseModule('func.func @f() {\n  return\n}\n');
    expect(sparseVectorizationPass.run(module, { vectorLength: 4 }).report).toBe(
      'no scf.for loops',
    );
  });
});
