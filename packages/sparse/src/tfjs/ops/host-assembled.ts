/**
 * Sparse results whose pattern depends on the values of the operands (SpGEMM, sparse add,
 * format conversion), assembled on the host: on the cpu and wasm backends a tensor's data is
 * host memory (a synchronous read is a copy at most), so the operands' storage is read into
 * `SparseTensor`s, the emitted loops assemble the result there (see the README's "Sparse
 * outputs") and its storage is uploaded as a `TfSparseTensor`. GPU backends would have to read
 * their buffers back, so there these ops refuse with a typed error instead.
 */
import * as tf from '@tensorflow/tfjs-core';
import { compile } from '@tilekit/loop-engines';
import type { FormatSpec } from '../../sparse-tensor/format.js';
import { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import { runKernel, SparsifyError, sparsify } from '../../sparsify/index.js';
import { TfSparseTensor } from '../sparse-tensor-tf.js';

/** Backends whose tensors live in host memory. */
const HOST_BACKENDS = new Set(['cpu', 'wasm']);

/**
 * Checks that the active backend holds its data in host memory.
 *
 * @throws SparsifyError naming `argument` on the other backends.
 */
export function requireHostBackend(opName: string, argument: string): void {
  const backend = tf.getBackend();
  if (!HOST_BACKENDS.has(backend))
    throw new SparsifyError(
      argument,
      `${opName} assembles its sparse result on the host, which the cpu and wasm backends allow; on ${backend} read the operands back (await A.toSparseTensor()), compute on the host SparseTensor and upload the result (TfSparseTensor.fromSparseTensor)`,
    );
}

/** The storage of `s` read into a host `SparseTensor` (a copy on the cpu and wasm backends). */
export function hostCopy(s: TfSparseTensor): SparseTensor {
  const indices = (t: tf.Tensor1D | undefined) =>
    t === undefined ? undefined : new Uint32Array((t.dataSync() as Int32Array).buffer.slice(0));
  return SparseTensor.fromStorage(s.shape, s.format, {
    values: s.values.dataSync() as Float32Array | Int32Array,
    positions: s.positions.map(indices),
    coordinates: s.coordinates.map(indices),
  });
}

/**
 * Runs `expr` (a kernel with a formatted output) on the host over `operands` and uploads its
 * result. The operands must share one value dtype (the callers check it with typed errors).
 */
export function assembleOnHost(
  expr: string,
  operands: Readonly<Record<string, TfSparseTensor>>,
  outputFormat: FormatSpec,
): TfSparseTensor {
  const first = Object.values(operands)[0] as TfSparseTensor;
  const formats: Record<string, FormatSpec> = { C: outputFormat };
  const hosts: Record<string, SparseTensor> = {};
  for (const [name, s] of Object.entries(operands)) {
    formats[name] = s.format;
    hosts[name] = hostCopy(s);
  }
  const kernel = sparsify(expr, formats, { valueType: first.dtype === 'int32' ? 'i32' : 'f32' });
  const run = compile(kernel.module, kernel.functionName, { engine: 'wasm' });
  return TfSparseTensor.fromSparseTensor(runKernel(kernel, run, hosts) as SparseTensor);
}
