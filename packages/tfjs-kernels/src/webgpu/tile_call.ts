/**
 * What the WebGPU TScatter and TGather kernels share: the call's geometry, the data checks of
 * the CPU loops (run where the data is, reading GPU data back only when the caller's options
 * demand it, as on WebGL), and the CPU route.
 */
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import type { KernelFunc, NamedAttrMap, TensorInfo } from '@tensorflow/tfjs-core';
import { outputShape, type TileGeometry, tileGeometry } from '../impl/tile_geometry.js';
import { assertIndicesInBounds, assertValuesFit, type TileValues } from '../impl/tile_values.js';
import type { TileOpAttrs } from '../kernel_names.js';
import { ELEMENT_TYPE_INFO, INDEX_TYPE_INFO } from '../pto/element_types.js';
import { cpuRouteReason } from './cpu_route.js';
import { cpuValues, readValues } from './residency.js';

/** One TScatter/TGather call as the WebGPU kernels see it. */
export interface TileCall<A extends TileOpAttrs> {
  readonly backend: WebGPUBackend;
  readonly src: TensorInfo;
  readonly idx: TensorInfo;
  readonly attrs: A;
  readonly g: TileGeometry;
  readonly outShape: number[];
  /** The index values when they are on the CPU (or were read back for `bounds: 'error'`). */
  readonly idxValues: Int32Array | null;
  /** The index tensor as the passes read it (see `passInput`). */
  readonly idxForPass: TensorInfo;
  /** The src tensor as the passes read it. */
  readonly srcForPass: TensorInfo;
  /** Uploaded copies the kernel disposes when its passes are recorded. */
  readonly temporaries: readonly TensorInfo[];
}

/**
 * The tensor a pass binds: `t` itself when its data is only on the GPU, else a new GPU copy of
 * its CPU values. tfjs drops a tensor's CPU values when it uploads them, and the checks of a
 * later call (`bounds: 'error'`, narrow element types) would then need a synchronous read back,
 * which stalls the GPU (and, in headless Chromium on SwiftShader, loses the device). Keeping
 * CPU-resident inputs there costs one upload per call, as a first upload does anyway.
 */
function passInput(backend: WebGPUBackend, t: TensorInfo, copies: TensorInfo[]): TensorInfo {
  const values = cpuValues(backend, t);
  if (values === null) return t;
  const copy = backend.makeTensorInfo(t.shape, t.dtype, values);
  copies.push(copy);
  return copy;
}

/** The backend-free CPU loop a kernel falls back to (`tscatterImpl`, `tgatherImpl`). */
export type TileLoop<A> = (
  src: TileValues,
  idx: Int32Array,
  g: TileGeometry,
  attrs: A,
) => TileValues;

/**
 * Runs the CPU loops' data checks: src values only for element types narrower than their
 * carrier; index values where they are on the CPU, read back from the GPU only for
 * `bounds: 'error'` (the check needs every offset before anything is produced).
 *
 * @returns The index values if they are (now) on the CPU.
 */
function checkData<A extends TileOpAttrs>(
  op: string,
  call: Pick<TileCall<A>, 'backend' | 'src' | 'idx' | 'attrs' | 'g'>,
  addressedSize: number,
): Int32Array | null {
  const { backend, src, idx, attrs, g } = call;
  const elementInfo = ELEMENT_TYPE_INFO[attrs.elementType];
  if (!elementInfo.carrierFits) {
    const values = readValues(backend, src) as TileValues;
    assertValuesFit(op, 'src', values, elementInfo, attrs.elementType);
  }
  const idxValues = (
    attrs.bounds === 'error' ? readValues(backend, idx) : cpuValues(backend, idx)
  ) as Int32Array | null;
  if (idxValues !== null) {
    assertValuesFit(op, 'idx', idxValues, INDEX_TYPE_INFO[attrs.indexType], attrs.indexType);
    if (attrs.bounds === 'error') assertIndicesInBounds(op, idxValues, g, addressedSize);
  }
  return idxValues;
}

/**
 * Reads a kernel call's inputs, geometry and checks (throws like the CPU loop would).
 *
 * @param addressed Which tile the index offsets address: `dst` (TSCATTER) or `src` (TGATHER).
 */
export function tileCall<A extends TileOpAttrs>(
  op: string,
  addressed: 'src' | 'dst',
  args: Parameters<KernelFunc>[0],
): TileCall<A> {
  const backend = args.backend as WebGPUBackend;
  const src = args.inputs.src as TensorInfo;
  const idx = args.inputs.idx as TensorInfo;
  const attrs = args.attrs as NamedAttrMap as unknown as A;
  const g = tileGeometry(src.shape, idx.shape, attrs.dstShape, attrs.validRow, attrs.validCol);
  const base = { backend, src, idx, attrs, g };
  const idxValues = checkData(op, base, g[addressed].rows * g[addressed].cols);
  return {
    ...base,
    outShape: outputShape(src.shape, g),
    idxValues,
    idxForPass: idx,
    srcForPass: src,
    temporaries: [],
  };
}

/** The call with GPU copies of its CPU-resident inputs for the passes (see `passInput`). */
export function withPassInputs<A extends TileOpAttrs>(call: TileCall<A>): TileCall<A> {
  const copies: TensorInfo[] = [];
  const srcForPass = passInput(call.backend, call.src, copies);
  const idxForPass = passInput(call.backend, call.idx, copies);
  return { ...call, srcForPass, idxForPass, temporaries: copies };
}

/**
 * Why this call runs on the CPU loop, or `null`: the shared rules, and a valid region that
 * overhangs the index tile or the data tile it pairs with (`src` for TSCATTER, `dst` for
 * TGATHER), which the passes address by row and column.
 */
export function tileCpuRouteReason<A extends TileOpAttrs>(
  call: TileCall<A>,
  paired: 'src' | 'dst',
): string | null {
  const { g } = call;
  if ([g.idx, g[paired]].some((t) => g.validRow > t.rows || g.validCol > t.cols)) {
    return 'the valid region overhangs a tile';
  }
  if (g.batch * g.dst.rows * g.dst.cols === 0) return 'a tensor is empty';
  return cpuRouteReason(call.backend, [call.src, call.idx]);
}

/** Runs the CPU loop (reading GPU data back if needed) and returns a CPU-resident result. */
export function runTileLoopOnCpu<A extends TileOpAttrs>(
  call: TileCall<A>,
  loop: TileLoop<A>,
): TensorInfo {
  const { backend } = call;
  const src = readValues(backend, call.src) as TileValues;
  const idx = call.idxValues ?? (readValues(backend, call.idx) as Int32Array);
  return backend.makeTensorInfo(call.outShape, call.src.dtype, loop(src, idx, call.g, call.attrs));
}
