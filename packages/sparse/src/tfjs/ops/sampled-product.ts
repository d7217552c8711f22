/**
 * The values of a sparse result whose pattern is an input's: each stored entry's value times,
 * per dense factor, the factor's element that the entry reads. It is a tfjs computation over the
 * values tensor (gathers and element-wise products on the active backend, no read-back), with
 * its own gradient: tfjs differentiates a gather by a segment sum, which tfjs-backend-wasm does
 * not have, so a factor's gradient is a `tf.scatterND` (which sums repeated indices on every
 * backend) of the other terms' products, and the values' gradient the product of the factors.
 */
import * as tf from '@tensorflow/tfjs-core';

/** A dense factor of {@link sampledProduct}. */
export interface EntryFactor {
  /** A dense tensor of the values' dtype. */
  readonly tensor: tf.Tensor;
  /**
   * Int32 `[nnz]`: the row-major index of the element of `tensor` each stored entry reads;
   * absent when `tensor` has one element, which every entry reads.
   */
  readonly indices?: tf.Tensor1D;
}

/** Per entry, the factor's element it reads (`[nnz]`), or the factor's one element (a scalar). */
function elementsRead(tensor: tf.Tensor, indices: tf.Tensor | undefined): tf.Tensor {
  return indices === undefined
    ? tf.reshape(tensor, [])
    : tf.gather(tf.reshape(tensor, [tensor.size]), indices as tf.Tensor1D);
}

/** The product of `terms`, `first` times the others in order (a new tensor even with no terms). */
function productOf(first: tf.Tensor, terms: readonly tf.Tensor[]): tf.Tensor {
  return terms.length === 0 ? tf.clone(first) : terms.reduce((acc, t) => tf.mul(acc, t), first);
}

/**
 * `values[p] * factor_1[p] * ... * factor_n[p]` for every stored entry `p` (see
 * {@link EntryFactor}), differentiable with respect to `values` and every factor's tensor. The
 * factors must have the values' dtype (the callers check it with typed errors).
 */
export function sampledProduct(values: tf.Tensor1D, factors: readonly EntryFactor[]): tf.Tensor1D {
  const indexed = factors.filter((f) => f.indices !== undefined);
  const inputs: tf.Tensor[] = [
    values,
    ...factors.map((f) => f.tensor),
    ...indexed.map((f) => f.indices as tf.Tensor1D),
  ];
  /** The factors' tensors and indices among the saved inputs. */
  const split = (saved: readonly tf.Tensor[]) => {
    let next = 1 + factors.length;
    return factors.map((f, k) => ({
      tensor: saved[1 + k] as tf.Tensor,
      indices: f.indices === undefined ? undefined : (saved[next++] as tf.Tensor),
    }));
  };
  const product = tf.customGrad((...args: (tf.Tensor | tf.GradSaveFunc)[]) => {
    const save = args[args.length - 1] as tf.GradSaveFunc;
    const given = args.slice(0, -1) as tf.Tensor[];
    save(given);
    const v = given[0] as tf.Tensor;
    const empty = v.size === 0;
    // An empty entry list reads nothing (and a GPU backend may refuse a zero-size gather).
    const value = empty
      ? tf.clone(v)
      : productOf(
          v,
          split(given).map((f) => elementsRead(f.tensor, f.indices)),
        );
    const gradFunc = (dy: tf.Tensor, saved: tf.Tensor[]): tf.Tensor[] => {
      const [sv] = saved as [tf.Tensor];
      const parts = split(saved);
      const indexGrads = parts
        .filter((f) => f.indices !== undefined)
        .map((f) => tf.zerosLike(f.indices as tf.Tensor));
      if (empty) return [tf.clone(dy), ...parts.map((f) => tf.zerosLike(f.tensor)), ...indexGrads];
      const read = parts.map((f) => elementsRead(f.tensor, f.indices));
      const valuesGrad = productOf(dy, read);
      const factorGrads = parts.map((f, k) => {
        const others = read.filter((_, j) => j !== k);
        const terms = productOf(tf.mul(dy, sv), others);
        if (f.indices === undefined) return tf.reshape(tf.sum(terms), f.tensor.shape);
        const summed = tf.scatterND(tf.reshape(f.indices, [sv.size, 1]), terms, [f.tensor.size]);
        return tf.reshape(summed, f.tensor.shape);
      });
      return [valuesGrad, ...factorGrads, ...indexGrads];
    };
    return { value: value as tf.Tensor1D, gradFunc };
  });
  return product(...inputs);
}
