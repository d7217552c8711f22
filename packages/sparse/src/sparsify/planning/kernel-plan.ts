/**
 * What planning decides about a kernel and the loop emitter reads: its tensors, their formats
 * and level indices, the loop order, the reductions and the temporaries. Types only; the
 * planner that fills them is plan-kernel.ts.
 */
import type { SparseFormat, StorageWidth } from '../../sparse-tensor/format.js';
import type { AffineSubscript, Notation, Reducer } from './expression.js';

/** Value element types the emitter supports. */
export type ValueType = 'f32' | 'f64' | 'i32' | 'i64';

/** One tensor of the kernel. */
export interface TensorPlan {
  readonly name: string;
  /** Index variables in dimension order. */
  readonly indices: readonly string[];
  /** Storage format; `undefined` for plain dense (row-major memref) tensors and scalars. */
  readonly format: SparseFormat | undefined;
  /**
   * Index variable of each storage level (dimension order for plain dense tensors); none for an
   * operand read through affine subscripts, which is located, never iterated.
   */
  readonly levelIndices: readonly string[];
  /**
   * Per dimension, the affine subscript an operand is read through (`I(i+k, j+l)`); absent
   * for operands subscripted by index variables alone. `indices` then holds each subscript's
   * text, and `format` is one located-access.ts can locate in.
   */
  readonly subscripts?: readonly AffineSubscript[];
  /**
   * An operand's input: the kernel argument whose arrays it reads (absent: the input named
   * `name`). Another index pattern of a tensor (`A(j,k)` beside `A(i,k)`) reads `A`'s arrays.
   */
  readonly argument?: string;
  /** An input's caller operand (absent: `name`); set on converted copies. */
  readonly source?: string;
  /**
   * The caller's format of an input that the kernel iterates in `format` instead (a level
   * order conflict or a COO operand co-iterated with another sparse operand): binding
   * converts it, like the `sparse_tensor.convert` MLIR's `--sparse-reinterpret-map` inserts.
   */
  readonly convertedFrom?: SparseFormat;
}

/** Everything the loop emitter needs to know about a kernel. */
export interface KernelPlan {
  /** The kernel; for a planned kernel `rhs` is the main loop nest's expression. */
  readonly notation: Notation;
  readonly valueType: ValueType;
  /**
   * The kernel's tensor arguments: each caller tensor in order of first appearance, then
   * converted copies (see {@link TensorPlan.convertedFrom}).
   */
  readonly inputs: readonly TensorPlan[];
  /**
   * What the loop nest reads: one operand per tensor and index pattern (temporaries
   * included), named as the accesses of `notation.rhs` name them.
   */
  readonly operands: readonly TensorPlan[];
  readonly output: TensorPlan;
  /** Index variables in order of first appearance (the order of the size arguments). */
  readonly indexVars: readonly string[];
  /** Loop nest order, outermost first (the index variables of this loop nest). */
  readonly loopOrder: readonly string[];
  /** Indices reduced over the whole expression of this loop nest. */
  readonly reductions: ReadonlySet<string>;
  /**
   * How `reductions` combine: `sum`, or `min`/`max` (which start from their identity, count
   * implicit zeros and nest inside every output loop; see loop-emitter.ts).
   */
  readonly reducer: Reducer;
  /**
   * Temporaries (TACO's `where`): dense tensors computed by their own loop nests before this
   * one, producers first; each plan's output is the temporary.
   */
  readonly temporaries: readonly KernelPlan[];
}

/** Options shared by planning and emission. */
export interface PlanOptions {
  readonly valueType?: ValueType;
  /** Width of positions for formats that do not name one (default 32). */
  readonly posWidth?: StorageWidth;
  /** Width of coordinates for formats that do not name one (default 32). */
  readonly crdWidth?: StorageWidth;
  /**
   * The loops' order, outermost first: every index variable of the expression once (TACO's
   * `reorder`; see requested-loop-order.ts). Default: the order MLIR's sparsifier chooses, the
   * output's indices outermost where the sparse operands' storage allows.
   */
  readonly loopOrder?: readonly string[];
}
