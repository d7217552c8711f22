/** Errors of the compiled engines (`js`, `wasm`). */

import { messageText } from '@tilekit/errors';
import { EngineError } from './engine-error.js';

/** An argument that does not fit the compiled function's signature. */
export class EngineArgumentError extends EngineError {
  override readonly name = 'EngineArgumentError';
  /** Which argument, e.g. `'#2'`. */
  override readonly argument: string;

  constructor(argument: string, detail: string) {
    // Texts through messageText: an error made from junk still has a message.
    super(`argument ${messageText(argument)}: ${messageText(detail)}`);
    this.argument = messageText(argument);
  }
}

/** A construct (op, type, layout) an engine cannot compile. */
export class EngineUnsupportedError extends EngineError {
  override readonly name = 'EngineUnsupportedError';
}

/**
 * A run-time failure of compiled code (a wasm trap: integer division by zero, a float to
 * integer conversion out of range), where the interpreter raises an `InterpretError`.
 */
export class EngineRuntimeError extends EngineError {
  override readonly name = 'EngineRuntimeError';
  constructor(
    readonly functionName: string,
    readonly detail: string,
  ) {
    super(`@${messageText(functionName)}: ${messageText(detail)}`);
  }
}
