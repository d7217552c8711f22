/**
 * Derivatives of tensor index notation, as tensor index notation. The right-hand side is
 * expanded into a sum of products (constants times tensor accesses; products of sums are
 * distributed); the derivative with respect to tensor `t` is, per occurrence of `t` in each
 * product, the rest of the product times the output gradient `D(output indices)`, written to
 * `G(t's indices)`. Anything else (a `*=` kernel, an expression kind this does not know) is a
 * {@link SparseGradientError} naming the term.
 */
import { type AccessExpr, type Expr, type Notation, parseNotation } from '../../sparsify/index.js';
import type { Derivation } from './derivation.js';
import { SparseGradientError } from './sparse-gradient-error.js';

/** One product: a coefficient times tensor accesses. */
interface Product {
  readonly coefficient: number;
  readonly factors: readonly AccessExpr[];
}

/** Past this many products the expansion stops (distribution can grow exponentially). */
const MAX_PRODUCTS = 256;

function show(e: Expr): string {
  switch (e.kind) {
    case 'access':
      return e.indices.length === 0 ? e.tensor : `${e.tensor}(${e.indices.join(',')})`;
    case 'const':
      return String(e.value);
    case 'neg':
      return `-(${show(e.operand)})`;
    case 'binary':
      return `(${show(e.lhs)} ${e.op} ${show(e.rhs)})`;
    default:
      return JSON.stringify(e);
  }
}

/** `e` as a sum of products. */
function expand(e: Expr): Product[] {
  let products: Product[];
  switch (e.kind) {
    case 'access':
      products = [{ coefficient: 1, factors: [e] }];
      break;
    case 'const':
      products = [{ coefficient: e.value, factors: [] }];
      break;
    case 'neg':
      products = expand(e.operand).map((p) => ({ ...p, coefficient: -p.coefficient }));
      break;
    case 'binary': {
      const lhs = expand(e.lhs);
      const rhs = expand(e.rhs);
      if (e.op === '+') products = [...lhs, ...rhs];
      else if (e.op === '-')
        products = [...lhs, ...rhs.map((p) => ({ ...p, coefficient: -p.coefficient }))];
      else
        products = lhs.flatMap((a) =>
          rhs.map((b) => ({
            coefficient: a.coefficient * b.coefficient,
            factors: [...a.factors, ...b.factors],
          })),
        );
      break;
    }
    default:
      throw new SparseGradientError(show(e), 'no derivative rule for this kind of term');
  }
  if (products.length > MAX_PRODUCTS)
    throw new SparseGradientError(show(e), `expands to more than ${MAX_PRODUCTS} products`);
  return products;
}

const access = (a: AccessExpr) =>
  a.indices.length === 0 ? a.tensor : `${a.tensor}(${a.indices.join(',')})`;

/** A name not used by any tensor of `notation`, starting from `base`. */
function freshName(notation: Notation, base: string, taken: ReadonlySet<string>): string {
  const used = new Set([notation.output.tensor, ...taken]);
  const collect = (e: Expr): void => {
    if (e.kind === 'access') used.add(e.tensor);
    else if (e.kind === 'neg') collect(e.operand);
    else if (e.kind === 'binary') {
      collect(e.lhs);
      collect(e.rhs);
    }
  };
  collect(notation.rhs);
  let name = base;
  for (let k = 2; used.has(name); k++) name = `${base}${k}`;
  return name;
}

/** A derivative kernel: its notation, and the names it gives the gradient and output gradient. */
export interface DerivativeKernel {
  /** `G(t's indices) = …`, or `undefined` when the output does not depend on `t`. */
  readonly expr: string | undefined;
  /** Name of the output-gradient operand in `expr`. */
  readonly outputGradient: string;
}

/**
 * The kernel computing the gradient of `expression`'s output with respect to tensor `tensor`,
 * given the output gradient as the dense operand `outputGradient` (see the return value). With
 * `sampleWith`, every product is also multiplied by that tensor at `tensor`'s indices (the
 * pattern of a sparse operand, so only its stored entries are computed: an SDDMM).
 *
 * @throws SparseGradientError for a `*=` kernel or a term with no derivative rule.
 */
export function derivativeKernel(
  expression: string,
  tensor: string,
  sampleWith?: string,
): DerivativeKernel {
  const notation = parseNotation(expression);
  if (notation.op === '*=')
    throw new SparseGradientError(
      expression,
      '`*=` multiplies into the output over stored entries only',
    );
  const outputGradient = freshName(
    notation,
    'D',
    new Set(sampleWith === undefined ? [] : [sampleWith]),
  );
  const gradient = freshName(notation, 'G', new Set([outputGradient, sampleWith ?? '']));
  const terms: string[] = [];
  let indices: readonly string[] | undefined;
  for (const product of expand(notation.rhs)) {
    product.factors.forEach((f, k) => {
      if (f.tensor !== tensor || product.coefficient === 0) return;
      if (f.subscripts !== undefined) {
        throw new SparseGradientError(
          show(f),
          `the gradient with respect to ${tensor}, read through affine subscripts, would be written at them (a transposed convolution), which is not supported; differentiate with respect to the other operands`,
        );
      }
      indices = f.indices;
      const rest = product.factors.filter((_, m) => m !== k).map(access);
      const sample = sampleWith === undefined ? [] : [access({ ...f, tensor: sampleWith })];
      const factors = [...sample, access({ ...notation.output, tensor: outputGradient }), ...rest];
      const magnitude = Math.abs(product.coefficient);
      if (magnitude !== 1) factors.unshift(String(magnitude));
      terms.push(
        `${product.coefficient < 0 ? '- ' : terms.length > 0 ? '+ ' : ''}${factors.join(' * ')}`,
      );
    });
  }
  if (indices === undefined || terms.length === 0) return { expr: undefined, outputGradient };
  const out = indices.length === 0 ? gradient : `${gradient}(${indices.join(',')})`;
  return { expr: `${out} = ${terms.join(' ')}`, outputGradient };
}

/** The tensors an expression reads. */
function tensorsRead(e: Expr): Set<string> {
  if (e.kind === 'access') return new Set([e.tensor]);
  if (e.kind === 'neg') return tensorsRead(e.operand);
  if (e.kind === 'binary') return new Set([...tensorsRead(e.lhs), ...tensorsRead(e.rhs)]);
  return new Set();
}

/** {@link derivativeKernel} with the tensors its expression reads (what a gradient binds). */
export function derivation(expression: string, tensor: string, sampleWith?: string): Derivation {
  const { expr, outputGradient } = derivativeKernel(expression, tensor, sampleWith);
  if (expr === undefined) return { outputGradient, reads: [] };
  return { expr, outputGradient, reads: [...tensorsRead(parseNotation(expr).rhs)] };
}
