/**
 * A dense reference evaluator of tensor index notation with TACO's semantics, written
 * independently of any emitter: it parses the notation itself, places reductions as TACO's
 * `makeReductionNotation` does, and evaluates every index tuple with plain loops.
 *
 * Semantics:
 * - an index absent from the output is summed over the smallest subexpression holding every
 *   use of it (`r(i) = b(i) - A(i,k)*x(k)` is `b - Ax`; `a(i) = 2*(B(i,k)*c(k)) + 3` is
 *   `2Bc + 3`); several such indices with the same subexpression nest in order of first use;
 *   `sum(k, e)` sums explicitly; a sum that would wrap a comparison wraps its `select`;
 * - a bare name that is an index variable is that index's value (MLIR's `linalg.index`);
 * - `=` writes the value, `+=` adds it to the initial output; `*=` multiplies the output by
 *   every non-zero value of the right-hand side over all index tuples (stored entries only);
 * - `+ - * /`, unary `-`, `sqrt`, `exp`, `abs`, `max`, `min` with every result rounded by
 *   the given rounding (float32 by default), integer division truncating;
 * - `select(x < y, a, b)` (comparisons `< <= > >= == !=`, false with a NaN side except `!=`)
 *   is `a` where the comparison holds, else `b`.
 */

import {
  optionalFunction,
  refuse,
  requireArrayLike,
  requireInteger,
  requireIntegers,
  requireNumbers,
  requireObject,
  requireString,
} from '../core/arguments.js';
import { ConformanceConfigError } from '../errors.js';

/** The longest notation read: a kernel's right-hand side is a line, not a document. */
const MAX_NOTATION = 4096;
/** The deepest nesting of parentheses read (the parser recurses once per level). */
const MAX_NESTING = 64;
/** The most index tuples evaluated: the reference loops over every one of them. */
const MAX_TUPLES = 2 ** 24;

/** Checks the notation's text before it is parsed: a string, bounded in length and nesting. */
function checkNotation(notation: unknown): asserts notation is string {
  requireString(notation, 'notation');
  if (notation.length > MAX_NOTATION)
    refuse('notation', `at most ${MAX_NOTATION} characters`, notation);
  let depth = 0;
  for (const c of notation) {
    depth += c === '(' ? 1 : c === ')' ? -1 : 0;
    if (depth > MAX_NESTING)
      refuse('notation', `at most ${MAX_NESTING} nested parentheses`, notation);
  }
}

/** Checks every operand: a number, or row-major data covering its shape. */
function checkOperands(operands: unknown): void {
  requireObject(operands, 'operands');
  for (const [name, operand] of Object.entries(operands)) {
    if (typeof operand === 'number') continue;
    const at = `operands.${name}`;
    requireObject(operand, at);
    requireIntegers(operand.shape, `${at}.shape`, 0, MAX_TUPLES, 64);
    const size = operand.shape.reduce((p, d) => p * d, 1);
    requireNumbers(operand.data, `${at}.data`, Number.MAX_SAFE_INTEGER);
    if (operand.data.length < size)
      refuse(`${at}.data`, `${size} values (its shape)`, operand.data);
  }
}

/** Checks the options: `round` a function, `integer` a boolean, `extents` counts by index. */
function checkNotationOptions(options: unknown): void {
  requireObject(options, 'options');
  optionalFunction(options.round, 'options.round');
  if (options.integer !== undefined && typeof options.integer !== 'boolean') {
    refuse('options.integer', 'a boolean', options.integer);
  }
  if (options.extents === undefined) return;
  requireObject(options.extents, 'options.extents');
  for (const [i, size] of Object.entries(options.extents)) {
    // An index with no extent given (undefined) keeps whatever the operands say.
    if (size !== undefined) requireInteger(size, `options.extents.${i}`, 0, MAX_TUPLES);
  }
}

/** A dense operand (row-major data with its shape) or a scalar. */
export type NotationOperand =
  | { readonly data: ArrayLike<number>; readonly shape: readonly number[] }
  | number;

