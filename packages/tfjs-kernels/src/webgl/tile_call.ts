/**
 * What the WebGL TScatter and TGather kernels share: the call's geometry, the data-dependent
 * checks of the CPU loops (run where the data is, reading GPU data back only when the caller's
 * options demand it), and the CPU route.
 */
import type { MathBackendWebGL } from '@tensorflow/tfjs-backend-webgl';
import type { KernelFunc, NamedAttrMap, TensorInfo } from '@tensorflow/tfjs-core';
import { outputShape, type TileGeometry, tileGeometry } from '../impl/tile_geometry.js';
import { assertIndicesInBounds, assertValuesFit, type TileValues } from '../impl/tile_values.js';
import type { TileOpAttrs } from '../kernel_names.js';
import { ELEMENT_TYPE_INFO, INDEX_TYPE_INFO } from '../pto/element_types.js';
import { cpuRouteReason } from './cpu_route.js';
import { cpuValues, isFloatAddressable, readValues } from './residency.js';

/** One TScatter/TGather call as the WebGL kernels see it. */
export interface TileCall<A extends TileOpAttrs> {
  readonly op: string;
  readonly backend: MathBackendWebGL;
  readonly src: TensorInfo;
  readonly idx: TensorInfo;
  readonly attrs: A;
  readonly g: TileGeometry;
  readonly outShape: number[];
  /** Element count of one tile the indices address (dst for TSCATTER, src for TGATHER). */
  readonly addressedSize: number;
  /** The index values when they are on the CPU (or were read back for `bounds: 'error'`). */
  readonly idxValues: Int32Array | null;
}

/** The backend-free CPU loop a kernel falls back to (`tscatterImpl`, `tgatherImpl`). */
export type TileLoop<A> = (
  src: TileValues,
  idx: Int32Array,
  g: TileGeometry,
  attrs: A,
) => TileValues;

/** Which tile of the geometry the index offsets address. */
export type AddressedTile = 'src' | 'dst';

/**
 * Runs the CPU loops' data checks without touching GPU data unless asked to: the src values
 * are scanned only for element types narrower than their carrier; index values are scanned
 * when they are on the CPU, and read back from the GPU only for `bounds: 'error'`.
 *
 * @returns The index values if they are (now) on the CPU.
 */
function checkData<A extends TileOpAttrs>(
  op: string,
  backend: MathBackendWebGL,
  src: TensorInfo,
  idx: TensorInfo,
  g: TileGeometry,
  attrs: A,
  addressedSize: number,
): Int32Array | null {
  const elementInfo = ELEMENT_TYPE_INFO[attrs.elementType];
  if (!elementInfo.carrierFits) {
    assertValuesFit(
      op,
      'src',
      readValues(backend, src) as TileValues,
      elementInfo,
      attrs.elementType,
    );
  }
  const idxValues =
    attrs.bounds === 'error'
      ? (readValues(backend, idx) as Int32Array)
      : (cpuValues(backend, idx) as Int32Array | null);
  if (idxValues !== null) {
    const indexInfo = INDEX_TYPE_INFO[attrs.indexType];
    assertValuesFit(op, 'idx', idxValues, indexInfo, attrs.indexType);
    if (attrs.bounds === 'error') assertIndicesInBounds(op, idxValues, g, addressedSize);
  }
  return idxValues;
}

/** Reads a kernel call's inputs, geometry and checks (throws like the CPU loop would). */
export function tileCall<A extends TileOpAttrs>(
  op: string,
  addressed: AddressedTile,
  args: Parameters<KernelFunc>[0],
): TileCall<A> {
  const backend = args.backend as MathBackendWebGL;
  const src = args.inputs.src as TensorInfo;
  const idx = args.inputs.idx as TensorInfo;
  const attrs = args.attrs as NamedAttrMap as unknown as A;
  const g = tileGeometry(src.shape, idx.shape, attrs.dstShape, attrs.validRow, attrs.validCol);
  const tile = g[addressed];
  const addressedSize = tile.rows * tile.cols;
  const idxValues = checkData(op, backend, src, idx, g, attrs, addressedSize);
  return {
    op,
    backend,
    src,
    idx,
    attrs,
    g,
    outShape: outputShape(src.shape, g),
    addressedSize,
    idxValues,
  };
}

/**
 * Why this call runs on the CPU loop, or `null`: the shared rules, plus sizes that float-carried
 * indices cannot address exactly and valid regions that overhang a tile.
 */
export function tileCpuRouteReason<A extends TileOpAttrs>(call: TileCall<A>): string | null {
  const { g } = call;
  const totals = [g.src, g.idx, g.dst].map((t) => g.batch * t.rows * t.cols);
  if (totals.includes(0)) return 'a tensor is empty';
  if (!totals.every(isFloatAddressable)) return 'a tensor has more than 2^24 elements';
  const region = [g.idx, g.src, g.dst];
  if (region.some((t) => g.validRow > t.rows || g.validCol > t.cols)) {
    return 'the valid region overhangs a tile';
  }
  // Index values on the CPU are consumed there (maps); only GPU-only indices are read by shaders.
  const idxOnGpu = call.idxValues === null ? [call.idx] : [];
  return cpuRouteReason(call.backend, {
    all: [call.src, call.idx],
    gpuRead: [call.src, ...idxOnGpu],
  });
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
