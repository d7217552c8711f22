/**
 * The cache key of {@link sparseOp}: a canonical spelling of the parsed expression, the
 * formats and every option, so two calls share a compiled op exactly when they mean the same
 * kernel. The readable kernel name is derived from it but is not the key (it drops
 * parentheses and punctuation); a hash of the key keeps the names of different keys apart.
 */
import type { EngineName } from '@tilekit/loop-engines';
import type { FormatSpec } from '../sparse-tensor/format.js';
import { SparsifyError } from '../sparsify/errors.js';
import type { Expr, Notation } from '../sparsify/planning/expression.js';
import type { ValueType } from '../sparsify/planning/kernel-plan.js';
import { parseNotation, printExpr } from '../sparsify/planning/notation.js';
import { memoizedByText } from './text-memo.js';

/** Options of {@link sparseOp}. */
export interface SparseOpOptions {
  /** SIMD width of the vectorizer; omit (or 0) to keep scalar loops. */
  readonly vectorLength?: number;
  readonly enableVLAVectorization?: boolean;
  readonly enableSIMDIndex32?: boolean;
  /**
   * A vectorized reduction inside another loop (a matrix's row) of at most `vectorLength / 2`
   * iterations (a short sparse row) runs on half as many lanes, and one of at most
   * `vectorLength / 4` as the scalar loop (default true),
   * with bit-identical results: the vectorizer's
   * `halfWidthShortReductions`. `false` emits the full-width code `mlir-opt-22` emits.
   */
  readonly halfWidthShortReductions?: boolean;
  /** `vector.vscale` for VLA code (default 1). */
  readonly vscale?: number;
  /** Engine running the kernel (default `'wasm'`). */
  readonly engine?: EngineName;
  /**
   * Value type the kernel computes in. The tfjs ops compute in `'f32'` if any operand is
   * float32, else in `'i32'`, and take no other (a `SparsifyError`): cast with `tf.cast`.
   */
  readonly valueType?: ValueType;
}

/**
 * The default of every {@link SparseOpOptions} field. Typed `Required<…>` so that a new option
 * cannot be added without a default here, and so without joining the cache key.
 */
export const SPARSE_OP_OPTION_DEFAULTS: Readonly<Required<SparseOpOptions>> = Object.freeze({
  vectorLength: 0,
  enableVLAVectorization: false,
  enableSIMDIndex32: false,
  halfWidthShortReductions: true,
  vscale: 1,
  engine: 'wasm',
  valueType: 'f32',
});

/** Every option of {@link SparseOpOptions}, the keys an options object may hold. */
export const SPARSE_OP_OPTION_KEYS: readonly string[] = Object.freeze(
  Object.keys(SPARSE_OP_OPTION_DEFAULTS),
);

/** `options` with every field filled in from {@link SPARSE_OP_OPTION_DEFAULTS}. */
export function resolveSparseOpOptions(options: SparseOpOptions): Required<SparseOpOptions> {
  const resolved: Record<string, unknown> = {};
  for (const [name, fallback] of Object.entries(SPARSE_OP_OPTION_DEFAULTS))
    resolved[name] = (options as Record<string, unknown>)[name] ?? fallback;
  return resolved as unknown as Required<SparseOpOptions>;
}

/** `e` fully parenthesized, so that different trees never print alike. */
const canonicalExpr = (e: Expr): string => printExpr(e);

/** A kernel in canonical notation: whitespace and redundant parentheses do not matter. */
export function canonicalNotation(notation: Notation): string {
  return `${canonicalExpr(notation.output)}${notation.op}${canonicalExpr(notation.rhs)}`;
}

/** Nesting a key spells out; only a format description nests (options are flat). */
const MAX_KEY_DEPTH = 16;

/**
 * JSON with object keys sorted, so equal format descriptions spell alike; a bigint spelled
 * `5n` (JSON has none), and a description nested past {@link MAX_KEY_DEPTH} (a cycle, say) a
 * typed error rather than a stack overflow.
 */
function sortedJson(value: unknown, depth = 0): string {
  if (depth > MAX_KEY_DEPTH)
    throw new SparsifyError(
      'formats',
      `a format description nests deeper than ${MAX_KEY_DEPTH} levels`,
    );
  if (typeof value === 'bigint') return `${value}n`;
  if (Array.isArray(value)) return `[${value.map((v) => sortedJson(v, depth + 1)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${sortedJson(v, depth + 1)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/**
 * {@link canonicalNotation} of `expr`'s parse, memoized by the text (every call of an op
 * re-derives its key).
 */
const canonicalText = /* @__PURE__ */ memoizedByText(
  (expr: string) => expr,
  (expr) => canonicalNotation(parseNotation(expr)),
);

/**
 * The cache key of a sparse op: canonical expression, formats and resolved options. Throws the
 * expression's `NotationSyntaxError` like `sparsify` would.
 */
export function sparseOpKey(
  expr: string,
  formats: Readonly<Record<string, FormatSpec>>,
  options: SparseOpOptions,
): string {
  return sortedJson({
    expr: canonicalText(expr),
    formats,
    options: resolveSparseOpOptions(options),
  });
}

/** 32-bit FNV-1a of `text` as 8 hex digits (a short tag; the full key stays the cache key). */
export function keyTag(text: string): string {
  let h = 0x811c9dc5;
  for (let k = 0; k < text.length; k++) {
    h ^= text.charCodeAt(k);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}
