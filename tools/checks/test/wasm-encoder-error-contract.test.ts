/**
 * The error contract of `@tilekit/wasm-encoder` (checked here because the leaf package's own
 * tests cannot use the shared junk corpus without depending on the packages above it): every
 * exported function and class, given junk in any argument position (the others plausible),
 * returns or throws a `WasmEncoderError` naming one of its parameters, and a valid description
 * still encodes a module WebAssembly accepts.
 */

import type { JunkTarget } from '@tilekit/test-support/junk';
import { callTarget, constructTarget } from '@tilekit/test-support/junk-targets';
import * as encoder from '@tilekit/wasm-encoder';
import { describe, expect, it } from 'vitest';
import { itKeepsTheErrorContract } from '../../vitest/junk-contract-suite.ts';

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
  FunctionBuilder: constructTarget(
    ['params', 'results'],
    () => [['i32'], ['f64']],
    encoder.FunctionBuilder,
  ),
  ModulePartsError: constructTarget(
    ['argument', 'expected', 'value'],
    () => ['parts', 'a ModuleParts object', null],
    encoder.ModulePartsError,
  ),
  UnknownInstructionError: constructTarget(
    ['message'],
    () => ['no such op'],
    encoder.UnknownInstructionError,
  ),
  WasmEncoderError: constructTarget(['message'], () => ['message'], encoder.WasmEncoderError),
  encodeModule: callTarget(['parts'], () => [parts()], encoder.encodeModule),
};

describe('every export of @tilekit/wasm-encoder keeps the error contract on junk', () => {
  itKeepsTheErrorContract(encoder, TARGETS, 'a WasmEncoderError');

  it('a valid description encodes a module that runs', () => {
    const memory = new WebAssembly.Memory({ initial: 1 });
    const module = new WebAssembly.Module(encoder.encodeModule(parts()) as BufferSource);
    const instance = new WebAssembly.Instance(module, {
      env: { memory, twice: (x: number) => 2 * x },
    });
    expect((instance.exports.kernel as () => number)()).toBe(42);
  });
});
