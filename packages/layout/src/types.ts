/**
 * The data model of XLA shapes and layouts. Everything here is plain, immutable data:
 * parsing produces it, formatting prints it, and the index/size functions read it.
 *
 * CONTRACT: other packages (tfjs-kernels, conformance, cli) code against these names.
 * Extend freely; do not rename or change the meaning of existing fields.
 */

/** XLA primitive element types, spelled as XLA prints them (lower case). */
export type PrimitiveType =
  | 'pred'
  | 's1'
  | 's2'
  | 's4'
  | 's8'
  | 's16'
  | 's32'
  | 's64'
  | 'u1'
  | 'u2'
  | 'u4'
  | 'u8'
  | 'u16'
  | 'u32'
  | 'u64'
  | 'f16'
  | 'bf16'
  | 'f32'
  | 'f64'
  | 'c64'
  | 'c128'
  | 'f8e5m2'
  | 'f8e4m3'
  | 'f8e4m3fn'
  | 'f8e4m3b11fnuz'
  | 'f8e5m2fnuz'
  | 'f8e4m3fnuz'
  | 'f8e3m4'
  | 'f8e8m0fnu'
  | 'f4e2m1fn'
  | 'f6e2m3fn'
  | 'f6e3m2fn'
  | 'token'
  | 'opaque';

/** Tile dimension value meaning "combine this dimension into the next more minor one". */
export const COMBINE_DIMENSION = -1;

/** One tile of a (possibly repeated) tiling: sizes, most major first; may contain `COMBINE_DIMENSION`. */
export type Tile = readonly number[];

/** Split configuration `SC(dimension:indices...)`. */
export interface SplitConfig {
  readonly dimension: number;
  readonly splitIndices: readonly number[];
}

/** A layout: `{minor_to_major:attributes}` with every attribute XLA knows. */
export interface Layout {
  /** Physical order: minorToMajor[0] is the most minor logical dimension. */
  readonly minorToMajor: readonly number[];
  /** Tiles applied in order, each to the suffix of the current expanded shape. Empty: untiled. */
  readonly tiles: readonly Tile[];
  /** `L(n)`: element count of the whole buffer rounded up to a multiple of n (1 when absent). */
  readonly tailPaddingAlignmentInElements: number;
  /** `#(type)`: primitive type of sparse indices (absent: default). */
  readonly indexPrimitiveType?: PrimitiveType;
  /** `*(type)`: primitive type of sparse pointers (absent: default). */
  readonly pointerPrimitiveType?: PrimitiveType;
  /** `E(n)`: element size in bits for sub-byte packing (0: the type's natural width). */
  readonly elementSizeInBits: number;
  /** `S(n)`: memory space (0: default), in -128..127: XLA stores it in an int8. */
  readonly memorySpace: number;
  /** `SC(...)`: split configurations. */
  readonly splitConfigs: readonly SplitConfig[];
  /** `P(shape)`: physical shape, for sparse layouts. */
  readonly physicalShape?: Shape;
  /** `M(n)`: dynamic shape metadata prefix bytes (0: none). */
  readonly dynamicShapeMetadataPrefixBytes: number;
}

/** Size of one array dimension. */
export type Dimension =
  | { readonly kind: 'static'; readonly size: number }
  /** `<=N`: bounded dynamic, `size` is the bound. */
  | { readonly kind: 'bounded'; readonly size: number }
  /** `?`: unbounded dynamic. */
  | { readonly kind: 'unbounded' };

/** A dense array shape such as `f32[3,5]{1,0:T(2,2)}`. */
export interface ArrayShape {
  readonly kind: 'array';
  readonly elementType: PrimitiveType;
  /** Logical dimension sizes, most major first (row-major logical order). */
  readonly dimensions: readonly Dimension[];
  /** Always present after parsing: the default `{rank-1,...,0}` is filled in when absent. */
  readonly layout: Layout;
}

/** `(a, b, ...)` */
export interface TupleShape {
  readonly kind: 'tuple';
  readonly elements: readonly Shape[];
}

/** `b(shape)`: a buffer of an array shape. */
export interface BufferShape {
  readonly kind: 'buffer';
  readonly buffer: ArrayShape;
}

/** `token[]` or `opaque[]`. */
export interface OpaqueShape {
  readonly kind: 'token' | 'opaque';
}

export type Shape = ArrayShape | TupleShape | BufferShape | OpaqueShape;
