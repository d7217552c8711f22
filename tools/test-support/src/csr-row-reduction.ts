/**
 * CSR row reductions as the sparsifier emits them, y(i) = r ⊕ (val(j) ⊗ x(crd(j))) over each
 * row i: the kernels the vectorizer's short-reduction path and the engines running it are tested
 * on.
 */

/** The element types a reduction kernel takes. */
export type ReductionElement = 'f32' | 'f64' | 'i32' | 'i64';

/** One generated CSR row-reduction kernel: y(i) = r ⊕ (val(j) ⊗ x(crd(j))) over row i. */
export interface CsrRowReduction {
  readonly element: ReductionElement;
  /** The op combining the accumulator (its kind follows from it). */
  readonly combine: string;
  /** The op making each term. */
  readonly term: string;
  readonly crd: 'i16' | 'i32' | 'i64';
  readonly pos: 'i32' | 'i64';
  /** The start value: the function's argument, or a constant's text. */
  readonly init: 'argument' | string;
}

/**
 * The kernel's text: an outer row loop around the reduction loop the sparsifier marks
 * (`"Emitted from" = "linalg.generic"`), positions and coordinates widened to index.
 */
export function csrRowReductionText(c: CsrRowReduction): string {
  const t = c.element;
  const toIndex = (v: string, from: string, out: string) =>
    from === 'i64'
      ? `${out} = arith.index_cast ${v} : i64 to index`
      : `${out}w = arith.extui ${v} : ${from} to i64
      ${out} = arith.index_cast ${out}w : i64 to index`;
  const init = c.init === 'argument' ? '%r0' : '%rc';
  const constant = c.init === 'argument' ? '' : `  %rc = arith.constant ${c.init} : ${t}\n`;
  return `func.func @k(%pos: memref<?x${c.pos}>, %crd: memref<?x${c.crd}>, %val: memref<?x${t}>, %x: memref<?x${t}>, %y: memref<?x${t}>, %r0: ${t}, %rows: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
${constant}  scf.for %i = %c0 to %rows step %c1 {
    %p0 = memref.load %pos[%i] : memref<?x${c.pos}>
    ${toIndex('%p0', c.pos, '%lo')}
    %i1 = arith.addi %i, %c1 : index
    %p1 = memref.load %pos[%i1] : memref<?x${c.pos}>
    ${toIndex('%p1', c.pos, '%hi')}
    %s = scf.for %j = %lo to %hi step %c1 iter_args(%acc = ${init}) -> (${t}) {
      %c = memref.load %crd[%j] : memref<?x${c.crd}>
      ${toIndex('%c', c.crd, '%ci')}
      %v = memref.load %val[%j] : memref<?x${t}>
      %xv = memref.load %x[%ci] : memref<?x${t}>
      %p = ${c.term} %v, %xv : ${t}
      %n = ${c.combine} %acc, %p : ${t}
      scf.yield %n : ${t}
    } {"Emitted from" = "linalg.generic"}
    memref.store %s, %y[%i] : memref<?x${t}>
  } {"Emitted from" = "linalg.generic"}
  return
}`;
}
