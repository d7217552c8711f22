/**
 * `sparseOp(expr, formats, options)`: any kernel of tensor index notation as a tfjs op. The op
 * runs the stable kernel `SparseOp` with the expression, formats and options as attributes;
 * each backend compiles one kernel per distinct attribute set and caches it.
 */
import { op, type Tensor } from '@tensorflow/tfjs-core';
import type { FormatSpec } from '../../sparse-tensor/format.js';
import { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import { type SparseKernel, SparsifyError, sparsify } from '../../sparsify/index.js';
import { checkOptionsObject } from '../../sparsify/options-object.js';
import { blockViewOf } from '../../sparsify/planning/block-view.js';
import { installSparseCompilerRoute, refuseOperandWindows } from '../compile-route.js';
import { SparseOp as SparseOpKernel } from '../kernel-names.js';
import { callerInputsOf } from '../sparse-call.js';
import {
  resolveSparseOpOptions,
  SPARSE_OP_OPTION_KEYS,
  type SparseOpOptions,
  sparseOpKey,
} from '../sparse-op-key.js';
import { format32, TfSparseTensor } from '../sparse-tensor-tf.js';
import { runBlockKernel } from './block-product.js';
import { runSparseKernel } from './run-sparse-kernel.js';
import type { SparseOperand } from './sparse-argument.js';

export type { SparseOpOptions } from '../sparse-op-key.js';
export type { SparseOperand } from './sparse-argument.js';

/** A sparse op over the operands of one expression, formats and options. */
export interface SparseOp {
  /** Runs the kernel on the operands, in order of first appearance in the expression. */
  (...operands: SparseOperand[]): Tensor;
  /** The tfjs kernel every sparseOp runs (`'SparseOp'`). */
  readonly kernelName: string;
  /** The expression as given. */
  readonly expr: string;
  /** The emitted scalar loops (for inspection; each backend compiles its own form). */
  readonly kernel: SparseKernel;
  /** The operand names, in call order. */
  readonly operandNames: readonly string[];
}

/**
 * Ops by {@link sparseOpKey}, so equal meanings share one op; past {@link OPS_LIMIT} distinct
 * ops the map starts over (an app making ever new kernels keeps bounded memory).
 */
const OPS = new Map<string, SparseOp>();

/** Ops remembered at once. */
const OPS_LIMIT = 1024;

/** Levels and order of a format, for comparing an operand with the op's formats. */
function levelsAndOrder(spec: FormatSpec, rank: number): string {
  const f = format32(spec, rank);
  return `[${f.levels.join(', ')}] order [${f.order.join(', ')}]`;
}

/**
 * Returns the op of `expr` (tensor index notation) with `formats` for its sparse operands, e.g.
 * `sparseOp('y(i) = A(i,j) * x(j)', {A: 'CSR'})(A, x)`. Equal expressions (spacing and
 * redundant parentheses aside), formats and options return the same op.
 *
 * @throws NotationSyntaxError, SparsifyError for an expression or formats sparsify rejects, or
 *   an options key that is no option (naming `options.<key>` and the option meant).
 */
export function sparseOp(
  expr: string,
  formats: Readonly<Record<string, FormatSpec>>,
  options: SparseOpOptions = {},
): SparseOp {
  if (typeof expr !== 'string')
    throw new SparsifyError('expr', 'expected tensor index notation, e.g. y(i) = A(i,j) * x(j)');
  if (typeof formats !== 'object' || formats === null || Array.isArray(formats))
    throw new SparsifyError('formats', 'expected a format per sparse operand, e.g. {A: "CSR"}');
  checkOptionsObject('sparseOp', options, SPARSE_OP_OPTION_KEYS);
  // Any expression needs the compiler, so the op that takes any expression installs it.
  installSparseCompilerRoute();
  // A cached op serves every call with its key, so what it does depends on the key alone: the
  // resolved options (null is a default, as left out), and whether a value type was asked for.
  const key = sparseOpKey(expr, formats, {
    ...options,
    valueType: options.valueType ?? ('of the operands' as never),
  });
  const cached = OPS.get(key);
  if (cached !== undefined) return cached;
  const kernel = sparsify(expr, formats, {});
  refuseOperandWindows(kernel, expr);
  // A block or structured operand: the kernel reads its levels; the op takes dimension form.
  const blocked = blockViewOf(kernel) !== undefined;
  const names = callerInputsOf(kernel.plan).map((t) => t.name);
  const sparseNames = new Set(Object.keys(formats).filter((n) => names.includes(n)));
  const rankOf = new Map(callerInputsOf(kernel.plan).map((t) => [t.name, t.indices.length]));

  // sparseOp's own defaults (scalar loops) rather than the ready-made ops' vectorized ones; the
  // value type stays the caller's alone (left out, the operands' dtypes decide).
  const { valueType: _default, ...defaults } = resolveSparseOpOptions(options);
  const resolved: SparseOpOptions =
    options.valueType == null ? defaults : { ...defaults, valueType: options.valueType };

  function sparseOp_(...operands: SparseOperand[]): Tensor {
    if (operands.length !== names.length)
      throw new SparsifyError(
        'operands',
        `${expr} takes ${names.length} operands (${names.join(', ')}), got ${operands.length}`,
      );
    const named: Record<string, SparseOperand> = {};
    operands.forEach((value, k) => {
      const name = names[k] as string;
      named[name] = value;
      if (!sparseNames.has(name) || blocked) return;
      if (value instanceof TfSparseTensor || value instanceof SparseTensor) {
        const rank = rankOf.get(name) ?? 0;
        const expected = levelsAndOrder(formats[name] as FormatSpec, rank);
        const actual =
          value.rank === rank ? levelsAndOrder(value.format, rank) : `rank ${value.rank}`;
        if (actual !== expected)
          throw new SparsifyError(
            `operands.${name}`,
            `format ${actual} does not match the kernel's ${expected}`,
          );
      }
    });
    if (blocked) return runBlockKernel('sparseOp', expr, formats, named, resolved);
    return runSparseKernel('sparseOp', SparseOpKernel, expr, named, sparseNames, resolved, {
      expr,
    });
  }

  const result = op({ sparseOp_ }) as unknown as SparseOp;
  Object.defineProperties(result, {
    kernelName: { value: SparseOpKernel },
    expr: { value: expr },
    kernel: { value: kernel },
    operandNames: { value: Object.freeze([...names]) },
  });
  if (OPS.size >= OPS_LIMIT) OPS.clear();
  OPS.set(key, result);
  return result;
}
