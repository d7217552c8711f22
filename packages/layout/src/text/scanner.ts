import { LayoutSyntaxError } from '../errors.js';

/** `[a-zA-Z0-9_.-]`: the characters XLA's lexer lets an identifier continue with. */
function isIdentifierChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 95 ||
    code === 46 ||
    code === 45
  );
}

function isIdentifierStart(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** A signed integer token and where it started (negative values are reported by validation). */
export interface IntToken {
  readonly value: number;
  readonly offset: number;
}

/**
 * A cursor over shape/layout text with XLA's lexical rules: whitespace, `/*...*\/` and `//`
 * comments are skipped between tokens. Every method advances by at least one character or
 * throws, so every loop built on it terminates.
 */
export class Scanner {
  private position = 0;

  /**
   * @param text What is scanned.
   * @param argument The argument that passed it, named by every syntax error.
   */
  constructor(
    readonly text: string,
    readonly argument: string,
  ) {}

  /** The raw cursor, for a later `reset` (lookahead). */
  mark(): number {
    return this.position;
  }

  /** Returns to a position obtained from `mark`. */
  reset(mark: number): void {
    this.position = mark;
  }

  /** Offset of the next token (after skipping whitespace and comments). */
  get offset(): number {
    this.skipTrivia();
    return this.position;
  }

  atEnd(): boolean {
    return this.offset >= this.text.length;
  }

  /** The next non-trivia character, or '' at end of input. */
  peek(): string {
    const at = this.offset;
    return at < this.text.length ? this.text.charAt(at) : '';
  }

  /** Consumes `literal` if the next token starts with it. */
  eat(literal: string): boolean {
    const at = this.offset;
    if (!this.text.startsWith(literal, at)) return false;
    this.position = at + literal.length;
    return true;
  }

  /** Consumes `literal` or throws a syntax error naming it. */
  expect(literal: string, what = `'${literal}'`): void {
    if (!this.eat(literal)) this.fail(what);
  }

  /** The identifier at the cursor without consuming it ('' when none starts here). */
  peekIdentifier(): string {
    const at = this.offset;
    if (at >= this.text.length || !isIdentifierStart(this.text.charCodeAt(at))) return '';
    let end = at + 1;
    while (end < this.text.length && isIdentifierChar(this.text.charCodeAt(end))) end++;
    return this.text.slice(at, end);
  }

  /** Consumes the identifier at the cursor if it equals `name` exactly. */
  eatIdentifier(name: string): boolean {
    if (this.peekIdentifier() !== name) return false;
    this.position = this.offset + name.length;
    return true;
  }

  /** Consumes and returns an identifier, or throws naming `what`. */
  identifier(what: string): string {
    const name = this.peekIdentifier();
    if (name === '') this.fail(what);
    this.position = this.offset + name.length;
    return name;
  }

  /** True when the next token is an integer literal (optionally negative). */
  atInteger(): boolean {
    const at = this.offset;
    const first = this.text.charCodeAt(at);
    if (isDigit(first)) return true;
    return first === 45 && isDigit(this.text.charCodeAt(at + 1));
  }

  /** Consumes a `-?[0-9]+` integer; values beyond 2^53 are a syntax error (XLA: int64 overflow). */
  integer(what = 'an integer'): IntToken {
    const start = this.offset;
    if (!this.atInteger()) this.fail(what);
    let end = this.text.charCodeAt(start) === 45 ? start + 1 : start;
    while (end < this.text.length && isDigit(this.text.charCodeAt(end))) end++;
    const value = Number(this.text.slice(start, end));
    if (!Number.isSafeInteger(value)) this.fail(`${what} no larger than 2^53-1`, start);
    this.position = end;
    return { value, offset: start };
  }

  /** Throws a syntax error at the cursor (or `at`) saying what was expected. */
  fail(expected: string, at = this.offset): never {
    throw new LayoutSyntaxError(this.text, at, expected, undefined, this.argument);
  }

  private skipTrivia(): void {
    const text = this.text;
    for (;;) {
      const code = text.charCodeAt(this.position);
      if (code === 32 || code === 9 || code === 10 || code === 13) {
        this.position++;
      } else if (code === 47 && text.charCodeAt(this.position + 1) === 42) {
        const close = text.indexOf('*/', this.position + 2);
        if (close < 0)
          throw new LayoutSyntaxError(
            text,
            this.position,
            "'*/' to close the comment",
            undefined,
            this.argument,
          );
        this.position = close + 2;
      } else if (code === 47 && text.charCodeAt(this.position + 1) === 47) {
        let end = this.position + 2;
        while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++;
        this.position = end;
      } else {
        return;
      }
    }
  }
}
