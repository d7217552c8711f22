/**
 * The values of an emitted kernel function that live at its entry: its arguments by
 * parameter, and the constants and `memref.dim`s the loops use, hoisted to the entry like MLIR's
 * `%c0`, `%c1` and created once each, on first use.
 */
import type { Builder, ScalarType, Value } from '@tilekit/loop-ir';
import type { Reducer } from '../planning/expression.js';
import type { AssemblyContext } from './assembly-state.js';
import { parameterKey } from './emit-context.js';
import { emitConstant, emitReductionIdentity } from './emit-expression.js';
import type { KernelParameter } from './kernel-parameter.js';

/** The entry block of one kernel function and the values hoisted into it. */
export class KernelEntry {
  /** The builder of the function's entry block. */
  readonly top: Builder;
  /** The kernel's value type. */
  readonly element: ScalarType;
  private readonly args: ReadonlyMap<string, Value>;
  private readonly indexConstants = new Map<number, Value>();
  /** `memref.dim` of output arrays. */
  private readonly lengths = new Map<Value, Value>();

  constructor(
    top: Builder,
    element: ScalarType,
    params: readonly KernelParameter[],
    args: readonly Value[],
  ) {
    this.top = top;
    this.element = element;
    this.args = new Map(params.map((p, k) => [parameterKey(p), args[k] as Value]));
  }

  /** The argument of the parameter with key `key` (see `parameterKey`). */
  byKey(key: string): Value {
    return this.args.get(key) as Value;
  }

  /** The argument of `tensor`'s parameter of `kind` (at `level` for storage arrays). */
  arg(kind: KernelParameter['kind'], tensor: string, level?: number): Value {
    return this.byKey(`${kind}:${tensor}${level === undefined ? '' : `:${level}`}`);
  }

  /** The extent of index variable `v`. */
  size(v: string): Value {
    return this.byKey(`size:${v}`);
  }

  /** The `index` constant `n`. */
  c(n: number): Value {
    let c = this.indexConstants.get(n);
    if (c === undefined) {
      c = this.top.constantIndex(n);
      this.indexConstants.set(n, c);
    }
    return c;
  }

  /** The length of a memref argument. */
  length(memref: Value): Value {
    let dim = this.lengths.get(memref);
    if (dim === undefined) {
      dim = this.top.dim(memref, this.c(0));
      this.lengths.set(memref, dim);
    }
    return dim;
  }

  /** The value-type constant `x`. */
  constant(x: number): Value {
    return emitConstant(this.top, this.element, x);
  }

  /** This entry's arguments and constants as an output's assembly reads them. */
  assemblyContext(): AssemblyContext {
    return {
      arg: (key) => this.byKey(key),
      c: (n) => this.c(n),
      size: (v) => this.size(v),
      zero: () => this.zero(),
      length: (memref) => this.length(memref),
    };
  }

  /** The value-type zero. */
  zero(): Value {
    return this.constant(0);
  }

  /** The identity of `reducer` (zero for a sum). */
  identity(reducer: Reducer): Value {
    if (reducer === 'sum') return this.zero();
    return emitReductionIdentity(this.top, this.element, reducer);
  }
}
