/**
 * A matrix's rows built from its entries in any order, as loop IR that
 * scripts/prepare-conversion-kernels.ts compiles with the wasm engine ahead of time
 * (conversion-wasm.generated.ts), and the tests run on every engine. Two stable counting
 * scatters, by column and then by row (a least-significant-digit radix sort on the two
 * coordinates): the first puts the entries in column order, the second walks that copy column
 * by column into the rows, so each row receives its columns in increasing order, equal ones in
 * the order given and next to each other.
 *
 * scipy's `coo_tocsr` scatters into the rows once and then sorts each row. A row of a
 * spread-out matrix holds a few entries, and sorting it costs a branch per row and per entry
 * that no predictor can know: measured on the compiled loops at 20000² with 40 k entries in
 * random order, insertion took 207 µs over the 174 µs of the first scatter, where the second
 * scatter costs about 100 µs whatever the rows hold, and the work stays linear however long a
 * row is.
 *
 * The second scatter also finds the entries that repeat a coordinate: an entry placed right
 * after an entry of its own row with the same column is a repeat (each row keeps its start
 * beside its next free place, in `rowState`, so the check reads one more word of the same
 * line and stores nothing). The first
 * `goneCapacity` of their places are listed (in the walk's order), so that the caller sums
 * them without scanning the rows again; the count of all of them is returned.
 *
 * Values are only moved, so one function serves every value type of a width, as in
 * transposition-loops.ts.
 */
import { movedType } from './transposition-loops.js';

/** The name of the function in {@link rowBuildLoops}' module. */
export const ROW_BUILD_FUNCTION = 'build_rows';

/**
 * The module text: `@build_rows(rows, cols, val, ptr, colsOut, out, gone, cptr, byColumnRows,
 * byColumnValues, rowState, rowCount, colCount, nnz, goneCapacity) -> repeats` reads each entry's
 * row, column and value (`nnz` each; rows below `rowCount`, columns below `colCount`) and
 * writes the row pointers `ptr` (`rowCount + 1`), each row's columns `colsOut` and values `out`
 * (`nnz` each), and the places of the first `goneCapacity` repeats in `gone`. `cptr`
 * (`colCount + 1`), `byColumnRows`, `byColumnValues` (`nnz` each) and `rowState`
 * (`2 * (rowCount + 1)`: each row's next free place and start) are scratch. Every element of the outputs but `gone`'s past the repeats is written, so they may
 * start unfilled, and no array is read before it is written but the three inputs.
 */
