/**
 * The two passes that assemble a sparse result of two row-major sparse operands on WebGPU, one
 * invocation per output row (grid-stride, every size a uniform, so one pipeline per kind serves
 * every shape):
 * - the symbolic pass counts each row's distinct output columns (written one place on, after a
 *   leading 0, so an inclusive prefix sum of its output is the result's row positions);
 * - the numeric pass, once the total is known, writes each row's columns in ascending order, or
 *   its values, at the row's position.
 * The rows are walked without a workspace: a product row takes, step by step, the smallest
 * column above the last one among the rows of `B` that `A`'s row selects (a binary search in
 * each), a union or an intersection merges the two rows. A value is summed in the order the cpu
 * backend's host assembly sums it (its terms in `A`'s entry order, then `B`'s, one IEEE
 * operation at a time from a zero that is a uniform, so `0 + x` cannot fold to `x`), so the
 * results are the same bits wherever WGSL does not flush subnormals. Malformed storage (the
 * device clamps indices, it does not sort) gives wrong entries, never a read outside an operand
 * or a loop without end: every step moves a cursor or raises the last column.
 */
import { FlatProgram, WEBGPU_WORKGROUP_SIZE } from '@tilekit/tfjs-backend-support/webgpu-passes';

/** How the operands' entries combine: SpGEMM, a sum's union, a product's intersection. */
export type AssemblyCombine = 'product' | 'union' | 'intersection';

/** What the numeric pass writes. */
export type AssemblyPart = 'coordinates' | 'values';

/** No column: above every column an int32 coordinate can hold. */
const NONE = '2147483647';

/** The grid-stride loop over `count` items of tfjs's `main(index)` entry. */
function eachIndex(count: string, body: string): string {
  return `
    fn main(index : i32) {
      let threads = i32(numWorkgroups.x) * ${WEBGPU_WORKGROUP_SIZE};
      for (var item = index; item < ${count}; item = item + threads) {
        ${body}
      }
    }`;
}

/** First position in `[lo, hi)` of `bCrd` whose column is at least `column` (rows sorted). */
const LOWER_BOUND = `
  fn lowerBound(start : i32, end : i32, column : i32) -> i32 {
    var lo = start;
    var hi = end;
    while (lo < hi) {
      let mid = lo + (hi - lo) / 2;
      if (bCrd[mid] < column) { lo = mid + 1; } else { hi = mid; }
    }
    return lo;
  }

  // The smallest column above \`last\` that row \`k\` of B stores, or NONE.
  fn nextInRow(k : i32, last : i32) -> i32 {
    let end = bPos[k + 1];
    let q = lowerBound(bPos[k], end, last + 1);
    if (q < end && bCrd[q] > last) { return bCrd[q]; }
    return ${NONE};
  }

  // The smallest column above \`last\` among the rows of B that row \`i\` of A selects, or NONE.
  fn nextProductColumn(i : i32, last : i32) -> i32 {
    var next = ${NONE};
    for (var p = aPos[i]; p < aPos[i + 1]; p = p + 1) {
      next = min(next, nextInRow(aCrd[p], last));
    }
    return next;
  }
`;

/** WGSL walking row `i`'s output columns `column` in ascending order, running `visit`. */
function walkRow(combine: AssemblyCombine, visit: string): string {
  if (combine === 'product')
    return `
      var column = nextProductColumn(i, -1);
      while (column != ${NONE}) {
        ${visit}
        column = nextProductColumn(i, column);
      }`;
  // A merge of row i of A and row i of B: each step consumes every entry at the smaller column.
  const keep = combine === 'union' ? 'true' : `ca == cb`;
  return `
      var p = aPos[i];
      let pEnd = aPos[i + 1];
      var q = bPos[i];
      let qEnd = bPos[i + 1];
      loop {
        var ca = ${NONE};
        if (p < pEnd) { ca = aCrd[p]; }
        var cb = ${NONE};
        if (q < qEnd) { cb = bCrd[q]; }
        let column = min(ca, cb);
        if (column == ${NONE}) { break; }
        let pRun = p;
        while (p < pEnd && aCrd[p] == column) { p = p + 1; }
        let qRun = q;
        while (q < qEnd && bCrd[q] == column) { q = q + 1; }
        if (${keep}) {
          ${visit}
        }
      }`;
}

