/**
 * The error contract of `@tilekit/wasm-encoder` (checked here because the leaf package's own
 * tests cannot use the shared junk corpus without depending on the packages above it): every
 * exported function and class, given junk in any argument position (the others plausible),
 * returns or throws a `WasmEncoderError` naming one of its parameters, and a valid description
 * still encodes a module WebAssembly accepts.
 */

import { callableExports, type JunkTarget, junkCallFailures } from '@tilekit/test-support/junk';
import * as encoder from '@tilekit/wasm-encoder';
import { describe, expect, it } from 'vitest';

/** A module importing `env.memory` and `env.twice(i32) -> i32`, exporting `kernel() -> i32`. */
const parts = () => {
  const body = new encoder.FunctionBuilder([], ['i32']).constInt('i32', 21).op('call', 0);
  return {
    memoryMinPages: 1,
    imports: [{ name: 'twice', params: ['i32'], results: ['i32'] }],
    functions: [{ name: 'kernel', body }],
  } as const;
};

const TARGETS: Record<string, JunkTarget> = {
  FunctionBuilder: {
    plausible: () => [['i32'], ['f64']],
    call: (params, results) => new encoder.FunctionBuilder(params as never, results as never),
    parameters: ['params', 'results'],
  },
  ModulePartsError: {
    plausible: () => ['parts', 'a ModuleParts object', null],
    call: (a, e, v) => new encoder.ModulePartsError(a as never, e as never, v),
    parameters: ['argument', 'expected', 'value'],
  },
  UnknownInstructionError: {
    plausible: () => ['no such op'],
    call: (m) => new encoder.UnknownInstructionError(m as never),
    parameters: ['message'],
  },
  WasmEncoderError: {
    plausible: () => ['message'],
    call: (m) => new encoder.WasmEncoderError(m as never),
    parameters: ['message'],
  },
  encodeModule: {
    plausible: () => [parts()],
    call: (p) => encoder.encodeModule(p as never),
    parameters: ['parts'],
  },
};

describe('every export of @tilekit/wasm-encoder keeps the error contract on junk', () => {
  it('the targets are every exported function and class', () => {
    expect(Object.keys(TARGETS).sort()).toEqual(callableExports(encoder));
  });

  it('a valid description encodes a module that runs', () => {
    const memory = new WebAssembly.Memory({ initial: 1 });
    const module = new WebAssembly.Module(encoder.encodeModule(parts()) as BufferSource);
    const instance = new WebAssembly.Instance(module, {
      env: { memory, twice: (x: number) => 2 * x },
    });
    expect((instance.exports.kernel as () => number)()).toBe(42);
  });

  for (const seed of [1, 2]) {
    it(`junk stream ${seed}: a result or a WasmEncoderError naming a parameter`, async () => {
      expect(await junkCallFailures(TARGETS, seed)).toEqual([]);
    });
  }
});
