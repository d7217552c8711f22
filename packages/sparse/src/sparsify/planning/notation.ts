/**
 * Tensor index notation, the input of the sparse loop emitter:
 *
 *     kernel  := access ('=' | '+=' | '*=') expr
 *     expr    := term (('+' | '-') term)*
 *     term    := factor (('*' | '/') factor)*
 *     factor  := '-' factor | number | '(' expr ')' | call | access
 *     call    := ('sqrt' | 'exp' | 'abs') '(' expr ')' | ('max' | 'min') '(' expr [',' expr] ')'
 *              | 'sum' '(' index ',' expr ')' | 'select' '(' compare ',' expr ',' expr ')'
 *              | ('max' | 'min') '[' index (',' index)* ']' '(' expr ')'
 *     compare := expr ('<' | '<=' | '>' | '>=' | '==' | '!=') expr
 *     access  := name ['(' [subscript (',' subscript)*] ')']
 *     subscript := index ['(' integer ',' integer [',' integer] ')'] | affine
 *     affine  := aterm (('+' | '-') aterm)*      aterm := afactor ('*' afactor)*
 *     afactor := integer | index | '-' afactor | '(' affine ')'
 *
 * A bare name that is an index variable of the kernel (`i` in `b(i,j) * (i*3 + j)`) is the
 * index's value, like MLIR's `linalg.index`; any other bare name is a scalar operand. Indices
 * that do not appear in the output are summed where TACO sums them (see reductions.ts);
 * `sum(k, e)` sums explicitly; `min(e)` and `max(e)` (one argument) reduce `e` over every index
 * used only inside them (not an output index, not used elsewhere), implicit zeros included, and
 * `min[j,k](e)` over the indices named.
 * `select(x > y, a, b)` is `a` where the comparison holds and `b`
 * elsewhere (MLIR's `arith.cmpf`/`arith.cmpi` feeding `arith.select`); a comparison is only a
 * condition of `select`, never a number. `=` overwrites the output (which starts from zero), `+=`
 * accumulates into it, `*=` multiplies into it.
 *
 * A subscript `i(lo, hi)` or `i(lo, hi, stride)` windows an operand's dimension (TACO's
 * windows): `A(i(1,5,2), j)` reads rows 1 and 3 of `A` as `i = 0, 1`. Windows are on operands
 * only: a window on the output is a {@link SparsifyError}.
 *
 * A subscript may be affine (`I(i+k, j+l)`, `I(2*i+k)`, `A(i+1, 0)`): index variables with
 * positive integer coefficients plus a non-negative integer offset (see affine-subscript.ts);
 * any other form (`i*k`, `i-k`, `i-1`) is a {@link SparsifyError} naming the subscript. Affine
 * subscripts are on operands only, and not in an access that also has a window.
 *
 * Parsing is bounded: nesting deeper than {@link MAX_EXPRESSION_DEPTH} or more than
 * {@link MAX_EXPRESSION_NODES} nodes is a {@link NotationSyntaxError}, so no input can
 * exhaust the stack of the parser or of the passes that walk the tree.
 */
import { textOf } from '../../sparse-error.js';
import { checkExpr } from '../argument-checks.js';
import { NotationSyntaxError, SparsifyError } from '../errors.js';
import {
  accessVariables,
  addForms,
  affineSubscriptOf,
  constantForm,
  isPlainSubscript,
  type LinearForm,
  multiplyForms,
  subscriptText,
  variableForm,
} from './affine-subscript.js';
import {
  type AccessExpr,
  type AffineSubscript,
  type AssignOp,
  type CompareExpr,
  type CompareOp,
  type Expr,
  FUNCTION_ARITY,
  type FunctionName,
  type IndexWindow,
  MAX_EXPRESSION_DEPTH,
  MAX_EXPRESSION_NODES,
  MAX_NOTATION_LENGTH,
  type Notation,
  RESERVED_NAMES,
  type SumExpr,
} from './expression.js';