export function rowBuildLoops(width: 4 | 8): string {
  const values = `memref<?x${movedType(width)}>`;
  const i32s = 'memref<?xi32>';
  /** Counts the entry `%e` of `keys` in `counts` (value names end in `k`). */
  const count = (
    keys: string,
    counts: string,
    k: string,
  ) => `    %key${k} = memref.load %${keys}[%e] : ${i32s}
    %at${k} = arith.index_cast %key${k} : i32 to index
    %n${k} = memref.load %${counts}[%at${k}] : ${i32s}
    %m${k} = arith.addi %n${k}, %one : i32
    memref.store %m${k}, %${counts}[%at${k}] : ${i32s}
`;
  return `func.func @${ROW_BUILD_FUNCTION}(%rows: ${i32s}, %cols: ${i32s}, %val: ${values}, %ptr: ${i32s}, %colsOut: ${i32s}, %out: ${values}, %gone: ${i32s}, %cptr: ${i32s}, %byColumnRows: ${i32s}, %byColumnValues: ${values}, %rowState: ${i32s}, %rowCount: index, %colCount: index, %nnz: index, %goneCapacity: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %rowEnds = arith.addi %rowCount, %c1 : index
  %colEnds = arith.addi %colCount, %c1 : index
  scf.for %r = %c0 to %rowEnds step %c1 {
    memref.store %zero, %ptr[%r] : ${i32s}
  }
  scf.for %c = %c0 to %colEnds step %c1 {
    memref.store %zero, %cptr[%c] : ${i32s}
  }
  scf.for %e = %c0 to %nnz step %c1 {
${count('cols', 'cptr', 'c')}${count('rows', 'ptr', 'r')}  }
  %entries = scf.for %c = %c0 to %colEnds step %c1 iter_args(%start = %zero) -> (i32) {
    %n = memref.load %cptr[%c] : ${i32s}
    memref.store %start, %cptr[%c] : ${i32s}
    %next = arith.addi %start, %n : i32
    scf.yield %next : i32
  }
  %placed = scf.for %r = %c0 to %rowEnds step %c1 iter_args(%start = %zero) -> (i32) {
    %n = memref.load %ptr[%r] : ${i32s}
    memref.store %start, %ptr[%r] : ${i32s}
    %cursor = arith.muli %r, %c2 : index
    memref.store %start, %rowState[%cursor] : ${i32s}
    %startAt = arith.addi %cursor, %c1 : index
    memref.store %start, %rowState[%startAt] : ${i32s}
    %next = arith.addi %start, %n : i32
    scf.yield %next : i32
  }
  scf.for %e = %c0 to %nnz step %c1 {
    %c = memref.load %cols[%e] : ${i32s}
    %cx = arith.index_cast %c : i32 to index
    %at32 = memref.load %cptr[%cx] : ${i32s}
    %after = arith.addi %at32, %one : i32
    memref.store %after, %cptr[%cx] : ${i32s}
    %at = arith.index_cast %at32 : i32 to index
    %r = memref.load %rows[%e] : ${i32s}
    memref.store %r, %byColumnRows[%at] : ${i32s}
    %v = memref.load %val[%e] : ${values}
    memref.store %v, %byColumnValues[%at] : ${values}
  }
  %walked:2 = scf.for %c = %c0 to %colCount step %c1 iter_args(%lo32 = %zero, %found = %zero) -> (i32, i32) {
    %hi32 = memref.load %cptr[%c] : ${i32s}
    %lo = arith.index_cast %lo32 : i32 to index
    %hi = arith.index_cast %hi32 : i32 to index
    %col = arith.index_cast %c : index to i32
    %foundHere = scf.for %q = %lo to %hi step %c1 iter_args(%g = %found) -> (i32) {
      %r = memref.load %byColumnRows[%q] : ${i32s}
      %rx = arith.index_cast %r : i32 to index
      %cursor = arith.muli %rx, %c2 : index
      %at32 = memref.load %rowState[%cursor] : ${i32s}
      %after = arith.addi %at32, %one : i32
      memref.store %after, %rowState[%cursor] : ${i32s}
      %at = arith.index_cast %at32 : i32 to index
      memref.store %col, %colsOut[%at] : ${i32s}
      %v = memref.load %byColumnValues[%q] : ${values}
      memref.store %v, %out[%at] : ${values}
      %startAt = arith.addi %cursor, %c1 : index
      %rowStart = memref.load %rowState[%startAt] : ${i32s}
      %inRow = arith.cmpi sgt, %at32, %rowStart : i32
      %before = arith.subi %at, %c1 : index
      %look = arith.select %inRow, %before, %at : index
      %seen = memref.load %colsOut[%look] : ${i32s}
      %same = arith.cmpi eq, %seen, %col : i32
      %repeat = arith.andi %inRow, %same : i1
      %next = scf.if %repeat -> (i32) {
        %gx = arith.index_cast %g : i32 to index
        %room = arith.cmpi ult, %gx, %goneCapacity : index
        scf.if %room {
          memref.store %at32, %gone[%gx] : ${i32s}
        }
        %g1 = arith.addi %g, %one : i32
        scf.yield %g1 : i32
      } else {
        scf.yield %g : i32
      }
      scf.yield %next : i32
    }
    scf.yield %hi32, %foundHere : i32, i32
  }
  return %walked#1 : i32
}
`;
}
