/**
 * The recursive-descent parser of tensor index notation (the grammar is in notation.ts): one
 * method per rule over a {@link NotationCursor}, accesses parsed by access-parser.ts. It
 * builds the tree as written; notation.ts then gives one-argument `min`/`max` their indices
 * and turns bare index names into index values.
 */
import { SparsifyError } from '../errors.js';
import { parseAccess } from './access-parser.js';
import {
  type AccessExpr,
  type AssignOp,
  type BinaryOp,
  type CompareExpr,
  type CompareOp,
  type Expr,
  FUNCTION_ARITY,
  type FunctionName,
  RESERVED_NAMES,
  type SumExpr,
} from './expression.js';
import { NotationCursor, NUMBER } from './notation-cursor.js';

/** Two-character operators first, so that `<=` is not read as `<`. */
const COMPARE_OPS: readonly CompareOp[] = ['<=', '>=', '==', '!=', '<', '>'];

/** A kernel as written, before its reductions are resolved. */
export interface ParsedKernel {
  readonly output: AccessExpr;
  readonly op: AssignOp;
  readonly rhs: Expr;
  /**
   * Each one-argument `min(e)`/`max(e)`, parsed as a reduction with no index yet (`index: ''`),
   * and the offset where it starts, for its error.
   */
  readonly extremaAt: ReadonlyMap<SumExpr, number>;
}

/** Parses `kernel := access ('=' | '+=' | '*=') expr` over the whole of `source`. */
export function parseKernel(source: string): ParsedKernel {
  const c = new NotationCursor(source);
  const output = parseAccess(c);
  if (output.subscripts !== undefined) {
    throw new SparsifyError(
      'expression',
      `the output ${output.tensor}(${output.indices.join(',')}) has an affine subscript: the output's subscripts must be index variables (affine subscripts are for operands)`,
      'index variables as output subscripts',
    );
  }
  const op: AssignOp | undefined = c.eat('+=')
    ? '+='
    : c.eat('*=')
      ? '*='
      : c.eat('=')
        ? '='
        : undefined;
  if (op === undefined) throw c.error("'=', '+=' or '*='");
  const parser = new ExpressionParser(c);
  const rhs = parser.expr();
  c.skip();
  if (c.at !== source.length) throw c.error('end of input');
  return { output, op, rhs, extremaAt: parser.extremaAt };
}

/** The expression rules: `expr`, `term`, `factor`, `call` and `compare`. */
class ExpressionParser {
  private readonly c: NotationCursor;
  /** Where each one-argument `min`/`max` starts, for its error. */
  readonly extremaAt = new Map<SumExpr, number>();

  constructor(cursor: NotationCursor) {
    this.c = cursor;
  }

  /** `term (('+' | '-') term)*` */
  expr(): Expr {
    return this.c.nested(() => this.leftAssociative(['+', '-'], () => this.term()));
  }

  /** `factor (('*' | '/') factor)*` */
  private term(): Expr {
    return this.leftAssociative(['*', '/'], () => this.factor());
  }

  /** `operand (op operand)*` for the operators `ops`, grouped from the left. */
  private leftAssociative(ops: readonly BinaryOp[], operand: () => Expr): Expr {
    const c = this.c;
    let e = operand();
    for (;;) {
      const op = ops.find((token) => c.eat(token));
      if (op === undefined) return e;
      const rhs = operand();
      e = c.node({ kind: 'binary', op, lhs: e, rhs }, e, rhs);
    }
  }

  /** `'-' factor | number | '(' expr ')' | call | access` */
  private factor(): Expr {
    const c = this.c;
    return c.nested(() => {
      if (c.eat('(')) return c.closing(this.expr());
      if (c.eat('-')) {
        const operand = this.factor();
        return c.node({ kind: 'neg', operand }, operand);
      }
      const num = c.match(NUMBER);
      if (num !== undefined) return c.node({ kind: 'const', value: Number(num) });
      const word = c.peekName();
      if (word === undefined) throw c.error('a tensor access, a number or (');
      if (RESERVED_NAMES.has(word)) {
        const wordAt = c.at;
        c.at += word.length;
        if (c.callFollows()) return this.call(word);
        if ((word === 'min' || word === 'max') && c.peek('[')) return this.indexedExtremum(word);
        // Back to the word itself (peek skipped the whitespace after it), which the access
        // refuses by name.
        c.at = wordAt;
      }
      return parseAccess(c);
    });
  }

  /** A function call, `fn` read; `min(e)`/`max(e)` is a reduction whose indices come later. */
  private call(fn: string): Expr {
    const c = this.c;
    const start = c.at - fn.length;
    c.expect('(');
    if (fn === 'sum') {
      const index = c.name('the index to sum over');
      c.expect(',');
      const body = this.expr();
      c.expect(')');
      return c.node({ kind: 'sum', index, body }, body);
    }
    const args: Expr[] = [fn === 'select' ? this.comparison() : this.expr()];
    if ((fn === 'min' || fn === 'max') && c.eat(')')) {
      // A reduction; its indices are known once the whole kernel is (see resolveExtrema).
      const body = args[0] as Expr;
      const pending: SumExpr = { kind: 'sum', index: '', body, reducer: fn };
      this.extremaAt.set(pending, start);
      return c.node(pending, body);
    }
    for (let n = 1; n < (FUNCTION_ARITY.get(fn) as number); n++) {
      c.expect(',');
      args.push(this.expr());
    }
    c.expect(')');
    return c.node({ kind: 'call', fn: fn as FunctionName, args }, ...args);
  }

  /** `min[j,k](e)`: a reduction over the indices named (what `printExpr` writes). */
  private indexedExtremum(fn: 'min' | 'max'): Expr {
    const c = this.c;
    c.expect('[');
    const indices: string[] = [];
    do indices.push(c.name('an index to reduce over'));
    while (c.eat(','));
    c.expect(']');
    c.expect('(');
    const body = this.expr();
    c.expect(')');
    return indices.reduceRight<Expr>(
      (inner, index) => c.node({ kind: 'sum', index, body: inner, reducer: fn }, inner),
      body,
    );
  }

  /** `expr ('<' | '<=' | '>' | '>=' | '==' | '!=') expr`, the condition of `select`. */
  private comparison(): CompareExpr {
    const c = this.c;
    const lhs = this.expr();
    const op = COMPARE_OPS.find((token) => c.eat(token));
    if (op === undefined) throw c.error("a comparison ('<', '<=', '>', '>=', '==' or '!=')");
    const rhs = this.expr();
    return c.node({ kind: 'compare', op, lhs, rhs }, lhs, rhs);
  }
}
