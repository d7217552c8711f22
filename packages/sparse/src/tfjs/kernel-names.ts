/**
 * Kernel names of the sparse ops and their typed inputs/attributes, in one place (as tfjs-core's
 * own `kernel-names.ts`). Every backend implements these contracts. Attributes are plain data:
 * the formats travel as canonical JSON, the options as numbers, booleans and strings.
 *
 * **Inputs** are passed as an array (as tfjs passes AddN's), named by the attribute
 * `inputNames`. A dense operand `x` of the expression is the input `x`; a sparse operand `A` is
 * its storage, one input per array: `A/values`, and per storage level `l` the int32 tensors
 * `A/pos<l>` (compressed levels) and `A/crd<l>` (compressed and singleton levels). The logical
 * shape of a sparse operand is the attribute `shapes[A]`; scalar operands are `scalars[s]`.
 */
import type { NamedAttrMap, NamedTensorInfoMap } from '@tensorflow/tfjs-core';

/** Sparse matrix x dense vector, `y(i) = A(i,j) * x(j)`. */
export const SparseSpmv = 'SparseSpmv';
/** Sparse matrix x dense matrix, `C(i,k) = A(i,j) * B(j,k)`. */
export const SparseSpmm = 'SparseSpmm';
/** Sampled dense-dense product, `X(i,j) = S(i,j) * (A(i,k) * B(k,j))` (dense result). */
export const SparseSddmm = 'SparseSddmm';
/** Dot product of a sparse vector with a dense or sparse vector, `x = a(i) * b(i)`. */
export const SparseDot = 'SparseDot';
/** Any kernel of tensor index notation (the expression is the attribute `expr`). */
export const SparseOp = 'SparseOp';
/** A sparse tensor's dense form, `D(i,…) = A(i,…)` (any rank). */
export const SparseToDenseTensor = 'SparseToDenseTensor';

/** Every sparse kernel name; each backend registers all of them. */
export const SPARSE_KERNEL_NAMES = Object.freeze([
  SparseSpmv,
  SparseSpmm,
  SparseSddmm,
  SparseDot,
  SparseOp,
  SparseToDenseTensor,
] as const);

/** One of {@link SPARSE_KERNEL_NAMES}. */
export type SparseKernelName = (typeof SPARSE_KERNEL_NAMES)[number];

/** The expression each fixed kernel computes (SparseOp's is an attribute; SparseToDenseTensor's depends on rank). */
export const FIXED_EXPRESSIONS: Readonly<Record<string, string>> = Object.freeze({
  [SparseSpmv]: 'y(i) = A(i,j) * x(j)',
  [SparseSpmm]: 'C(i,k) = A(i,j) * B(j,k)',
  [SparseSddmm]: 'X(i,j) = S(i,j) * (A(i,k) * B(k,j))',
  [SparseDot]: 'x = a(i) * b(i)',
});

/** The inputs of every sparse kernel (names as in this module's TSDoc). */
export type SparseKernelInputs = NamedTensorInfoMap;

/** Attributes every sparse kernel takes. */
export interface SparseKernelAttrs extends NamedAttrMap {
  /** The input names in the order the inputs were passed (the gradients' saved order). */
  inputNames: string[];
  /**
   * Canonical JSON of `{name: {levels, order}}` for every sparse operand (positions and
   * coordinates are 32-bit: they are int32 tensors).
   */
  formats: string;
  /** Logical shape of every sparse operand. */
  shapes: { [name: string]: number[] };
  /** Value of every scalar (number) operand. */
  scalars: { [name: string]: number };
  /** SIMD width of the vectorizer on the cpu and wasm backends (0: scalar loops). */
  vectorLength: number;
  enableVLAVectorization: boolean;
  enableSIMDIndex32: boolean;
  /** The vectorizer's half-width short reductions (bit-identical to full width; the default, on). */
  halfWidthShortReductions: boolean;
  vscale: number;
  /** Engine the cpu and wasm backends (and the GPU backends' CPU route) run: interpreter, js or wasm. */
  engine: string;
}

/** Attributes of `SparseOp`: the common ones plus the expression. */
export interface SparseOpAttrs extends SparseKernelAttrs {
  /** Tensor index notation, e.g. `y(i) = A(i,j) * x(j)`. */
  expr: string;
}

/**
 * The symbolic pass of a sparse result assembled on the device (webgpu, webgl): per row of two
 * row-major operands `a` and `b` (inputs `aPos`, `aCrd`, `bPos`, `bCrd`), the count of its
 * distinct output columns, after a leading 0 (int32 `[rows + 1]`; its inclusive prefix sum is
 * the result's row positions). Attribute `combine`: `product` (SpGEMM), `union` (a sum),
 * `intersection` (an element-wise product).
 */
export const SparseAssemblyCounts = 'SparseAssemblyCounts';
/**
 * The numeric pass (webgpu, webgl): the result's columns (attribute `part: 'coordinates'`, int32) or
 * values (`part: 'values'`), `nnz` of them, from the operands (inputs as the counts', plus
 * `aVal`, `bVal`) and the result's row positions `cPos`.
 */
export const SparseAssemblyFill = 'SparseAssemblyFill';

/**
 * The assembly's prefix sum on webgl: two outputs, the inclusive prefix sum of int32 `x` (`[n]`)
 * and its last element (`[1]`, the total). tfjs's own `cumsum` and `slice` programs there write
 * the size into their code (a new shape would compile new programs).
 */
export const SparseAssemblyScan = 'SparseAssemblyScan';

/**
 * The kernels of sparse results assembled on the device (webgpu, webgl; the scan webgl only),
 * registered when the first device assembly runs (an app that never assembles on the GPU
 * carries no shaders for them).
 */
export const SPARSE_ASSEMBLY_KERNEL_NAMES = Object.freeze([
  SparseAssemblyCounts,
  SparseAssemblyScan,
  SparseAssemblyFill,
] as const);

/** Attributes of {@link SparseAssemblyCounts} and {@link SparseAssemblyFill}. */
export interface SparseAssemblyAttrs extends NamedAttrMap {
  /** `product`, `union` or `intersection`. */
  combine: string;
  /** `coordinates` or `values` (the fill only). */
  part: string;
  /** Stored entries of the result (the fill only). */
  nnz: number;
}
