/**
 * What the kernel suite needs: a TensorFlow.js module (structurally: only the functions used
 * here, so any tfjs-core 4.x fits without this package depending on it), a backend name, and
 * the ops under test. Ops not given are not tested.
 */

/** The part of a tfjs tensor the suite reads. */
export interface TensorHandle {
  readonly shape: readonly number[];
  readonly dtype: string;
  data(): Promise<ArrayLike<number>>;
  dispose(): void;
}

/** The part of the tfjs module the suite calls. */
export interface TfLike {
  tensor(values: number[], shape: number[], dtype: 'float32' | 'int32'): TensorHandle;
  setBackend(backendName: string): Promise<boolean>;
  ready(): Promise<void>;
  getBackend(): string;
}

/** Options of a TSCATTER/TGATHER call, as tilekit's ops take them. */
export interface TileOpCallOptions {
  /** Output tile `[rows, cols]`. */
  readonly dstShape?: readonly number[];
  /** Valid region of the index tile (default: all of it). */
  readonly validRow?: number;
  readonly validCol?: number;
  /** Declared element type of the data tiles (`f32`, `s8`, `u16` ...). */
  readonly elementType?: string;
  /** Declared element type of the index tile (`s16`, `u16`, `s32`, `u32`). */
  readonly indexType?: string;
  /**
   * Whose static constraints to enforce. The suite always asks for `'any'`: it checks the
   * instruction's semantics, not a hardware target's alignment rules.
   */
  readonly target?: string;
}

/** The ops under test; declared as methods so ops with wider parameter types fit. */
export interface KernelOps {
  /** Logical tensor → 1-D physical buffer under `layout` (layout text such as `{1,0:T(2,2)}`). */
  relayout?(x: TensorHandle, layout: string, options?: { padValue?: number }): TensorHandle;
  /** 1-D physical buffer → logical tensor of `shape` (full shape text with layout). */
  unrelayout?(buffer: TensorHandle, shape: string): TensorHandle;
  /** 1-D buffer under shape text `from` → 1-D buffer under `to` (same dimensions). */
  convertLayout?(buffer: TensorHandle, from: string, to: string): TensorHandle;
  /** PTO TSCATTER: `dst_flat[idx[i, j]] = src[i, j]`. */
  tscatter?(
    src: TensorHandle,
    idx: TensorHandle,
    options: TileOpCallOptions & { dstShape: readonly number[] },
  ): TensorHandle;
  /** TGATHER (flat offsets): `dst[i, j] = src_flat[idx[i, j]]`. */
  tgather?(src: TensorHandle, idx: TensorHandle, options: TileOpCallOptions): TensorHandle;
}

/** A tfjs backend and the ops to test on it. */
export interface KernelTarget {
  /** The tfjs module the kernels are registered with. */
  readonly tf: TfLike;
  /** Backend to run on (`cpu`, `webgl`, `wasm` ...): the suite switches to it first. */
  readonly backend: string;
  readonly ops: KernelOps;
}
