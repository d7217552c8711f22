/**
 * Creates the tensors of one case and disposes all of them afterwards, whatever happens, so a
 * failing case leaks nothing into the next.
 */
import type { TensorHandle, TfLike } from './kernel-impl.js';

/** Tensors of one case. */
export interface TensorScope {
  /** A float32 or int32 tensor, disposed when the case ends. */
  tensor(
    values: readonly number[],
    shape: readonly number[],
    dtype?: 'float32' | 'int32',
  ): TensorHandle;
  /** Keeps an op's result for disposal and returns it. */
  keep(tensor: TensorHandle): TensorHandle;
  /** Reads a tensor's values as plain numbers. */
  read(tensor: TensorHandle): Promise<number[]>;
}

/** Runs `body` with a scope, then disposes every tensor it made or kept. */
export async function withTensors<T>(
  tf: TfLike,
  body: (scope: TensorScope) => Promise<T>,
): Promise<T> {
  const owned: TensorHandle[] = [];
  const keep = (tensor: TensorHandle) => {
    owned.push(tensor);
    return tensor;
  };
  try {
    return await body({
      tensor: (values, shape, dtype = 'float32') => keep(tf.tensor([...values], [...shape], dtype)),
      keep,
      read: async (tensor) => Array.from(await tensor.data(), Number),
    });
  } finally {
    for (const tensor of owned) tensor.dispose();
  }
}
