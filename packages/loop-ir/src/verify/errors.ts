/** Verifier diagnostics. */

import { messageText } from '@tilekit/errors';
import { LoopIrError } from '../loop-ir-error.js';

/** A rule an operation broke: thrown by `verifyModule`, listed by `verificationDiagnostics`. */
export class IRVerifyError extends LoopIrError {
  override readonly name = 'IRVerifyError';

  /**
   * @param opName the offending operation (`scf.for`)
   * @param rule the rule it broke (`sameType`, `forLoop`, `dominance`, ...)
   * @param detail what exactly was wrong
   * @param path where the op sits, e.g. `@dot/scf.for#0/arith.addf#2`
   */
  constructor(
    readonly opName: string,
    readonly rule: string,
    readonly detail: string,
    readonly path: string,
  ) {
    super(
      `'${messageText(opName)}' op ${messageText(detail)} [rule ${messageText(rule)}] at ${messageText(path)}`,
    );
  }
}