type Node =
  | { readonly k: 'num'; readonly v: number }
  | {
      readonly k: 'read';
      readonly name: string;
      readonly idx: readonly string[];
      readonly bare: boolean;
    }
  | { readonly k: 'idx'; readonly name: string }
  | { readonly k: 'op'; readonly op: string; readonly args: readonly Node[] }
  | { readonly k: 'sum'; readonly v: string; readonly body: Node };

interface Kernel {
  readonly out: { readonly name: string; readonly idx: readonly string[] };
  readonly assign: '=' | '+=' | '*=';
  readonly rhs: Node;
}

const TOKEN =
  /\s*(\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?|[A-Za-z_]\w*|\+=|\*=|<=|>=|==|!=|[<>]|[-+*/(),=])/y;
const COMPARISONS = new Set(['<', '<=', '>', '>=', '==', '!=']);
/** Function names and their arity. */
const FUNCTIONS: Readonly<Record<string, number>> = {
  sqrt: 1,
  exp: 1,
  abs: 1,
  max: 2,
  min: 2,
  select: 3,
};

function tokenize(source: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < source.length && /\S/.test(source.slice(at))) {
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(source);
    if (m === null)
      throw new ConformanceConfigError('notation', `cannot be read from "${source.slice(at)}"`);
    tokens.push(m[1] as string);
    at = TOKEN.lastIndex;
  }
  return tokens;
}

function parse(source: string): Kernel {
  const t = tokenize(source);
  let p = 0;
  const take = (want?: string): string => {
    const tok = t[p++];
    if (tok === undefined || (want !== undefined && tok !== want))
      throw new ConformanceConfigError('notation', `lacks ${want ?? 'a token'}: "${source}"`);
    return tok;
  };
  const isName = (s: string | undefined) => s !== undefined && /^[A-Za-z_]/.test(s);
  const indexList = (): string[] => {
    const idx: string[] = [];
    if (t[p] !== '(') return idx;
    take('(');
    while (t[p] !== ')') {
      idx.push(take());
      if (t[p] === ',') take(',');
    }
    take(')');
    return idx;
  };
  const primary = (): Node => {
    const tok = take();
    if (tok === '-') return { k: 'op', op: 'neg', args: [primary()] };
    if (tok === '(') {
      const e = additive();
      take(')');
      return e;
    }
    if (!isName(tok)) return { k: 'num', v: Number(tok) };
    if (tok === 'sum' && t[p] === '(') {
      take('(');
      const v = take();
      take(',');
      const body = additive();
      take(')');
      return { k: 'sum', v, body };
    }
    const arity = Object.hasOwn(FUNCTIONS, tok) ? FUNCTIONS[tok] : undefined;
    if (arity !== undefined && t[p] === '(') {
      take('(');
      const args = [tok === 'select' ? comparison() : additive()];
      while (args.length < arity) {
        take(',');
        args.push(additive());
      }
      take(')');
      return { k: 'op', op: tok, args };
    }
    const bare = t[p] !== '(';
    return { k: 'read', name: tok, idx: indexList(), bare };
  };
  const multiplicative = (): Node => {
    let e = primary();
    while (t[p] === '*' || t[p] === '/') e = { k: 'op', op: take(), args: [e, primary()] };
    return e;
  };
  const additive = (): Node => {
    let e = multiplicative();
    while (t[p] === '+' || t[p] === '-') e = { k: 'op', op: take(), args: [e, multiplicative()] };
    return e;
  };
  const comparison = (): Node => {
    const lhs = additive();
    const op = take();
    if (!COMPARISONS.has(op))
      throw new ConformanceConfigError('notation', `lacks a comparison: "${source}"`);
    return { k: 'op', op, args: [lhs, additive()] };
  };
  const name = take();
  const out = { name, idx: indexList() };
  const assign = take() as Kernel['assign'];
  const rhs = additive();
  if (p !== t.length)
    throw new ConformanceConfigError('notation', `has trailing input: "${source}"`);
  const indexNames = new Set(out.idx);
  const collect = (n: Node): void => {
    if (n.k === 'read') for (const i of n.idx) indexNames.add(i);
    if (n.k === 'sum') {
      indexNames.add(n.v);
      collect(n.body);
    }
    if (n.k === 'op') n.args.forEach(collect);
  };
  collect(rhs);
  const resolve = (n: Node): Node => {
    if (n.k === 'read' && n.bare && indexNames.has(n.name)) return { k: 'idx', name: n.name };
    if (n.k === 'op') return { ...n, args: n.args.map(resolve) };
    if (n.k === 'sum') return { ...n, body: resolve(n.body) };
    return n;
  };
  return { out, assign, rhs: resolve(rhs) };
}

