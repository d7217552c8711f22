/**
 * What a call throws, for tests that check the error's class and fields (`@tilekit/test-support`
 * has the same `thrownBy`, but it depends on this package, so these tests cannot import it).
 */
import { expect } from 'vitest';
import { LoopIrArgumentError } from '../../src/index.js';

/** The error `call` throws, or `undefined` when it returns. */
export function thrownBy(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** The LoopIrArgumentError `call` throws (failing the test if it throws anything else). */
export function argumentError(call: () => unknown): LoopIrArgumentError {
  const thrown = thrownBy(call);
  expect(thrown).toBeInstanceOf(LoopIrArgumentError);
  return thrown as LoopIrArgumentError;
}
