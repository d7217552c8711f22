/**
 * The test-framework seam. Suites take the framework's own `describe`/`it` (and optionally
 * `expect`) instead of assuming globals, as typescript-eslint's RuleTester does, so they run
 * under Vitest, Jest, Mocha, node:test or the browser alike.
 */

/** What a framework's `expect(actual)` must offer; Vitest's and Jest's both fit. */
export type ExpectLike = (actual: unknown) => { toBeUndefined(): void };

/** The framework functions a suite registers its cases with. */
export interface TestFramework {
  /** Groups cases, e.g. Vitest's `describe`. */
  readonly describe: (name: string, body: () => void) => void;
  /** Registers one case; the body rejects when the case fails. */
  readonly it: (name: string, body: () => Promise<void>) => void;
  /**
   * Optional: when given, each case ends with `expect(failureMessage).toBeUndefined()`, so the
   * framework's own assertion reporting shows the failure; otherwise the case body throws.
   */
  readonly expect?: ExpectLike;
}
