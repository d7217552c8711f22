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
 * What runs the row reduction: a loop over the rows (`scf.for`, as the sparsifier emits, or an
 * `scf.while` counting them), or nothing around it, so that it reduces row 0 once per call
 * (`once`, or `scf.if`: guarded by `rows > 0`).
 */
export type RowDriver = 'scf.for' | 'scf.while' | 'scf.if' | 'once';

/**
 * The kernel's text: a row loop (or `driver`) around the reduction loop the sparsifier marks
 * (`"Emitted from" = "linalg.generic"`), positions and coordinates widened to index.
 */
export function csrRowReductionText(c: CsrRowReduction, driver: RowDriver = 'scf.for'): string {
  const t = c.element;
  const toIndex = (v: string, from: string, out: string) =>
    from === 'i64'
      ? `${out} = arith.index_cast ${v} : i64 to index`
      : `${out}w = arith.extui ${v} : ${from} to i64
      ${out} = arith.index_cast ${out}w : i64 to index`;
  const init = c.init === 'argument' ? '%r0' : '%rc';
  const constant = c.init === 'argument' ? '' : `  %rc = arith.constant ${c.init} : ${t}\n`;
  const row = `    %p0 = memref.load %pos[%i] : memref<?x${c.pos}>
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
`;
  const rows = {
    'scf.for': `  scf.for %i = %c0 to %rows step %c1 {
${row}  } {"Emitted from" = "linalg.generic"}
`,
    'scf.while': `  %end = scf.while (%w = %c0) : (index) -> index {
    %more = arith.cmpi ult, %w, %rows : index
    scf.condition(%more) %w : index
  } do {
  ^bb0(%i: index):
${row}    scf.yield %i1 : index
  }
`,
    'scf.if': `  %any = arith.cmpi ugt, %rows, %c0 : index
  scf.if %any {
    %i = arith.constant 0 : index
${row}  }
`,
    once: `  %i = arith.constant 0 : index
${row}`,
  }[driver];
  return `func.func @k(%pos: memref<?x${c.pos}>, %crd: memref<?x${c.crd}>, %val: memref<?x${t}>, %x: memref<?x${t}>, %y: memref<?x${t}>, %r0: ${t}, %rows: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
${constant}${rows}  return
}`;
}