const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const BARE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const NUMBER = /(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;
/** Two-character operators first, so that `<=` is not read as `<`. */
const COMPARE_OPS: readonly CompareOp[] = ['<=', '>=', '==', '!=', '<', '>'];

/** Parses tensor index notation; throws {@link NotationSyntaxError} with the offset at fault. */
export function parseNotation(source: string): Notation {
  if (typeof source !== 'string') {
    throw new NotationSyntaxError(textOf(source), 0, 'a string of tensor index notation');
  }
  if (source.length > MAX_NOTATION_LENGTH) {
    throw new NotationSyntaxError(
      source.slice(0, 64),
      0,
      `at most ${MAX_NOTATION_LENGTH} characters (got ${source.length})`,
    );
  }
  let at = 0;
  let nodes = 0;
  const depthOf = new WeakMap<Expr, number>();
  /** Records a new node, enforcing the depth and size limits. */
  const node = <E extends Expr>(e: E, ...children: Expr[]): E => {
    const depth = 1 + Math.max(0, ...children.map((c) => depthOf.get(c) ?? 1));
    if (depth > MAX_EXPRESSION_DEPTH) {
      throw new NotationSyntaxError(
        source,
        at,
        `an expression nested at most ${MAX_EXPRESSION_DEPTH} deep`,
      );
    }
    if (++nodes > MAX_EXPRESSION_NODES) {
      throw new NotationSyntaxError(
        source,
        at,
        `an expression of at most ${MAX_EXPRESSION_NODES} terms and operators`,
      );
    }
    depthOf.set(e, depth);
    return e;
  };
  let open = 0;
  /** Bounds the parser's own recursion (parentheses, unary minus, calls) before the tree. */
  const nested = <T>(parse: () => T): T => {
    if (++open > MAX_EXPRESSION_DEPTH) {
      throw new NotationSyntaxError(
        source,
        at,
        `an expression nested at most ${MAX_EXPRESSION_DEPTH} deep`,
      );
    }
    const result = parse();
    open--;
    return result;
  };
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
  /** Whether `(` follows, without consuming anything. */
  const callFollows = (): boolean => {
    const save = at;
    const yes = eat('(');
    at = save;
    return yes;
  };
  const access = (): AccessExpr => {
    const start = at;
    const tensor = name('a tensor name');
    if (RESERVED_NAMES.has(tensor)) {
      at = start;
      skip();
      throw new NotationSyntaxError(source, at, `a tensor name (${tensor} is a function)`);
    }
    const subscripts: AffineSubscript[] = [];
    const windows: (IndexWindow | null)[] = [];
    if (eat('(') && !eat(')')) {
      do {
        skip();
        const from = at;
        const form = subscriptSum();
        const text = source.slice(from, at).trim();
        subscripts.push(affineSubscriptOf(form, text, tensor));
        if (peek('(') && !BARE_NAME.test(text)) {
          throw new NotationSyntaxError(source, at, "',' or ')' (a window follows a bare index)");
        }
        windows.push(eat('(') ? indexWindow() : null);
      } while (eat(','));
      expect(')');
    }
    const indices = subscripts.map(subscriptText);
    const windowed = windows.some((w) => w !== null);
    const affine = !subscripts.every(isPlainSubscript);
    if (windowed && affine) {
      throw new SparsifyError(
        'expression',
        `${tensor}(${indices.join(',')}) has both a window and an affine subscript; window the operand in a kernel of its own first`,
        'a window or affine subscripts, not both in one access',
      );
    }
    return node({
      kind: 'access',
      tensor,
      indices,
      ...(windowed ? { windows } : {}),
      ...(affine ? { subscripts } : {}),
    });
  };
  /** A subscript: a sum of products of index variables and integers (checked to be affine). */
  const subscriptSum = (): LinearForm =>
    nested(() => {
      let form = subscriptProduct();
      for (;;) {
        const sign = eat('+') ? 1 : eat('-') ? -1 : undefined;
        if (sign === undefined) return form;
        form = addForms(form, subscriptProduct(), sign);
      }
    });
  const subscriptProduct = (): LinearForm => {
    let form = subscriptFactor();
    while (eat('*')) form = multiplyForms(form, subscriptFactor());
    if (peek('/')) {
      throw new NotationSyntaxError(
        source,
        at,
        "'+', '*', ',' or ')' (a subscript has no division: floordiv and mod are not supported)",
      );
    }
    return form;
  };
  const subscriptFactor = (): LinearForm =>
    nested(() => {
      if (eat('(')) {
        const form = subscriptSum();
        expect(')');
        return form;
      }
      if (eat('-')) return multiplyForms(constantForm(-1), subscriptFactor());
      skip();
      const numberAt = at;
      const num = match(NUMBER);
      if (num !== undefined) {
        const value = Number(num);
        if (!Number.isSafeInteger(value)) {
          at = numberAt;
          throw new NotationSyntaxError(source, at, 'an integer in a subscript');
        }
        return constantForm(value);
      }
      return variableForm(name('an index name'));
    });
  /** A window bound: a non-negative integer. */
  const windowBound = (what: string): number => {
    skip();
    const start = at;
    const negative = eat('-');
    const text = match(NUMBER);
    const value = text === undefined ? Number.NaN : Number(text);
    if (negative || !Number.isSafeInteger(value)) {
      at = start;
      throw new NotationSyntaxError(source, at, `${what}, a non-negative integer`);
    }
    return value;
  };
  /** `(lo, hi)` or `(lo, hi, stride)` after an index name (the `(` eaten). */
  const indexWindow = (): IndexWindow => {
    const lo = windowBound('a window start');
    expect(',');
    skip();
    const hiAt = at;
    const hi = windowBound('a window end');
    if (hi < lo) {
      at = hiAt;
      throw new NotationSyntaxError(source, at, `a window end of at least its start ${lo}`);
    }
    let stride = 1;
    if (eat(',')) {
      skip();
      const strideAt = at;
      stride = windowBound('a window stride');
      if (stride < 1) {
        at = strideAt;
        throw new NotationSyntaxError(source, at, 'a window stride of at least 1');
      }
    }
    expect(')');
    return { lo, hi, stride };
  };
  /** Where each one-argument `min`/`max` starts, for its error. */
  const extremaAt = new Map<SumExpr, number>();
  const call = (fn: string): Expr => {
    const start = at - fn.length;
    expect('(');
    if (fn === 'sum') {
      const index = name('the index to sum over');
      expect(',');
      const body = expr();
      expect(')');
      return node({ kind: 'sum', index, body }, body);
    }
    const args: Expr[] = [fn === 'select' ? comparison() : expr()];
    if ((fn === 'min' || fn === 'max') && eat(')')) {
      // A reduction; its indices are known once the whole kernel is (see resolveExtrema).
      const body = args[0] as Expr;
      const pending: SumExpr = { kind: 'sum', index: '', body, reducer: fn };
      extremaAt.set(pending, start);
      return node(pending, body);
    }
    for (let n = 1; n < (FUNCTION_ARITY.get(fn) as number); n++) {
      expect(',');
      args.push(expr());
    }
    expect(')');
    return node({ kind: 'call', fn: fn as FunctionName, args }, ...args);
  };
  /** `min[j,k](e)`: a reduction over the indices named (what {@link printExpr} writes). */
  const indexedExtremum = (fn: 'min' | 'max'): Expr => {
    expect('[');
    const indices: string[] = [];
    do indices.push(name('an index to reduce over'));
    while (eat(','));
    expect(']');
    expect('(');
    const body = expr();
    expect(')');
    return indices.reduceRight<Expr>(
      (inner, index) => node({ kind: 'sum', index, body: inner, reducer: fn }, inner),
      body,
    );
  };
  const comparison = (): CompareExpr => {
    const lhs = expr();
    const op = COMPARE_OPS.find(eat);
    if (op === undefined)
      throw new NotationSyntaxError(
        source,
        at,
        "a comparison ('<', '<=', '>', '>=', '==' or '!=')",
      );
    const rhs = expr();
    return node({ kind: 'compare', op, lhs, rhs }, lhs, rhs);
  };
  const factor = (): Expr =>
    nested(() => {
      if (eat('(')) {
        const e = expr();
        expect(')');
        return e;
      }
      if (eat('-')) {
        const operand = factor();
        return node({ kind: 'neg', operand }, operand);
      }
      const num = match(NUMBER);
      if (num !== undefined) return node({ kind: 'const', value: Number(num) });
      skip();
      NAME.lastIndex = at;
      const word = NAME.exec(source)?.[0];
      if (word === undefined)
        throw new NotationSyntaxError(source, at, 'a tensor access, a number or (');
      if (RESERVED_NAMES.has(word)) {
        at += word.length;
        if (callFollows()) return call(word);
        if ((word === 'min' || word === 'max') && peek('[')) return indexedExtremum(word);
        at -= word.length;
      }
      return access();
    });
  const term = (): Expr => {
    let e = factor();
    for (;;) {
      const op = eat('*') ? '*' : eat('/') ? '/' : undefined;
      if (op === undefined) return e;
      const rhs = factor();
      e = node({ kind: 'binary', op, lhs: e, rhs }, e, rhs);
    }
  };
  const expr = (): Expr =>
    nested(() => {
      let e = term();
      for (;;) {
        const op = eat('+') ? '+' : eat('-') ? '-' : undefined;
        if (op === undefined) return e;
        const rhs = term();
        e = node({ kind: 'binary', op, lhs: e, rhs }, e, rhs);
      }
    });

  const output = access();
  if (output.subscripts !== undefined) {
    throw new SparsifyError(
      'expression',
      `the output ${output.tensor}(${output.indices.join(',')}) has an affine subscript: the output's subscripts must be index variables (affine subscripts are for operands)`,
      'index variables as output subscripts',
    );
  }
  if (output.windows !== undefined) {
    throw new SparsifyError(
      'expression',
      `the output ${output.tensor} has a window: windows are supported on operands only (write the whole output and slice it afterwards)`,
      'windows on operands only',
    );
  }
  const op: AssignOp | undefined = eat('+=') ? '+=' : eat('*=') ? '*=' : eat('=') ? '=' : undefined;
  if (op === undefined) throw new NotationSyntaxError(source, at, "'=', '+=' or '*='");
  const rhs = expr();
  skip();
  if (at !== source.length) throw new NotationSyntaxError(source, at, 'end of input');
  const reduced = resolveExtrema(source, output, rhs, extremaAt);
  return { source, output, op, rhs: resolveIndexValues(source, output, reduced) };
}

/**
 * Gives each one-argument `min(e)`/`max(e)` its indices: every index used only inside it (not
 * an output index, not used elsewhere in the kernel), one reduction node per index in order of
 * first use. Inner ones are resolved first, so an index is reduced by the innermost `min`/`max`
 * holding all its uses. One that would reduce nothing is a {@link NotationSyntaxError}.
 */
function resolveExtrema(
  source: string,
  output: AccessExpr,
  rhs: Expr,
  extremaAt: ReadonlyMap<SumExpr, number>,
): Expr {
  if (extremaAt.size === 0) return rhs;
  const names = indexVariablesOf(output, rhs);
  const total = useCounts(rhs, names);
  const resolve = (e: Expr): Expr => {
    const children = childrenOf(e);
    const rebuilt = children.length === 0 ? e : withChildren(e, children.map(resolve));
    if (e.kind !== 'sum' || e.index !== '' || e.reducer === undefined) return rebuilt;
    const body = (rebuilt as SumExpr).body;
    const inside = useCounts(body, names);
    const indices = freeIndexUses(body, names).filter(
      (i) => !output.indices.includes(i) && inside.get(i) === total.get(i),
    );
    const reducer = e.reducer;
    if (indices.length === 0) {
      throw new NotationSyntaxError(
        source,
        extremaAt.get(e) ?? 0,
        `an index that only ${reducer}(…) uses (every index of its argument is an output index or used outside it; write ${reducer}(a, b) for the element-wise ${reducer === 'min' ? 'minimum' : 'maximum'})`,
      );
    }
    return indices.reduceRight<Expr>(
      (inner, index) => ({ kind: 'sum', index, body: inner, reducer }),
      body,
    );
  };
  return resolve(rhs);
}

/** How often each index variable is used in `e` (access subscripts and bare names). */
function useCounts(e: Expr, names: ReadonlySet<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const n of nodesOf(e)) {
    if (n.kind !== 'access') continue;
    const used = n.indices.length === 0 && names.has(n.tensor) ? [n.tensor] : accessVariables(n);
    for (const i of used) counts.set(i, (counts.get(i) ?? 0) + 1);
  }
  return counts;
}