/** Index variables free in a node (used, not bound by a sum inside it), in order of first use. */
function freeIndices(n: Node, into: string[] = []): string[] {
  const add = (i: string) => {
    if (!into.includes(i)) into.push(i);
  };
  if (n.k === 'read') n.idx.forEach(add);
  else if (n.k === 'idx') add(n.name);
  else if (n.k === 'op') for (const a of n.args) freeIndices(a, into);
  else if (n.k === 'sum')
    freeIndices(n.body)
      .filter((i) => i !== n.v)
      .forEach(add);
  return into;
}

/** How many times index `i` is used freely in `n`. */
function uses(n: Node, i: string): number {
  switch (n.k) {
    case 'read':
      return n.idx.filter((x) => x === i).length;
    case 'idx':
      return n.name === i ? 1 : 0;
    case 'op':
      return n.args.reduce((s, a) => s + uses(a, i), 0);
    case 'sum':
      return n.v === i ? 0 : uses(n.body, i);
    default:
      return 0;
  }
}

/**
 * Places a sum over each index of `reduced` (all of whose uses lie in `n`) at the smallest
 * subtree holding every use of it.
 */
function placeReductions(n: Node, reduced: readonly string[]): Node {
  const sums = (vars: readonly string[], body: Node): Node =>
    vars.reduceRight<Node>((inner, v) => ({ k: 'sum', v, body: inner }), body);
  if (n.k === 'op') {
    // A comparison is not a number: a sum that would wrap one wraps its select instead.
    const holdsAll = (a: Node, i: string): boolean => uses(a, i) === uses(n, i);
    const inside = n.args.map((a) =>
      reduced.filter(
        (i) =>
          holdsAll(a, i) &&
          (a.k !== 'op' || !COMPARISONS.has(a.op) || a.args.some((g) => holdsAll(g, i))),
      ),
    );
    const here = reduced.filter((i) => !inside.some((list) => list.includes(i)));
    return sums(here, { ...n, args: n.args.map((a, k) => placeReductions(a, inside[k] ?? [])) });
  }
  if (n.k === 'sum') return { ...n, body: placeReductions(n.body, reduced) };
  return sums(reduced, n);
}

/**
 * Evaluates `notation` densely on `operands` (tensors by name; shapes give index extents),
 * starting from `initial` (used by `+=` and `*=`), rounding every operation with `round`.
 * Returns the output in row-major order.
 * @throws ConformanceConfigError for notation it cannot read, operands, initial values or
 *   options that are not what it takes, or more than 2^24 index tuples.
 */
