/**
 * Tensor index notation, the input of the sparse loop emitter:
 *
 *     kernel  := access ('=' | '+=' | '*=') expr
 *     expr    := term (('+' | '-') term)*
 *     term    := factor ('*' factor)*
 *     factor  := access | number | '(' expr ')' | '-' factor
 *     access  := name ['(' [index (',' index)*] ')']
 *
 * Indices that do not appear in the output are reduced (Einstein convention). `=` overwrites
 * the output (which starts from zero), `+=` accumulates into it, `*=` multiplies into it.
 */
import { NotationSyntaxError } from './errors.js';

/** A tensor read (`A(i,j)`); a rank-0 access (`s`, `s()`) reads a scalar. */
export interface AccessExpr {
  readonly kind: 'access';
  readonly tensor: string;
  readonly indices: readonly string[];
}

/** A numeric literal. */
export interface ConstExpr {
  readonly kind: 'const';
  readonly value: number;
}

/** Negation. */
export interface NegExpr {
  readonly kind: 'neg';
  readonly operand: Expr;
}

/** A binary arithmetic operation. */
export interface BinaryExpr {
  readonly kind: 'binary';
  readonly op: '+' | '-' | '*';
  readonly lhs: Expr;
  readonly rhs: Expr;
}

/** Right-hand side expressions. */
export type Expr = AccessExpr | ConstExpr | NegExpr | BinaryExpr;

/** How the output is updated. */
export type AssignOp = '=' | '+=' | '*=';

/** A parsed kernel. */
export interface Notation {
  readonly source: string;
  readonly output: AccessExpr;
  readonly op: AssignOp;
  readonly rhs: Expr;
}

const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const NUMBER = /(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;

/** Parses tensor index notation; throws {@link NotationSyntaxError} with the offset at fault. */
export function parseNotation(source: string): Notation {
  let at = 0;
  const skip = (): void => {
    while (at < source.length && /\s/.test(source[at] as string)) at++;
  };
  const peek = (token: string): boolean => {
    skip();
    return source.startsWith(token, at);
  };
  const eat = (token: string): boolean => {
    if (!peek(token)) return false;
    at += token.length;
    return true;
  };
  const expect = (token: string): void => {
    if (!eat(token)) throw new NotationSyntaxError(source, at, `'${token}'`);
  };
  const match = (re: RegExp): string | undefined => {
    skip();
    re.lastIndex = at;
    const m = re.exec(source);
    if (m === null) return undefined;
    at += m[0].length;
    return m[0];
  };
  const name = (what: string): string => {
    const n = match(NAME);
    if (n === undefined) throw new NotationSyntaxError(source, at, what);
    return n;
  };
  const access = (): AccessExpr => {
    const tensor = name('a tensor name');
    const indices: string[] = [];
    if (eat('(') && !eat(')')) {
      do indices.push(name('an index name'));
      while (eat(','));
      expect(')');
    }
    return { kind: 'access', tensor, indices };
  };
  const factor = (): Expr => {
    if (eat('(')) {
      const e = expr();
      expect(')');
      return e;
    }
    if (eat('-')) return { kind: 'neg', operand: factor() };
    const num = match(NUMBER);
    if (num !== undefined) return { kind: 'const', value: Number(num) };
    skip();
    NAME.lastIndex = at;
    if (!NAME.test(source))
      throw new NotationSyntaxError(source, at, 'a tensor access, a number or (');
    return access();
  };
  const term = (): Expr => {
    let e = factor();
    while (eat('*')) e = { kind: 'binary', op: '*', lhs: e, rhs: factor() };
    return e;
  };
  const expr = (): Expr => {
    let e = term();
    for (;;) {
      if (eat('+')) e = { kind: 'binary', op: '+', lhs: e, rhs: term() };
      else if (eat('-')) e = { kind: 'binary', op: '-', lhs: e, rhs: term() };
      else return e;
    }
  };

  const output = access();
  const op: AssignOp | undefined = eat('+=') ? '+=' : eat('*=') ? '*=' : eat('=') ? '=' : undefined;
  if (op === undefined) throw new NotationSyntaxError(source, at, "'=', '+=' or '*='");
  const rhs = expr();
  skip();
  if (at !== source.length) throw new NotationSyntaxError(source, at, 'end of input');
  return { source, output, op, rhs };
}

/** Every access in `e`, left to right. */
export function accessesOf(e: Expr): AccessExpr[] {
  switch (e.kind) {
    case 'access':
      return [e];
    case 'const':
      return [];
    case 'neg':
      return accessesOf(e.operand);
    case 'binary':
      return [...accessesOf(e.lhs), ...accessesOf(e.rhs)];
  }
}