/** Index variables used in `e` and not bound by a reduction inside it, in order of first use. */
function freeIndexUses(e: Expr, names: ReadonlySet<string>): string[] {
  const found: string[] = [];
  const visit = (n: Expr, bound: ReadonlySet<string>): void => {
    if (n.kind === 'access') {
      const used = n.indices.length === 0 && names.has(n.tensor) ? [n.tensor] : accessVariables(n);
      for (const i of used) if (!bound.has(i) && !found.includes(i)) found.push(i);
    }
    const inner = n.kind === 'sum' && n.index !== '' ? new Set([...bound, n.index]) : bound;
    for (const c of childrenOf(n)) visit(c, inner);
  };
  visit(e, new Set());
  return found;
}

/** Every index variable named in the kernel: output indices, access indices, sum indices. */
function indexVariablesOf(output: AccessExpr, rhs: Expr): Set<string> {
  const names = new Set(output.indices);
  for (const e of nodesOf(rhs)) {
    if (e.kind === 'access') for (const i of accessVariables(e)) names.add(i);
    if (e.kind === 'sum' && e.index !== '') names.add(e.index);
  }
  return names;
}

/** Bare names that are index variables become index values. */
function resolveIndexValues(source: string, output: AccessExpr, rhs: Expr): Expr {
  const indices = indexVariablesOf(output, rhs);
  if (indices.has(output.tensor)) {
    throw new NotationSyntaxError(source, 0, `an output name that is not also an index variable`);
  }
  return mapExpr(rhs, (e) =>
    e.kind === 'access' && e.indices.length === 0 && indices.has(e.tensor)
      ? { kind: 'index', index: e.tensor }
      : e,
  );
}

