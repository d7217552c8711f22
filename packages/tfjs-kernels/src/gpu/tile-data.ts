/**
 * What the GPU backends' TScatter and TGather kernels do with data on the CPU, independently of
 * the backend: the data checks of the CPU loops, run where the data is (reading GPU data back
 * only when the caller's options demand it), and the CPU loop itself for calls routed there.
 */
import type { BackendValues, DataType, TensorInfo } from '@tensorflow/tfjs-core';
import type { TileData } from '../impl/tile-call-inputs.js';
import type { TileLoop } from '../impl/tile-loop.js';
import { assertIndicesInBounds, assertValuesFit, type TileValues } from '../impl/tile-values.js';
import type { TileOpAttrs } from '../kernel-names.js';
import { ELEMENT_TYPE_INFO, INDEX_TYPE_INFO } from '../pto/element-types.js';
import { checkOnce } from './passed-checks.js';

/** How a backend reaches a tensor's values. */
export interface ValueAccess {
  /** The values if they are held on the CPU, else `null` (never reads the GPU). */
  readonly onCpu: (t: TensorInfo) => BackendValues | null;
  /**
   * The values, read back from the GPU synchronously when they are not on the CPU (`argument`
   * names the tensor for the error a backend that cannot read synchronously throws).
   */
  readonly read: (t: TensorInfo, argument: string) => BackendValues;
}

/**
 * Runs the CPU loops' data checks (throwing as they would): src values only for element types
 * narrower than their carrier; index values where they are on the CPU, read back from the GPU
 * only for `bounds: 'error'` (the check needs every offset before anything is produced).
 *
 * @param addressedSize Element count of one tile the offsets address (dst for TSCATTER, src for
 *   TGATHER).
 * @returns The index values if they are (now) on the CPU.
 */
export function checkTileData<A extends TileOpAttrs>(
  op: string,
  access: ValueAccess,
  data: TileData<A>,
  addressedSize: number,
): Int32Array | null {
  const { src, idx, attrs, g } = data;
  const elementInfo = ELEMENT_TYPE_INFO[attrs.elementType];
  if (!elementInfo.carrierFits) {
    const values = access.read(src, 'src') as TileValues;
    checkOnce(src.dataId, `fits ${attrs.elementType}`, () =>
      assertValuesFit(op, 'src', values, elementInfo, attrs.elementType),
    );
  }
  const idxValues = (
    attrs.bounds === 'error' ? access.read(idx, 'idx') : access.onCpu(idx)
  ) as Int32Array | null;
  if (idxValues !== null) {
    checkOnce(idx.dataId, `fits ${attrs.indexType}`, () =>
      assertValuesFit(op, 'idx', idxValues, INDEX_TYPE_INFO[attrs.indexType], attrs.indexType),
    );
    if (attrs.bounds === 'error') {
      // The scan reads the valid region of each batch entry's index tile.
      const region = [g.batch, g.idx.rows, g.idx.cols, g.validRow, g.validCol, addressedSize];
      checkOnce(idx.dataId, `in bounds ${region.join(' ')}`, () =>
        assertIndicesInBounds(op, idxValues, g, addressedSize),
      );
    }
  }
  return idxValues;
}

/** A GPU kernel call routed to the CPU loop: its data, backend, output shape and CPU indices. */
export interface CpuRoutedTileCall<A extends TileOpAttrs> extends TileData<A> {
  /** The WebGL or WebGPU backend (both make CPU-resident tensors this way). */
  readonly backend: {
    makeTensorInfo(shape: number[], dtype: DataType, values: BackendValues): TensorInfo;
  };
  readonly outShape: number[];
  /** The index values if already on the CPU. */
  readonly idxValues: Int32Array | null;
}

/**
 * Runs the backend-free CPU loop on the call's values (reading GPU data back if needed) and
 * returns its result as a CPU-resident tensor of the call's backend.
 */
export function runTileLoop<A extends TileOpAttrs>(
  access: ValueAccess,
  call: CpuRoutedTileCall<A>,
  loop: TileLoop<A>,
): TensorInfo {
  const src = access.read(call.src, 'src') as TileValues;
  const idx = call.idxValues ?? (access.read(call.idx, 'idx') as Int32Array);
  const values = loop(src, idx, call.g, call.attrs);
  return call.backend.makeTensorInfo(call.outShape, call.src.dtype, values);
}
