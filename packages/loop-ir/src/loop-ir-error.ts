/**
 * The base of every error @tilekit/loop-ir throws for input it cannot accept. Every tilekit package has one
 * of this shape: a stable `code` (from the class name, `mlir-parse`), the `argument` at fault and
 * what was `expected` where known, and the brand `Symbol.for('@tilekit/error')` on its prototype,
 * so a caller (the CLI) recognises any tilekit library error without a list of classes.
 */
export class LoopIrError extends Error {
  override readonly name: string = 'LoopIrError';
  /** The argument (or option, or attribute) at fault, when the error is about one. */
  declare readonly argument?: string | undefined;
  /** What was expected instead, when the error can say. */
  declare readonly expected?: string | undefined;

  /** A stable identifier of the kind of error: the class name, kebab-case, without `Error`. */
  get code(): string {
    return this.name
      .replace(/Error$/, '')
      .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
      .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
      .toLowerCase();
  }
}

Object.defineProperty(LoopIrError.prototype, Symbol.for('@tilekit/error'), { value: true });
