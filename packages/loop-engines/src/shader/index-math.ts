/**
 * Integer index math as data: the few expressions that map a GPU invocation onto loop
 * iterations under a pass schedule (pass-schedule.ts). The WGSL generator prints them and the
 * invocation simulator (simulate-invocations.ts) evaluates them, so what the tests check is
 * what the shader computes.
 */

/** An integer expression over named values (i32 semantics, division truncating). */
export type IndexExpr =
  | { readonly kind: 'name'; readonly name: string }
  | { readonly kind: 'int'; readonly value: number }
  | {
      readonly kind: 'binary';
      readonly op: '+' | '-' | '*' | '/' | '%';
      readonly a: IndexExpr;
      readonly b: IndexExpr;
    };

/** A named value. */
export const named = (name: string): IndexExpr => ({ kind: 'name', name });
/** An integer literal. */
export const int = (value: number): IndexExpr => ({ kind: 'int', value });
const binary =
  (op: '+' | '-' | '*' | '/' | '%') =>
  (a: IndexExpr, b: IndexExpr): IndexExpr => ({ kind: 'binary', op, a, b });
export const plus = binary('+');
export const minus = binary('-');
export const times = binary('*');
export const over = binary('/');
export const modulo = binary('%');

/** Spellings of the literals 0 and 1 (plain or as WGSL's `i32(...)`), which the printer folds. */
const ZERO = /^(i32\()?0\)?$/;
const ONE = /^(i32\()?1\)?$/;

/**
 * `expr` in shader syntax, each name spelled by `spell` (both WGSL and GLSL read it so), with
 * additions of 0 and multiplications by 1 left out (a loop's usual lower bound and step): the
 * value is the same in i32 arithmetic, and the prepared passes are shorter.
 */
export function printIndexExpr(expr: IndexExpr, spell: (name: string) => string): string {
  switch (expr.kind) {
    case 'name':
      return spell(expr.name);
    case 'int':
      return `${expr.value}`;
    case 'binary': {
      const a = printIndexExpr(expr.a, spell);
      const b = printIndexExpr(expr.b, spell);
      if (expr.op === '+' && ZERO.test(a)) return b;
      if ((expr.op === '+' || expr.op === '-') && ZERO.test(b)) return a;
      if (expr.op === '*' && ONE.test(a)) return b;
      if ((expr.op === '*' || expr.op === '/') && ONE.test(b)) return a;
      return `(${a} ${expr.op} ${b})`;
    }
  }
}

/** `expr`'s value with i32 arithmetic, names looked up in `values`. */
export function evaluateIndexExpr(expr: IndexExpr, values: (name: string) => number): number {
  switch (expr.kind) {
    case 'name':
      return values(expr.name);
    case 'int':
      return expr.value;
    case 'binary': {
      const a = evaluateIndexExpr(expr.a, values);
      const b = evaluateIndexExpr(expr.b, values);
      switch (expr.op) {
        case '+':
          return (a + b) | 0;
        case '-':
          return (a - b) | 0;
        case '*':
          return Math.imul(a, b);
        case '/':
          return b === 0 ? 0 : (a / b) | 0;
        case '%':
          return b === 0 ? 0 : (a % b) | 0;
      }
    }
  }
}
