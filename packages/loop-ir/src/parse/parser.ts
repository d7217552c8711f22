/**
 * Token cursor shared by every parsing function: one token of lookahead over {@link Lexer},
 * punctuation/keyword helpers that raise {@link MlirParseError} naming what was expected,
 * SSA name resolution and alias tables.
 */
import type { Attribute } from '../ir/attributes.js';
import { createValue, type Value } from '../ir/operation.js';
import { type Type, typeEquals } from '../ir/types.js';
import { printType } from '../print/types.js';
import type { MlirParseError } from './errors.js';
import { Lexer, type Token, type TokenKind } from './lexer.js';
import { MAX_NESTING_DEPTH, type NestingKind } from './nesting.js';
import { ValueScope } from './scope.js';

/** A not-yet-resolved SSA use: `%name` or `%name#3`. */
export interface ValueRef {
  readonly name: string;
  readonly index: number;
  readonly token: Token;
}

/** Parsing state for one source text. */
export class Parser {
  readonly lexer: Lexer;
  readonly scope = new ValueScope();
  /** `#name = ...` attribute aliases defined at the top of the file. */
  readonly attributeAliases = new Map<string, Attribute>();
  #peeked: Token | undefined;
  readonly #depth = new Map<NestingKind, number>();

  constructor(source: string) {
    this.lexer = new Lexer(source);
  }

  /** The next token without consuming it. */
  peek(): Token {
    this.#peeked ??= this.lexer.next();
    return this.#peeked;
  }

  /** Consumes and returns the next token. */
  next(): Token {
    const t = this.peek();
    this.#peeked = undefined;
    return t;
  }

  /** Re-positions the cursor at the start of the peeked token (for character-level scans). */
  rewind(): void {
    if (this.#peeked !== undefined) this.lexer.reset(this.#peeked.offset);
    this.#peeked = undefined;
  }

  /** An error at `token` (the peeked token by default). */
  error(detail: string, expected?: string, token: Token = this.peek()): MlirParseError {
    return this.lexer.error(token.offset, detail, expected);
  }

  /** Whether the next token is `kind` (and `text`, when given). */
  at(kind: TokenKind, text?: string): boolean {
    const t = this.peek();
    return t.kind === kind && (text === undefined || t.text === text);
  }

  /** Consumes the token of `kind` spelled `text` if present. */
  #consumeIf(kind: TokenKind, text: string): boolean {
    if (!this.at(kind, text)) return false;
    this.next();
    return true;
  }

  /** Consumes the token of `kind` spelled `text` or throws `expected 'text' <context>`. */
  #expectSpelled(kind: TokenKind, text: string, context: string): Token {
    if (!this.at(kind, text)) throw this.unexpected(`'${text}'`, context);
    return this.next();
  }

  /** Consumes punctuation `p` if present. */
  consume(p: string): boolean {
    return this.#consumeIf('punct', p);
  }

  /** Consumes punctuation `p` or throws `expected 'p' <context>`. */
  expect(p: string, context: string): Token {
    return this.#expectSpelled('punct', p, context);
  }

  /** Consumes bare keyword `k` if present. */
  consumeKeyword(k: string): boolean {
    return this.#consumeIf('bareId', k);
  }

  /** Consumes bare keyword `k` or throws. */
  expectKeyword(k: string, context: string): Token {
    return this.#expectSpelled('bareId', k, context);
  }

  /** Consumes a token of `kind` or throws. */
  expectKind(kind: TokenKind, what: string, context: string): Token {
    if (!this.at(kind)) throw this.unexpected(what, context);
    return this.next();
  }

  /** `expected X <context>, found 'tok'`. */
  unexpected(expected: string, context: string): MlirParseError {
    const t = this.peek();
    const found = t.kind === 'eof' ? 'end of input' : `'${t.text}'`;
    return this.error(`expected ${expected} ${context}, found ${found}`, expected);
  }

  /**
   * Parses `item (, item)*` up to `close` (consumed); `open` must already be consumed.
   * An immediately closing list is empty.
   */
  list<T>(close: string, context: string, item: () => T): T[] {
    const out: T[] = [];
    if (this.consume(close)) return out;
    do out.push(item());
    while (this.consume(','));
    this.expect(close, context);
    return out;
  }

  /**
   * Runs `parse` one level deeper in `kind`; throws `MlirParseError` at the current token
   * when that passes {@link MAX_NESTING_DEPTH}. `levels` may be negative to exempt a wrapper
   * (the module body).
   */
  nested<T>(kind: NestingKind, parse: () => T, levels = 1): T {
    const depth = (this.#depth.get(kind) ?? 0) + levels;
    if (depth > MAX_NESTING_DEPTH) throw this.nestingError(kind);
    this.#depth.set(kind, depth);
    try {
      return parse();
    } finally {
      this.#depth.set(kind, depth - levels);
    }
  }

  /** The error for `kind` nested deeper than {@link MAX_NESTING_DEPTH}. */
  nestingError(kind: NestingKind, token: Token = this.peek()): MlirParseError {
    return this.error(
      `${kind} nested deeper than the limit of ${MAX_NESTING_DEPTH} (MAX_NESTING_DEPTH)`,
      undefined,
      token,
    );
  }

  // --- SSA values --------------------------------------------------------------------------

  /** Parses `%name` / `%name#n` without resolving it. */
  valueRef(context: string): ValueRef {
    const token = this.expectKind('valueId', 'SSA value', context);
    const hash = token.text.indexOf('#');
    return hash < 0
      ? { name: token.text, index: 0, token }
      : { name: token.text.slice(0, hash), index: Number(token.text.slice(hash + 1)), token };
  }

  /** Comma-separated value refs (possibly none: stops when no `%` follows). */
  valueRefList(context: string): ValueRef[] {
    const refs: ValueRef[] = [];
    if (!this.at('valueId')) return refs;
    do refs.push(this.valueRef(context));
    while (this.consume(','));
    return refs;
  }

  /** Resolves a use, checking that it exists and (when given) has `type`. */
  resolve(ref: ValueRef, type?: Type): Value {
    const group = this.scope.lookup(ref.name);
    if (group === undefined) {
      throw this.error(`use of undeclared SSA value name '${ref.name}'`, undefined, ref.token);
    }
    const v = group[ref.index];
    if (v === undefined) {
      throw this.error(
        `'${ref.name}' has ${group.length} results, '${ref.token.text.slice(ref.name.length)}' is out of range`,
        undefined,
        ref.token,
      );
    }
    if (type !== undefined && !typeEquals(v.type, type)) {
      throw this.error(
        `use of value '${ref.token.text}' expects different type than prior uses: '${printType(type)}' vs '${printType(v.type)}'`,
        undefined,
        ref.token,
      );
    }
    return v;
  }

  /** Resolves refs pairwise against types, checking the counts agree (error at the first ref). */
  resolveAll(refs: readonly ValueRef[], types: readonly Type[], context: string): Value[] {
    if (refs.length !== types.length) {
      throw this.error(
        `${refs.length} operands present, but expected ${types.length} ${context}`,
        undefined,
        refs[0]?.token,
      );
    }
    return refs.map((r, i) => this.resolve(r, types[i]));
  }

  /** Defines a block argument or result group under `name`. */
  define(token: Token, name: string, values: readonly Value[]): void {
    if (!this.scope.define(name, values)) {
      throw this.error(`redefinition of SSA value '${name}'`, undefined, token);
    }
  }

  /** Defines a fresh value of `type` named by `token` (block and region arguments). */
  defineArgument(token: Token, type: Type): Value {
    const v = createValue(type);
    this.define(token, token.text, [v]);
    return v;
  }
}
