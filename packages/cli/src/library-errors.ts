/**
 * Every tilekit package's errors for input it cannot accept derive from that package's base
 * class, which carries the brand `Symbol.for('@tilekit/error')` and a stable `code`. Their
 * messages name the argument and the problem, so the CLI prints them as they are, without a stack.
 */
const TILEKIT_ERROR = Symbol.for('@tilekit/error');

/** A tilekit library error: its stable code, and the argument and expectation when known. */
export interface LibraryError extends Error {
  readonly code: string;
  readonly argument?: string | undefined;
  readonly expected?: string | undefined;
}

/** Whether `error` is one of the libraries' typed input errors (as opposed to a bug). */
export function isLibraryError(error: unknown): error is LibraryError {
  return (
    error instanceof Error &&
    (error as unknown as Record<symbol, unknown>)[TILEKIT_ERROR] === true &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}
