/**
 * What a call throws, as a value a test can hold against another call's error or take apart
 * (`argument`, `at`), where `expect(...).toThrow` checks only one error's class or message.
 */

/** The error `call` throws, or `undefined` when it returns. */
export function thrownBy(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  return undefined;
}
