/**
 * The webgpu kernels of the two-pass assembly (see assembly-programs.ts): `SparseAssemblyCounts`
 * and `SparseAssemblyFill`, run on the backend's buffers with no read-back. An empty input is
 * bound as a one-element placeholder (a zero-size binding is invalid), which the passes never
 * read: their bounds come from the positions. An empty output is made without running anything.
 */
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import type { KernelConfig, KernelFunc, TensorInfo } from '@tensorflow/tfjs-core';
import { runFlat, type UniformValue, withShape } from '@tilekit/tfjs-backend-support/webgpu-passes';
import { SparsifyError } from '../../sparsify/index.js';
import type { AssemblyCombine, AssemblyPart } from '../assembly-walk.js';
import {
  type SparseAssemblyAttrs,
  SparseAssemblyCounts,
  SparseAssemblyFill,
} from '../kernel-names.js';
import { AssemblyCountProgram, AssemblyFillProgram, fillInputs } from './assembly-programs.js';

const COMBINES: readonly string[] = ['product', 'union', 'intersection'];
const PARTS: readonly string[] = ['coordinates', 'values'];

/** The named inputs in `names`' order, each a live rank-1 tensor (int32 unless a value array). */
function namedInputs(
  inputs: Record<string, TensorInfo | undefined> | undefined,
  names: readonly string[],
) {
  if (typeof inputs !== 'object' || inputs === null)
    throw new SparsifyError('inputs', `expected the tensors ${names.join(', ')}`);
  return names.map((name) => {
    const t = inputs[name];
    if (typeof t !== 'object' || t === null || !Array.isArray(t.shape) || t.shape.length !== 1)
      throw new SparsifyError(`inputs.${name}`, 'expected a rank-1 tensor');
    if (!name.endsWith('Val') && t.dtype !== 'int32')
      throw new SparsifyError(`inputs.${name}`, `expected int32, got ${t.dtype}`);
    return t;
  });
}

/** The combine attribute, checked. */
function combineOf(attrs: SparseAssemblyAttrs | undefined): AssemblyCombine {
  if (typeof attrs?.combine !== 'string' || !COMBINES.includes(attrs.combine))
    throw new SparsifyError('attrs.combine', `expected one of ${COMBINES.join(', ')}`);
  return attrs.combine as AssemblyCombine;
}

/** Runs `program` on `inputs`, binding empty ones as placeholders. */
function run(
  backend: WebGPUBackend,
  program: AssemblyCountProgram | AssemblyFillProgram,
  inputs: readonly TensorInfo[],
  dtype: 'int32' | 'float32',
  uniforms: UniformValue[],
  size: number,
): TensorInfo {
  const placeholders = inputs
    .filter((t) => t.shape[0] === 0)
    .map((t) => ({
      t,
      p: backend.makeTensorInfo(
        [1],
        t.dtype,
        t.dtype === 'int32' ? new Int32Array(1) : new Float32Array(1),
      ),
    }));
  const bound = inputs.map((t) => placeholders.find((e) => e.t === t)?.p ?? t);
  try {
    return withShape(runFlat(backend, program, bound, dtype, uniforms), [size]);
  } finally {
    for (const { p } of placeholders) backend.disposeData(p.dataId);
  }
}

const counts: KernelFunc = ({ inputs, backend, attrs }) => {
  const combine = combineOf(attrs as SparseAssemblyAttrs);
  const given = namedInputs(inputs, ['aPos', 'aCrd', 'bPos', 'bCrd']);
  const rows = ((given[0] as TensorInfo).shape[0] as number) - 1;
  if (rows < 0) throw new SparsifyError('inputs.aPos', 'expected at least one position');
  const program = new AssemblyCountProgram(combine, rows);
  return run(
    backend as WebGPUBackend,
    program,
    given,
    'int32',
    [{ type: 'int32', data: [rows] }],
    rows + 1,
  );
};

const fill: KernelFunc = ({ inputs, backend, attrs }) => {
  const combine = combineOf(attrs as SparseAssemblyAttrs | undefined);
  const a = attrs as SparseAssemblyAttrs;
  if (typeof a.part !== 'string' || !PARTS.includes(a.part))
    throw new SparsifyError('attrs.part', `expected one of ${PARTS.join(', ')}`);
  if (!Number.isSafeInteger(a.nnz) || a.nnz < 0 || a.nnz >= 2 ** 31)
    throw new SparsifyError('attrs.nnz', 'expected an int32 count');
  const [aPos, , aVal, , , bVal, cPos] = namedInputs(inputs, fillInputs('values')) as [
    TensorInfo,
    ...TensorInfo[],
  ];
  const valueDtype = (aVal as TensorInfo).dtype;
  if ((valueDtype !== 'float32' && valueDtype !== 'int32') || bVal?.dtype !== valueDtype)
    throw new SparsifyError('inputs.bVal', 'expected float32 or int32 values, one dtype for both');
  const rows = (aPos.shape[0] as number) - 1;
  if (rows < 0 || cPos?.shape[0] !== rows + 1)
    throw new SparsifyError('inputs.cPos', `expected ${rows + 1} positions`);
  const part = a.part as AssemblyPart;
  const given = namedInputs(inputs, fillInputs(part));
  const dtype = part === 'coordinates' ? 'int32' : valueDtype;
  const webgpu = backend as WebGPUBackend;
  if (a.nnz === 0) return webgpu.makeTensorInfo([0], dtype, []);
  const program = new AssemblyFillProgram(
    combine,
    part,
    valueDtype === 'float32' ? 'f32' : 'i32',
    rows,
    a.nnz,
  );
  return run(
    webgpu,
    program,
    given,
    dtype,
    [
      { type: 'int32', data: [rows] },
      { type: 'int32', data: [a.nnz] },
      { type: 'float32', data: [0] },
    ],
    a.nnz,
  );
};

/** The assembly kernels' configs for the webgpu backend. */
export const assemblyWebgpuKernelConfigs: readonly KernelConfig[] = [
  { kernelName: SparseAssemblyCounts, backendName: 'webgpu', kernelFunc: counts },
  { kernelName: SparseAssemblyFill, backendName: 'webgpu', kernelFunc: fill },
];