/** The operands of `e` (empty for leaves). */
export function childrenOf(e: Expr): readonly Expr[] {
  switch (e.kind) {
    case 'access':
    case 'const':
    case 'index':
      return [];
    case 'neg':
      return [e.operand];
    case 'binary':
    case 'compare':
      return [e.lhs, e.rhs];
    case 'call':
      return e.args;
    case 'sum':
      return [e.body];
  }
}

/** `e` with its operands replaced by `children` (in {@link childrenOf} order). */
export function withChildren(e: Expr, children: readonly Expr[]): Expr {
  switch (e.kind) {
    case 'access':
    case 'const':
    case 'index':
      return e;
    case 'neg':
      return { kind: 'neg', operand: children[0] as Expr };
    case 'binary':
      return { kind: 'binary', op: e.op, lhs: children[0] as Expr, rhs: children[1] as Expr };
    case 'compare':
      return { kind: 'compare', op: e.op, lhs: children[0] as Expr, rhs: children[1] as Expr };
    case 'call':
      return { kind: 'call', fn: e.fn, args: children };
    case 'sum':
      return {
        kind: 'sum',
        index: e.index,
        body: children[0] as Expr,
        ...(e.reducer === undefined ? {} : { reducer: e.reducer }),
      };
  }
}

/** Rebuilds `e` bottom-up, applying `f` to every node after its operands. */
export function mapExpr(e: Expr, f: (e: Expr) => Expr): Expr {
  const children = childrenOf(e);
  if (children.length === 0) return f(e);
  return f(
    withChildren(
      e,
      children.map((c) => mapExpr(c, f)),
    ),
  );
}

