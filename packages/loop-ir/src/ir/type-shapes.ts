/**
 * The shapes of the IR's MLIR builtin types, declarations only: a file of their own (as
 * affine-types.ts is for affine expressions), below the type constructors (types.ts) and the
 * argument checks that read them, so neither imports the other.
 */

/** The machine-independent `index` type. */
export interface IndexType {
  readonly kind: 'index';
}

/** Signless integer `iN` (i1 is the boolean / mask element type). */
export interface IntegerType {
  readonly kind: 'integer';
  readonly width: number;
}

/** Float formats the interpreter implements bit-exactly. */
export type FloatFormat = 'f16' | 'bf16' | 'f32' | 'f64';

/** IEEE (or bfloat) float type. */
export interface FloatType {
  readonly kind: 'float';
  readonly format: FloatFormat;
}

/** Fixed or scalable vector: `vector<4xf32>`, `vector<[4]xf32>`, `vector<2x[4]xi1>`. */
export interface VectorType {
  readonly kind: 'vector';
  readonly shape: readonly number[];
  /** One flag per dimension; `true` means the size is multiplied by `vector.vscale`. */
  readonly scalableDims: readonly boolean[];
  readonly element: ScalarType;
}

/** A dynamic (`?`) or static memref dimension. */
export type MemRefDim = number | '?';

/**
 * A strided layout, `strided<[s0, s1], offset: o>`: element (i, j) lives at
 * `offset + i * s0 + j * s1` of the underlying buffer. `'?'` marks a dynamic entry.
 */
export interface StridedLayout {
  readonly strides: readonly MemRefDim[];
  readonly offset: MemRefDim;
}

/**
 * A memref in the default memory space: `memref<?xf32>`, `memref<4x8xi32>`, or with a
 * strided layout `memref<?xf32, strided<[2]>>` (views such as matrix columns).
 */
export interface MemRefType {
  readonly kind: 'memref';
  readonly shape: readonly MemRefDim[];
  readonly element: ScalarType | VectorType;
  /** Absent for the identity (row-major, contiguous) layout. */
  readonly layout?: StridedLayout;
}

/** `(inputs) -> results`, used by `func.func` signatures and generic op syntax. */
export interface FunctionType {
  readonly kind: 'function';
  readonly inputs: readonly Type[];
  readonly results: readonly Type[];
}

/** Types that may appear as vector elements. */
export type ScalarType = IndexType | IntegerType | FloatType;

/** Any type of the IR. */
export type Type = ScalarType | VectorType | MemRefType | FunctionType;
