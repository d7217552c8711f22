/**
 * The character cursor the notation parsers share (see notation-parser.ts): tokens are read
 * straight from the source text, skipping whitespace, and every error is a
 * {@link NotationSyntaxError} at the cursor's offset. It also keeps the limits of one parse, so
 * that no input can exhaust the stack of the parser or of the passes that walk its tree.
 */
import { NotationSyntaxError } from '../errors.js';
import { type Expr, MAX_EXPRESSION_DEPTH, MAX_EXPRESSION_NODES } from './expression.js';

/** A name: a tensor, an index variable, a function. */
export const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
/** A non-negative number literal. */
export const NUMBER = /(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;

/** Position, token helpers and limits of one parse of `source`. */
export class NotationCursor {
  readonly source: string;
  /** Offset of the next character to read. */
  at = 0;
  private nodes = 0;
  private open = 0;
  private readonly depthOf = new WeakMap<Expr, number>();

  constructor(source: string) {
    this.source = source;
  }

  /** The error saying that `expected` should stand at the cursor. */
  error(expected: string): NotationSyntaxError {
    return new NotationSyntaxError(this.source, this.at, expected);
  }

  /** Moves the cursor back to `offset`, then throws {@link error}. */
  failAt(offset: number, expected: string): never {
    this.at = offset;
    throw this.error(expected);
  }

  /** Records a new node, enforcing the depth and size limits. */
  node<E extends Expr>(e: E, ...children: Expr[]): E {
    const depth = 1 + Math.max(0, ...children.map((c) => this.depthOf.get(c) ?? 1));
    if (depth > MAX_EXPRESSION_DEPTH) {
      throw this.error(`an expression nested at most ${MAX_EXPRESSION_DEPTH} deep`);
    }
    if (++this.nodes > MAX_EXPRESSION_NODES) {
      throw this.error(`an expression of at most ${MAX_EXPRESSION_NODES} terms and operators`);
    }
    this.depthOf.set(e, depth);
    return e;
  }

  /** Bounds the parser's own recursion (parentheses, unary minus, calls) before the tree. */
  nested<T>(parse: () => T): T {
    if (++this.open > MAX_EXPRESSION_DEPTH) {
      throw this.error(`an expression nested at most ${MAX_EXPRESSION_DEPTH} deep`);
    }
    const result = parse();
    this.open--;
    return result;
  }

  /** Moves past whitespace. */
  skip(): void {
    while (this.at < this.source.length && /\s/.test(this.source[this.at] as string)) this.at++;
  }

  /** Whether `token` follows (after whitespace), without consuming it. */
  peek(token: string): boolean {
    this.skip();
    return this.source.startsWith(token, this.at);
  }

  /** Consumes `token` if it follows. */
  eat(token: string): boolean {
    if (!this.peek(token)) return false;
    this.at += token.length;
    return true;
  }

  /** Consumes `token`, or throws naming it. */
  expect(token: string): void {
    if (!this.eat(token)) throw this.error(`'${token}'`);
  }

  /** Consumes and returns what the sticky `re` matches at the cursor, if anything. */
  match(re: RegExp): string | undefined {
    this.skip();
    re.lastIndex = this.at;
    const m = re.exec(this.source);
    if (m === null) return undefined;
    this.at += m[0].length;
    return m[0];
  }

  /** Consumes the `)` closing a parenthesized `value`, which it returns. */
  closing<T>(value: T): T {
    this.expect(')');
    return value;
  }

  /** Consumes a name, or throws expecting `what`. */
  name(what: string): string {
    const n = this.match(NAME);
    if (n === undefined) throw this.error(what);
    return n;
  }

  /** The name at the cursor (after whitespace), without consuming it. */
  peekName(): string | undefined {
    this.skip();
    NAME.lastIndex = this.at;
    return NAME.exec(this.source)?.[0];
  }

  /** Whether `(` follows, without consuming anything. */
  callFollows(): boolean {
    const save = this.at;
    const yes = this.eat('(');
    this.at = save;
    return yes;
  }
}
