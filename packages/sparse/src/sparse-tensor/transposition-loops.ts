/**
 * The counting transposition of a matrix in pointers form (CSR to CSC, CSC to CSR) as loop IR,
 * which scripts/prepare-conversion-kernels.ts compiles with the wasm engine ahead of time
 * (conversion-wasm.generated.ts) and the tests run on every engine. It is scipy's
 * `csr_tocsc`: count the entries per column, turn the counts into starts, then move each row's
 * entries, rows in order, to the next free place of their column, so each column holds its
 * rows in increasing order. The column pointers are built in place: `cptr[c]` counts column
 * `c`, then holds its start, and the scatter advances it to the column's end; a last pass
 * shifts those ends one place up, where they are the next columns' starts.
 *
 * Counting at `cptr[c]` rather than `cptr[c + 1]` keeps the column an address as loaded, and
 * the count runs four entries a step (the loop's own bookkeeping is a good part of a step that
 * only increments a counter), which the wasm engine's induction pointers turn into one pointer
 * and four offsets. At 2000² with 200 k entries the compiled kernel went from 352-360 µs to
 * 285-292 µs (340 µs without the pointers); at 20000² with 40 k it stayed at 103-109 µs.
 *
 * Values are moved, never computed on, so one function serves every value type of a width:
 * 4-byte values (f32, i32) move as i32 and 8-byte values (f64, i64) as f64 (a function per
 * width: one moving two words per value took 15-30 % longer). Wasm loads and stores keep every
 * bit (a NaN's payload included).
 */

/** The name of the function in {@link transpositionLoops}' module. */
export const TRANSPOSITION_FUNCTION = 'transpose_rows';

/** The element type values of `width` bytes move as. */
export const movedType = (width: 4 | 8): 'i32' | 'f64' => (width === 4 ? 'i32' : 'f64');

/**
 * The module text: `@transpose_rows(ptr, crd, val, cptr, rowsOut, out, rows, cols, nnz)` reads
 * the row pointers `ptr` (`rows + 1`), column coordinates `crd` and values `val` (`nnz` each,
 * `width` bytes a value) and writes the column pointers `cptr` (`cols + 1`), each column's rows
 * `rowsOut` and values `out` (`nnz` each). Every element of the outputs is written, so they
 * may start unfilled.
 */
export function transpositionLoops(width: 4 | 8): string {
  const values = `memref<?x${movedType(width)}>`;
  /** Counts the entry at `%crd[q]` in its column's counter (value names end in `k`). */
  const countEntry = (q: string, k: number) => `    %j${k} = memref.load %crd[${q}] : memref<?xi32>
    %jx${k} = arith.index_cast %j${k} : i32 to index
    %n${k} = memref.load %cptr[%jx${k}] : memref<?xi32>
    %m${k} = arith.addi %n${k}, %one : i32
    memref.store %m${k}, %cptr[%jx${k}] : memref<?xi32>
`;
  const nextThree = [1, 2, 3]
    .map((k) => `    %q${k} = arith.addi %q, %c${k} : index\n${countEntry(`%q${k}`, k)}`)
    .join('');
  return `func.func @${TRANSPOSITION_FUNCTION}(%ptr: memref<?xi32>, %crd: memref<?xi32>, %val: ${values}, %cptr: memref<?xi32>, %rowsOut: memref<?xi32>, %out: ${values}, %rows: index, %cols: index, %nnz: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %starts = arith.addi %cols, %c1 : index
  scf.for %c = %c0 to %starts step %c1 {
    memref.store %zero, %cptr[%c] : memref<?xi32>
  }
  %odd = arith.remui %nnz, %c4 : index
  %quads = arith.subi %nnz, %odd : index
  scf.for %q = %c0 to %quads step %c4 {
${countEntry('%q', 0)}${nextThree}  }
  scf.for %q = %quads to %nnz step %c1 {
${countEntry('%q', 0)}  }
  %total = scf.for %c = %c0 to %starts step %c1 iter_args(%start = %zero) -> (i32) {
    %n = memref.load %cptr[%c] : memref<?xi32>
    memref.store %start, %cptr[%c] : memref<?xi32>
    %next = arith.addi %start, %n : i32
    scf.yield %next : i32
  }
  scf.for %i = %c0 to %rows step %c1 {
    %lo32 = memref.load %ptr[%i] : memref<?xi32>
    %i1 = arith.addi %i, %c1 : index
    %hi32 = memref.load %ptr[%i1] : memref<?xi32>
    %lo = arith.index_cast %lo32 : i32 to index
    %hi = arith.index_cast %hi32 : i32 to index
    %row = arith.index_cast %i : index to i32
    scf.for %q = %lo to %hi step %c1 {
      %j = memref.load %crd[%q] : memref<?xi32>
      %jx = arith.index_cast %j : i32 to index
      %at32 = memref.load %cptr[%jx] : memref<?xi32>
      %after = arith.addi %at32, %one : i32
      memref.store %after, %cptr[%jx] : memref<?xi32>
      %at = arith.index_cast %at32 : i32 to index
      memref.store %row, %rowsOut[%at] : memref<?xi32>
      %v = memref.load %val[%q] : ${values}
      memref.store %v, %out[%at] : ${values}
    }
  }
  %last = scf.for %c = %c0 to %cols step %c1 iter_args(%end = %zero) -> (i32) {
    %next = memref.load %cptr[%c] : memref<?xi32>
    memref.store %end, %cptr[%c] : memref<?xi32>
    scf.yield %next : i32
  }
  return
}
`;
}
