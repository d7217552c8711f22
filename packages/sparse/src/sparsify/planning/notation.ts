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
 * windows): `A(i(1,5,2), j)` reads rows 1 and 3 of `A` as `i = 0, 1`; on a dense output,
 * `C(i(1,5,2), j) = …` writes rows 1 and 3 of `C` (see output-window.ts).
 *
 * A subscript may be affine (`I(i+k, j+l)`, `I(2*i+k)`, `A(i+1, 0)`): index variables with
 * positive integer coefficients plus a non-negative integer offset (see affine-subscript.ts);
 * any other form (`i*k`, `i-k`, `i-1`) is a {@link SparsifyError} naming the subscript. Affine
 * subscripts are on operands only, and not in an access that also has a window.
 *
 * Parsing is bounded: nesting deeper than `MAX_EXPRESSION_DEPTH` or more than
 * `MAX_EXPRESSION_NODES` nodes is a {@link NotationSyntaxError}, so no input can exhaust the
 * stack of the parser or of the passes that walk the tree. The parser itself is in
 * notation-parser.ts; this file resolves what it builds and holds the tree's walks and printer.
 */
import { textOf } from '../../sparse-error.js';
import { checkExpr } from '../argument-checks.js';
import { NotationSyntaxError, SparsifyError } from '../errors.js';
import { accessVariables, subscriptText } from './affine-subscript.js';
import {
  type AccessExpr,
  type Expr,
  type IndexWindow,
  MAX_NOTATION_LENGTH,
  type Notation,
  type SumExpr,
} from './expression.js';
import { parseKernel } from './notation-parser.js';

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
  const { output, op, rhs, extremaAt } = parseKernel(source);
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
