/**
 * What the sparse suite needs from an implementation: run one kernel of tensor index notation,
 * with its operands stored in the given formats, and hand back the output. Operands travel as
 * dense row-major data (the implementation stores each in its format; zeros are not stored),
 * so any sparse library (tilekit's emitter, a wrapper around TACO or mlir-opt) can be tested.
 */

/** Value type of a kernel: its operands, output and arithmetic. */
export type SparseValueType = 'f32' | 'f64' | 'i32';

/**
 * A storage format: a name (`CSR`, `CSC`, `DCSR`, `DCSC`, `COO`, `sparse-vector`, `dense`),
 * one level type per stored dimension (`dense`, `compressed`, `singleton`, ...) in dimension
 * order, or level types with the dimension stored at each level (`order`).
 */
export type SparseFormatName =
  | string
  | readonly string[]
  | { readonly levels: readonly string[]; readonly order: readonly number[] };

/** Dense row-major data with its shape (`[]` for a scalar output). */
export interface DenseTensor {
  readonly data: ArrayLike<number>;
  readonly shape: readonly number[];
}

/** One kernel to run. */
export interface SparseRequest {
  /** `out(i,...) (= | += | *=) expr` in the notation of `referenceIndexNotation`. */
  readonly expression: string;
  /** Format per tensor name (output included); tensors not named are dense. */
  readonly formats: Readonly<Record<string, SparseFormatName>>;
  readonly valueType: SparseValueType;
  /** Every input: a dense tensor (stored in its format) or a scalar. */
  readonly operands: Readonly<Record<string, DenseTensor | number>>;
  /** The output's name, shape and initial contents (what `+=` and `*=` start from). */
  readonly output: DenseTensor & { readonly name: string };
}

/** A sparse output as a coordinate list: `coordinates[n]` (one per dimension) holds `values[n]`. */
export interface SparseEntries {
  readonly coordinates: readonly (readonly number[])[];
  readonly values: ArrayLike<number>;
}

/** The output: dense row-major data, or the stored entries of a sparse output. */
export type SparseResult = ArrayLike<number> | SparseEntries;

/** A sparse kernel implementation under test. */
export interface SparseImpl {
  /** Runs `request` (without changing its arrays) and returns the output. */
  run(request: SparseRequest): SparseResult | Promise<SparseResult>;
}