/** Every node of `e`, parents before children, left to right. */
export function nodesOf(e: Expr): Expr[] {
  const out: Expr[] = [];
  const stack: Expr[] = [e];
  while (stack.length > 0) {
    const n = stack.pop() as Expr;
    out.push(n);
    const children = childrenOf(n);
    for (let k = children.length - 1; k >= 0; k--) stack.push(children[k] as Expr);
  }
  return out;
}

/** Every access in `e`, left to right. */
export function accessesOf(e: Expr): AccessExpr[] {
  return nodesOf(e).filter((n): n is AccessExpr => n.kind === 'access');
}

/**
 * `e` fully parenthesized, so that different trees never print alike; {@link parseNotation}
 * reads it back. A `min`/`max` reduction prints as `min[k](body)`, naming its index.
 */
export function printExpr(e: Expr): string {
  checkExpr(e, 'e');
  return printTree(e);
}

/** {@link printExpr} of a checked tree. */
function printTree(e: Expr): string {
  switch (e.kind) {
    case 'access':
      return e.subscripts === undefined
        ? `${e.tensor}(${e.indices.map((i, d) => i + windowText(e.windows?.[d])).join(',')})`
        : `${e.tensor}(${e.subscripts.map(subscriptText).join(',')})`;
    case 'const':
      // String() is injective on the literals the grammar reads (no sign, no NaN).
      return String(e.value);
    case 'index':
      return e.index;
    case 'neg':
      return `(-${printTree(e.operand)})`;
    case 'binary':
    case 'compare':
      return `(${printTree(e.lhs)}${e.op}${printTree(e.rhs)})`;
    case 'call':
      return `${e.fn}(${e.args.map(printTree).join(',')})`;
    case 'sum':
      // A min/max reduction names its index: `min(e)` alone would take its indices from the
      // context it is printed into.
      return e.reducer === undefined
        ? `sum(${e.index},${printTree(e.body)})`
        : `${e.reducer}[${e.index}](${printTree(e.body)})`;
  }
}

/** `(lo,hi,stride)` of a window (what {@link parseNotation} reads back), `''` for none. */
export function windowText(w: IndexWindow | null | undefined): string {
  if (w === null || w === undefined) return '';
  const bounds = [w.lo, w.hi, w.stride];
  if (!bounds.every((b) => Number.isSafeInteger(b) && b >= 0) || w.lo > w.hi || w.stride < 1) {
    throw new SparsifyError(
      'e',
      `a window ${textOf(w)} is malformed`,
      '{lo, hi, stride}: integers, 0 <= lo <= hi, stride >= 1',
    );
  }
  return `(${bounds.join(',')})`;
}
