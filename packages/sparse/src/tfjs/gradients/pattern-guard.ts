/**
 * The values of a sparse result tied on the gradient tape to its operands' positions and
 * coordinates, so that differentiating with respect to one of those is a typed
 * {@link SparseGradientError} naming the operand rather than tfjs's untyped "no dependency"
 * error or a silent zero: where entries are stored is a step function of them, with no
 * gradient. The tie is an identity kernel (the values' data shared, nothing computed) whose
 * gradient passes the values' gradient through and throws for every index input; tfjs calls an
 * input's gradient only where that input depends on what is differentiated, so differentiating
 * with respect to the values is untouched. The kernel is registered for the active backend the
 * first time a result is tied there.
 */
import * as tf from '@tensorflow/tfjs-core';
import { SparsifyError } from '../../sparsify/errors.js';
import { TfSparseTensor } from '../sparse-tensor-tf.js';
import { SparseGradientError } from './sparse-gradient-error.js';

/** The identity kernel tying a sparse result's values to its operands' index tensors. */
export const SparsePatternGuard = 'SparsePatternGuard';

/** Input name of operand `name`'s positions (`pos`) or coordinates (`crd`) at level `l`. */
const indexInput = (name: string, part: 'pos' | 'crd', l: number) => `${name}/${part}${l}`;

const identity: tf.KernelFunc = ({ inputs, backend }) => {
  const values = inputs.values as tf.TensorInfo | undefined;
  if (values?.dataId === undefined)
    throw new SparsifyError('inputs.values', 'expected the tensor of values to pass through');
  (backend as unknown as { incRef(dataId: tf.DataId): void }).incRef(values.dataId);
  return { dataId: values.dataId, shape: values.shape, dtype: values.dtype };
};

/**
 * Frees what the gradient tape saved, as tfjs does once a backward pass succeeds: an error thrown
 * from a gradient leaves it kept otherwise (the next tape replaces it without disposing it).
 * Only the outermost tape, as tfjs: a higher-order gradient's tape belongs to the pass above.
 */
function releaseTape(): void {
  const state = (
    tf.engine() as unknown as {
      state?: {
        gradientDepth?: number;
        activeTape?: { saved?: tf.Tensor[] }[] | null;
      };
    }
  ).state;
  if (state?.gradientDepth !== 0 || !Array.isArray(state.activeTape)) return;
  for (const node of state.activeTape) for (const t of node.saved ?? []) t.dispose();
  state.activeTape = null;
}

const guardGradient: tf.GradConfig = {
  kernelName: SparsePatternGuard,
  gradFunc: (dy, _saved, attrs) => {
    const names = (attrs as { inputNames?: unknown }).inputNames;
    const gradients: Record<string, () => tf.Tensor> = { values: () => tf.clone(dy as tf.Tensor) };
    for (const input of Array.isArray(names) ? (names as string[]) : []) {
      const [operand, part] = input.split('/') as [string, string];
      const what = part.startsWith('pos') ? 'positions' : 'coordinates';
      gradients[input] = () => {
        releaseTape();
        throw new SparseGradientError(
          `${operand}'s ${what} (${input})`,
          'positions and coordinates say where entries are stored; a result is a step function of them, with no gradient',
          operand,
          `a gradient with respect to ${operand}'s values (through ${operand}.withValues(v)) or a dense operand`,
        );
      };
    }
    return gradients;
  },
};

/** Registers the guard's kernel on the active backend and its gradient, once each. */
function register(): void {
  const backendName = tf.getBackend();
  if (tf.getKernel(SparsePatternGuard, backendName) === undefined)
    tf.registerKernel({ kernelName: SparsePatternGuard, backendName, kernelFunc: identity });
  if (tf.getGradient(SparsePatternGuard) === undefined) tf.registerGradient(guardGradient);
}

/**
 * `values` (a new tensor sharing their data) tied on the gradient tape to the positions and
 * coordinates of `operands` (by argument name; entries that are not `TfSparseTensor`s are
 * skipped). Call inside the op computing the result.
 */
export function guardedValues(
  values: tf.Tensor1D,
  operands: Readonly<Record<string, unknown>>,
): tf.Tensor1D {
  const inputs: Record<string, tf.Tensor> = { values };
  for (const [name, s] of Object.entries(operands)) {
    if (!(s instanceof TfSparseTensor)) continue;
    s.positions.forEach((t, l) => {
      if (t !== undefined) inputs[indexInput(name, 'pos', l)] = t;
    });
    s.coordinates.forEach((t, l) => {
      if (t !== undefined) inputs[indexInput(name, 'crd', l)] = t;
    });
  }
  register();
  const inputNames = Object.keys(inputs).filter((k) => k !== 'values');
  return tf.engine().runKernel(SparsePatternGuard, inputs, { inputNames }) as tf.Tensor1D;
}
