/**
 * The GPU backends' host route: read every input back, run the compiled loops on the CPU and
 * hand the result to the backend as a new tensor (uploaded when a GPU op next needs it). Taken
 * only where the loops cannot run as generated GPU code; the results equal the cpu backend's.
 */
import type { BackendValues, DataId, TensorInfo } from '@tensorflow/tfjs-core';
import { type HostRouteRecord, recordSparseKernelRun } from './kernel-path.js';
import { runOnHost, type SparseCall } from './sparse-call.js';

/** What the host route uses of a GPU backend. */
export interface ReadableBackend {
  readSync(dataId: DataId): BackendValues;
  makeTensorInfo(shape: number[], dtype: 'float32' | 'int32', values: BackendValues): TensorInfo;
}

/** Runs `call` on the host for `backend` (named `backendName`); `why` says why. */
export function runHostRoute(
  call: SparseCall,
  backend: ReadableBackend,
  backendName: string,
  kernelName: string,
  why: HostRouteRecord,
): TensorInfo {
  const out = runOnHost(call, (info) => backend.readSync(info.dataId) as Float32Array | Int32Array);
  recordSparseKernelRun({ kernelName, backend: backendName, path: 'host', ...why });
  return backend.makeTensorInfo(out.shape, call.compiled.dtype, out.values);
}