/**
 * WGSL of `value`, the output value at `column` of row `i` in the element type `type`, summed in
 * the host assembly's order (see the module comment).
 */
function valueAt(combine: AssemblyCombine, type: string): string {
  const zero = `${type}(uniforms.zero)`;
  if (combine === 'product')
    return `
        var value = ${zero};
        for (var p = aPos[i]; p < aPos[i + 1]; p = p + 1) {
          let k = aCrd[p];
          let end = bPos[k + 1];
          for (var q = lowerBound(bPos[k], end, column); q < end && bCrd[q] == column; q = q + 1) {
            let term = aVal[p] * bVal[q];
            value = value + term;
          }
        }`;
  if (combine === 'union')
    return `
        var left = ${zero};
        for (var s = pRun; s < p; s = s + 1) { left = left + aVal[s]; }
        var right = ${zero};
        for (var s = qRun; s < q; s = s + 1) { right = right + bVal[s]; }
        let value = left + right;`;
  return `
        var value = ${zero};
        for (var s = pRun; s < p; s = s + 1) {
          for (var t = qRun; t < q; t = t + 1) {
            let term = aVal[s] * bVal[t];
            value = value + term;
          }
        }`;
}

/** The symbolic pass: `[0, count(row 0), count(row 1), ...]`, `rows + 1` int32 elements. */
export class AssemblyCountProgram extends FlatProgram {
  readonly variableNames = ['aPos', 'aCrd', 'bPos', 'bCrd'];
  readonly uniforms = 'rows : i32,';
  readonly #combine: AssemblyCombine;

  constructor(combine: AssemblyCombine, rows: number) {
    super(`assembly_count_${combine}`, rows + 1, rows + 1);
    this.#combine = combine;
  }

  getUserCode(): string {
    return `${LOWER_BOUND}
      ${eachIndex(
        'uniforms.rows + 1',
        `if (item == 0) {
          result[0] = 0;
          continue;
        }
        let i = item - 1;
        var count = 0;
        ${walkRow(this.#combine, 'count = count + 1;')}
        result[item] = count;`,
      )}`;
  }
}

/**
 * The inputs the numeric pass binds for `part`, in binding order: only those its code reads (a
 * pipeline's layout leaves out the bindings the code never uses, and a bind group must match).
 */
export function fillInputs(part: AssemblyPart): string[] {
  return part === 'coordinates'
    ? ['aPos', 'aCrd', 'bPos', 'bCrd', 'cPos']
    : ['aPos', 'aCrd', 'aVal', 'bPos', 'bCrd', 'bVal', 'cPos'];
}

/** The numeric pass: the result's columns (int32) or values, `nnz` elements. */
export class AssemblyFillProgram extends FlatProgram {
  readonly variableNames: string[];
  readonly uniforms = 'rows : i32, nnz : i32, zero : f32,';
  readonly #combine: AssemblyCombine;
  readonly #part: AssemblyPart;
  readonly #type: 'f32' | 'i32';

  /**
   * @param valueType The WGSL type of the operands' values.
   * @param rows Rows of the result.
   * @param nnz Stored entries of the result (the symbolic pass's total).
   */
  constructor(
    combine: AssemblyCombine,
    part: AssemblyPart,
    valueType: 'f32' | 'i32',
    rows: number,
    nnz: number,
  ) {
    super(`assembly_fill_${combine}_${part}_${valueType}`, nnz, rows);
    this.variableNames = fillInputs(part);
    this.#combine = combine;
    this.#part = part;
    this.#type = valueType;
  }

  getUserCode(): string {
    const write =
      this.#part === 'coordinates'
        ? 'result[at] = column;'
        : `${valueAt(this.#combine, this.#type)}
        result[at] = value;`;
    return `${LOWER_BOUND}
      ${eachIndex(
        'uniforms.rows',
        `let i = item;
        var at = cPos[i];
        ${walkRow(
          this.#combine,
          `if (at >= uniforms.nnz) { break; }
          ${write}
          at = at + 1;`,
        )}`,
      )}`;
  }
}
