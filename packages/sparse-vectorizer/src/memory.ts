/**
 * Vector memory accesses: `a[lo:hi]` becomes a masked contiguous load/store, `a[ind[lo:hi]]`
 * a gather/scatter (the sparsifier only emits indirection in the innermost subscript).
 */
import type { Builder, Operation, ScalarType, Value } from '@tilekit/loop-ir';
import { denseAttr, isScalar } from '@tilekit/loop-ir';
import { type VL, vectorType } from './options.js';

/** The scalar element type of a memref value. */
export function memrefElement(memref: Value): ScalarType {
  const t = memref.type;
  if (t.kind !== 'memref' || !isScalar(t.element)) {
    throw new Error(`internal: expected a memref of scalars, got ${t.kind}`);
  }
  return t.element;
}

/** `arith.constant dense<0>` of the vector type for `memref`'s elements (the pass-through). */
function zeroVector(b: Builder, vl: VL, element: ScalarType): Value {
  const zero = element.kind === 'float' ? 0 : 0n;
  return b.constant(denseAttr(vectorType(vl, element), [zero]));
}

/** Splits `idxs` into the scalar base indices and the index vector of an indirect access. */
function indirection(
  b: Builder,
  idxs: readonly Value[],
): { base: Value[]; vector: Value } | undefined {
  const last = idxs[idxs.length - 1];
  if (last === undefined || last.type.kind !== 'vector') return undefined;
  return { base: [...idxs.slice(0, -1), b.constantIndex(0)], vector: last };
}

/** `lhs = a[lo:hi]` (masked load) or `lhs = a[ind[lo:hi]]` (gather), zero where masked off. */
export function genVectorLoad(
  b: Builder,
  vl: VL,
  memref: Value,
  idxs: readonly Value[],
  vmask: Value,
): Value {
  const pass = zeroVector(b, vl, memrefElement(memref));
  const indirect = indirection(b, idxs);
  if (indirect !== undefined) {
    return b.gather(memref, indirect.base, indirect.vector, vmask, pass);
  }
  return b.maskedLoad(memref, idxs, vmask, pass);
}

/** `a[lo:hi] = rhs` (masked store) or `a[ind[lo:hi]] = rhs` (scatter). */
export function genVectorStore(
  b: Builder,
  memref: Value,
  idxs: readonly Value[],
  vmask: Value,
  rhs: Value,
): Operation {
  const indirect = indirection(b, idxs);
  if (indirect !== undefined) {
    return b.scatter(memref, indirect.base, indirect.vector, vmask, rhs);
  }
  return b.maskedStore(memref, idxs, vmask, rhs);
}

/**
 * Fix 3: whether a contiguous vector access of `memref` would be wrong. A masked
 * load/store moves consecutive memory from the first element's address (that is how MLIR
 * lowers it to LLVM), which matches consecutive memref elements only when the innermost
 * stride is 1. MLIR does not check, and emits it on any strided view.
 */
export function hasNonUnitInnermostStride(memref: Value): boolean {
  const t = memref.type;
  if (t.kind !== 'memref' || t.layout === undefined) return false;
  return t.layout.strides[t.layout.strides.length - 1] !== 1;
}
