/**
 * What the kernel suite needs: a TensorFlow.js module (structurally: only the functions used
 * here, so any tfjs-core 4.x fits without this package depending on it), a backend name, and
 * the ops under test. Ops not given are not tested.
 */

/** The part of a tfjs tensor the suite reads. */
export interface TensorHandle {
  readonly shape: readonly number[];
  readonly dtype: string;
  /** The values (a tfjs tensor of any dtype resolves to some array; the suite reads numbers). */
  data(): Promise<ArrayLike<unknown>>;
  dispose(): void;
}

/** The part of the tfjs module the suite calls; `T` is its tensor type. */
export interface TfLike<T extends TensorHandle = TensorHandle> {
  tensor(values: number[], shape: number[], dtype: 'float32' | 'int32'): T;
  setBackend(backendName: string): Promise<boolean>;
  ready(): Promise<void>;
  getBackend(): string;
}

/** Tile element types PTO's TSCATTER accepts, spelled as XLA spells them (`s8` = int8_t ...). */
export type TileElementType = 's8' | 'u8' | 's16' | 'u16' | 's32' | 'u32' | 'f16' | 'bf16' | 'f32';

/** Index tile element types PTO's TSCATTER accepts. */
export type TileIndexType = 's16' | 'u16' | 's32' | 'u32';

/** Options of a TSCATTER/TGATHER call, as tilekit's ops take them. */
export interface TileOpCallOptions {
  /** Output tile `[rows, cols]`. */
  readonly dstShape?: readonly number[];
  /** Valid region of the index tile (default: all of it). */
  readonly validRow?: number;
  readonly validCol?: number;
  /** Declared element type of the data tiles. */
  readonly elementType?: TileElementType;
  /** Declared element type of the index tile. */
  readonly indexType?: TileIndexType;
  /**
   * Whose static constraints to enforce. The suite always asks for `'any'`: it checks the
   * instruction's semantics, not a hardware target's alignment rules.
   */
  readonly target?: 'any';
}

/**
 * The ops under test, over tensors of type `T` (function properties, not methods, so `T` is
 * inferred from what the ops return).
 */
export interface KernelOps<T extends TensorHandle = TensorHandle> {
  /** Logical tensor → 1-D physical buffer under `layout` (layout text such as `{1,0:T(2,2)}`). */
  readonly relayout?: (x: T, layout: string, options?: { padValue?: number }) => T;
  /** 1-D physical buffer → logical tensor of `shape` (full shape text with layout). */
  readonly unrelayout?: (buffer: T, shape: string) => T;
  /** 1-D buffer under shape text `from` → 1-D buffer under `to` (same dimensions). */
  readonly convertLayout?: (buffer: T, from: string, to: string) => T;
  /** PTO TSCATTER: `dst_flat[idx[i, j]] = src[i, j]`. */
  readonly tscatter?: (
    src: T,
    idx: T,
    options: TileOpCallOptions & { dstShape: readonly number[] },
  ) => T;
  /** TGATHER (flat offsets): `dst[i, j] = src_flat[idx[i, j]]`. */
  readonly tgather?: (src: T, idx: T, options: TileOpCallOptions) => T;
}

/** A tfjs backend and the ops to test on it, over the module's tensor type `T`. */
export interface KernelTarget<T extends TensorHandle = TensorHandle> {
  /** The tfjs module the kernels are registered with (`T` is inferred from the ops). */
  readonly tf: TfLike<NoInfer<T>>;
  /** Backend to run on (`cpu`, `webgl`, `wasm` ...): the suite switches to it first. */
  readonly backend: string;
  readonly ops: KernelOps<T>;
}
