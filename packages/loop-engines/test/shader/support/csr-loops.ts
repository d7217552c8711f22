/**
 * The CSR loop nests the shader tests compile, as MLIR's sparsifier emits them: each row's
 * entries run over `pos[i] .. pos[i + 1]`, with the column in `crd` and the value in `val`.
 */

/**
 * A function over the CSR arrays `%pos`, `%crd` and `%val` and `operands`, with `%c0` and `%c1`
 * defined before `body`.
 */
export const csrFunction = (name: string, operands: string, body: string) => `
func.func @${name}(%pos: memref<?xi32>, %crd: memref<?xi32>, %val: memref<?xf32>, ${operands}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index${body}
  return
}`;

/**
 * The entries of compressed row (or column) `outer`: `scf.for %p` over pos[outer] ..
 * pos[outer + 1] around `body`; `carry` (as `%sum` / `%acc = %zero` / `f32`) makes it a loop
 * that carries a value.
 */
export const entriesOf = (
  outer: string,
  body: string,
  carry?: { readonly result: string; readonly arg: string; readonly type: string },
) => `
    %p0 = memref.load %pos[${outer}] : memref<?xi32>
    %lo = arith.index_castui %p0 : i32 to index
    %o1 = arith.addi ${outer}, %c1 : index
    %p1 = memref.load %pos[%o1] : memref<?xi32>
    %hi = arith.index_castui %p1 : i32 to index
    ${carry === undefined ? '' : `${carry.result} = `}scf.for %p = %lo to %hi step %c1${
      carry === undefined ? '' : ` iter_args(${carry.arg}) -> (${carry.type})`
    } {${body}
    }`;

/** Row %i's entry %p: its column `%j` and value `%a`. */
const ENTRY = `
      %j32 = memref.load %crd[%p] : memref<?xi32>
      %j = arith.index_castui %j32 : i32 to index
      %a = memref.load %val[%p] : memref<?xf32>`;

/** SpMV row %i: the sum of its entries times x[column], started from `init`, stored to y[%i]. */
export const spmvRow = (init: string) => `${entriesOf(
  '%i',
  `${ENTRY}
      %b = memref.load %x[%j] : memref<?xf32>
      %t = arith.mulf %a, %b : f32
      %s = arith.addf %acc, %t : f32
      scf.yield %s : f32`,
  { result: '%sum', arg: `%acc = ${init}`, type: 'f32' },
)}
    memref.store %sum, %y[%i] : memref<?xf32>`;

/** SpMM row %i (C = A B, `cols` columns): each entry times row %j of b added into row %i of c. */
export const spmmRow = (cols: string) =>
  entriesOf(
    '%i',
    `${ENTRY}
      scf.for %q = %c0 to ${cols} step %c1 {
        %bv = memref.load %b[%j, %q] : memref<?x?xf32>
        %t = arith.mulf %a, %bv : f32
        %old = memref.load %c[%i, %q] : memref<?x?xf32>
        %s = arith.addf %old, %t : f32
        memref.store %s, %c[%i, %q] : memref<?x?xf32>
      }`,
  );

/** Row %i's entries stored into the dense matrix %d at their columns. */
export const toDenseRow = () =>
  entriesOf(
    '%i',
    `${ENTRY}
      memref.store %a, %d[%i, %j] : memref<?x?xf32>`,
  );