export function referenceIndexNotation(
  notation: string,
  operands: Readonly<Record<string, NotationOperand>>,
  initial: ArrayLike<number>,
  options: {
    readonly round?: (x: number) => number;
    readonly integer?: boolean;
    /** Extents of index variables no operand sizes (`X(i,j) *= 2` has none). */
    readonly extents?: Readonly<Record<string, number>>;
  } = {},
): number[] {
  checkNotation(notation);
  checkOperands(operands);
  requireArrayLike(initial, 'initial', Number.MAX_SAFE_INTEGER);
  checkNotationOptions(options);
  const round = options.round ?? Math.fround;
  const integer = options.integer ?? false;
  const kernel = parse(notation);
  const extent = new Map<string, number>();
  const learn = (n: Node): void => {
    if (n.k === 'read') {
      const o = operands[n.name];
      if (o !== undefined && typeof o !== 'number') {
        for (const [d, i] of n.idx.entries()) extent.set(i, o.shape[d] as number);
      }
    } else if (n.k === 'op') n.args.forEach(learn);
    else if (n.k === 'sum') learn(n.body);
  };
  learn(kernel.rhs);
  for (const [i, size] of Object.entries(options.extents ?? {})) {
    if (!extent.has(i)) extent.set(i, size);
  }
  const env = new Map<string, number>();
  const read = (name: string, idx: readonly string[]): number => {
    const o = operands[name];
    if (o === undefined) throw new ConformanceConfigError('operands', `has no operand ${name}`);
    if (typeof o === 'number') return o;
    let at = 0;
    idx.forEach((i, d) => {
      at = at * (o.shape[d] as number) + (env.get(i) as number);
    });
    return o.data[at] as number;
  };
  const apply = (op: string, a: number, b: number): number => {
    switch (op) {
      case '+':
        return a + b;
      case '-':
        return a - b;
      case '*':
        return integer ? Math.imul(a, b) : a * b;
      case '/':
        return integer ? Math.trunc(a / b) : a / b;
      case 'neg':
        return -a;
      case 'sqrt':
        return Math.sqrt(a);
      case 'exp':
        return Math.exp(a);
      case 'abs':
        return Math.abs(a);
      case '<':
        return a < b ? 1 : 0;
      case '<=':
        return a <= b ? 1 : 0;
      case '>':
        return a > b ? 1 : 0;
      case '>=':
        return a >= b ? 1 : 0;
      case '==':
        return a === b ? 1 : 0;
      case '!=':
        return a !== b ? 1 : 0;
      case 'max':
        return Number.isNaN(a) || Number.isNaN(b) ? Number.NaN : Math.max(a, b);
      default:
        return Number.isNaN(a) || Number.isNaN(b) ? Number.NaN : Math.min(a, b);
    }
  };
  const evaluate = (n: Node): number => {
    switch (n.k) {
      case 'num':
        return round(n.v);
      case 'read':
        return read(n.name, n.idx);
      case 'idx':
        return round(env.get(n.name) as number);
      case 'op': {
        if (n.op === 'select') {
          const [condition, whenTrue, whenFalse] = n.args as [Node, Node, Node];
          return evaluate(condition) !== 0 ? evaluate(whenTrue) : evaluate(whenFalse);
        }
        const [a, b] = n.args.map(evaluate) as [number, number];
        return round(apply(n.op, a, b));
      }
      case 'sum': {
        let total = 0;
        const size = extent.get(n.v) ?? 0;
        for (let x = 0; x < size; x++) {
          env.set(n.v, x);
          total = round(total + evaluate(n.body));
        }
        env.delete(n.v);
        return total;
      }
    }
  };
  const outIdx = kernel.out.idx;
  const tuples = [...new Set([...outIdx, ...freeIndices(kernel.rhs)])].reduce(
    (product, i) => product * (extent.get(i) ?? 1),
    1,
  );
  if (tuples > MAX_TUPLES) {
    refuse('operands', `shapes of at most ${MAX_TUPLES} index tuples in all`, operands);
  }
  const outSize = outIdx.reduce((s, i) => s * (extent.get(i) ?? 0), 1);
  const out = Array.from({ length: outSize }, (_, k) =>
    kernel.assign === '=' ? 0 : (initial[k] as number),
  );
  const offset = (): number =>
    outIdx.reduce((at, i) => at * (extent.get(i) as number) + (env.get(i) as number), 0);
  const loops = (vars: readonly string[], body: () => void): void => {
    const visit = (d: number): void => {
      if (d === vars.length) {
        body();
        return;
      }
      const v = vars[d] as string;
      for (let x = 0; x < (extent.get(v) ?? 0); x++) {
        env.set(v, x);
        visit(d + 1);
      }
    };
    visit(0);
  };
  if (kernel.assign === '*=') {
    // Multiplication by stored entries: every index tuple, zero values skipped.
    const vars = freeIndices(kernel.rhs).filter((i) => !outIdx.includes(i));
    loops([...outIdx, ...vars], () => {
      const v = evaluate(kernel.rhs);
      if (v !== 0) out[offset()] = round((out[offset()] as number) * v);
    });
    return out;
  }
  const rhs = placeReductions(
    kernel.rhs,
    freeIndices(kernel.rhs).filter((i) => !outIdx.includes(i)),
  );
  loops(outIdx, () => {
    const v = evaluate(rhs);
    const at = offset();
    out[at] = kernel.assign === '+=' ? round((out[at] as number) + v) : v;
  });
  return out;
}
