/**
 * The tfjs sparse ops as an implementation of `@tilekit/conformance`'s sparse suite: each request
 * becomes one `sparseOp` run on the active tfjs backend (whatever registered the `SparseOp`
 * kernel there: this package's register entries, or another backend's own), with sparse operands
 * stored in their formats and the result read back densely. A backend author runs the suite on
 * their backend with `sparseConformance(tfjsSparseConformanceImpl())`.
 */
import * as tf from '@tensorflow/tfjs-core';
import type { ConformanceRequest } from '../conformance-impl.js';
import { installSparseTensorConstruction } from '../sparse-tensor/construction.js';
import type { FormatSpec } from '../sparse-tensor/format.js';
import { SparseTensor } from '../sparse-tensor/sparse-tensor.js';
import { SparsifyError } from '../sparsify/errors.js';
import type { AccessExpr } from '../sparsify/planning/expression.js';
import { parseNotation, printExpr } from '../sparsify/planning/notation.js';
import { sparseOp } from './ops/sparse-op.js';
import type { SparseOpOptions } from './sparse-op-key.js';

/** Options of {@link tfjsSparseConformanceImpl}: how the ops compile (default: scalar loops). */
export type TfjsConformanceImplOptions = Omit<SparseOpOptions, 'valueType'>;

/** The name the output's initial contents take as an operand of a compound assignment. */
const initialName = (output: string) => `${output}_initial`;

/**
 * A functional op has no output to update in place, so `out(i) += e` runs as
 * `out(i) = out_initial(i) + (e)`, `out_initial` holding the output's initial contents in the
 * output's format (TACO's reduction placement keeps `e`'s sums inside `e`). `*=` has no such
 * form: it multiplies by the stored entries of its right-hand side only (MLIR's product
 * reduction), which an expression with `=` cannot say.
 */
function functionalForm(request: ConformanceRequest): {
  expression: string;
  initial?: string;
} {
  const notation = parseNotation(request.expression);
  if (notation.op === '=') return { expression: request.expression };
  if (notation.op === '*=') {
    throw new SparsifyError(
      'request.expression',
      "'*=' multiplies the output by the stored entries of its right-hand side, in place; a " +
        'tfjs op returns a new tensor and has no output to update',
    );
  }
  const initial = initialName(request.output.name);
  const out = notation.output;
  const start: AccessExpr = { ...out, tensor: initial };
  return {
    expression: `${printExpr(out)} = ${printExpr(start)} + (${printExpr(notation.rhs)})`,
    initial,
  };
}

/**
 * An implementation of the sparse conformance suite running {@link sparseOp} on the active tfjs
 * backend. tfjs tensors hold `float32` and `int32` only, so an `f64` request is a typed error
 * (exclude those cases); the result is read back synchronously, densely.
 */
export function tfjsSparseConformanceImpl(options: TfjsConformanceImplOptions = {}): {
  run(request: ConformanceRequest): Promise<number[]>;
} {
  // Its operands are host tensors built from the request's dense data.
  installSparseTensorConstruction();
  return {
    async run(request) {
      if (request.valueType === 'f64') {
        throw new SparsifyError('valueType', 'tfjs tensors hold float32 or int32 values, not f64');
      }
      const dtype = request.valueType === 'i32' ? 'int32' : 'float32';
      const { output } = request;
      const { expression, initial } = functionalForm(request);
      const formats: Record<string, FormatSpec> = {};
      for (const [name, format] of Object.entries(request.formats)) {
        if (name === output.name) {
          if (initial !== undefined) formats[initial] = format as FormatSpec;
        } else formats[name] = format as FormatSpec;
      }
      const tensors: Record<string, { data: ArrayLike<number>; shape: readonly number[] }> = {
        ...Object.fromEntries(
          Object.entries(request.operands).filter(([, v]) => typeof v !== 'number'),
        ),
        ...(initial === undefined ? {} : { [initial]: output }),
      } as Record<string, { data: ArrayLike<number>; shape: readonly number[] }>;
      const op = sparseOp(expression, formats, { ...options, valueType: request.valueType });
      const result = tf.tidy(() => {
        const operands = op.operandNames.map((name) => {
          const scalar = request.operands[name];
          if (typeof scalar === 'number') return scalar;
          const tensor = tensors[name];
          if (tensor === undefined) {
            throw new SparsifyError('request.operands', `no operand '${name}'`);
          }
          const data =
            dtype === 'int32' ? Int32Array.from(tensor.data) : Float32Array.from(tensor.data);
          const format = formats[name];
          return format === undefined || format === 'dense'
            ? tf.tensor(data, [...tensor.shape], dtype)
            : SparseTensor.fromDense(data, tensor.shape, format, { dtype });
        });
        return op(...operands);
      });
      try {
        return Array.from(await result.data());
      } finally {
        result.dispose();
      }
    },
  };
}
