/** Calling a built wasm kernel: argument counts, trap reporting and result conversion. */
import { f32, i1, i64, index } from '@tilekit/loop-ir';
import { describe, expect, it } from 'vitest';
import { EngineArgumentError, EngineRuntimeError } from '../src/index.js';
import {
  checkArgumentCount,
  invokeKernel,
  type WasmKernel,
} from '../src/wasm/runtime/kernel-invocation.js';

/** A wasm function that traps, so the error is a real `WebAssembly.RuntimeError`. */
function trappingKernel(): WasmKernel {
  // (module (func (export "kernel") unreachable))
  const bytes = new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x04, 0x01, 0x60, 0x00, 0x00, 0x03, 0x02,
    0x01, 0x00, 0x07, 0x0a, 0x01, 0x06, 0x6b, 0x65, 0x72, 0x6e, 0x65, 0x6c, 0x00, 0x00, 0x0a, 0x05,
    0x01, 0x03, 0x00, 0x00, 0x0b,
  ]);
  const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes));
  return instance.exports.kernel as WasmKernel;
}

describe('invokeKernel', () => {
  it('passes the flattened arguments through', () => {
    const seen: (number | bigint)[][] = [];
    invokeKernel((...args) => void seen.push(args), 'f', [1, 2n, 3.5], []);
    expect(seen).toEqual([[1, 2n, 3.5]]);
  });

  it.each([
    ['no results', undefined, [], []],
    ['one f32', 2.5, [f32], [2.5]],
    ['one i1', 1, [i1], [true]],
    ['several', [0, 7n, 9], [i1, i64, index], [false, 7n, 9n]],
  ] as const)('converts %s to interpret results', (_, raw, types, expected) => {
    expect(invokeKernel(() => raw, 'f', [], types)).toEqual(expected);
  });

  it('reports a wasm trap as an EngineRuntimeError naming the function', () => {
    const call = () => invokeKernel(trappingKernel(), 'boom', [], []);
    expect(call).toThrowError(EngineRuntimeError);
    expect(call).toThrowError(/boom/);
  });

  it('lets any other exception through unchanged', () => {
    const error = new RangeError('not a trap');
    expect(() =>
      invokeKernel(
        () => {
          throw error;
        },
        'f',
        [],
        [],
      ),
    ).toThrow(error);
  });
});

describe('checkArgumentCount', () => {
  it('accepts the expected count and names the function and both counts otherwise', () => {
    expect(() => checkArgumentCount('f', 2, 2)).not.toThrow();
    expect(() => checkArgumentCount('f', 2, 3)).toThrowError(EngineArgumentError);
    expect(() => checkArgumentCount('f', 2, 3)).toThrowError('@f takes 2 arguments, got 3');
  });
});
