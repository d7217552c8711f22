/**
 * IR -> JavaScript source: the js engine's backend of the shared lowering skeleton
 * (../lowering.ts). Every SSA value becomes a `const` (vectors: one per lane, so vector ops
 * are unrolled per lane), loop-carried values become `let`s updated by parallel assignment,
 * and structured control flow maps to `for`/`while (true)`/`if`. The op emitters are in
 * js-handlers.ts.
 */
import type { Attribute, Operation, Value } from '@tilekit/loop-ir';
import {
  elementTypeOf,
  laneCount,
  type MemRefType,
  operand,
  result,
  type ScalarType,
} from '@tilekit/loop-ir';
import { EngineUnsupportedError } from '../errors.js';
import type { CountedLoop, EngineBackend } from '../lowering.js';
import { isIndexCast, isNarrowWidening, narrowWideningValues } from './js-narrow.js';
import type { ReferenceOp } from './js-runtime.js';
import { inlineScalar, jsClassOf } from './js-scalar.js';

/** Ops that only change the sign bit (inline for numbers, through the reference for NaNs). */
const SIGN_BIT_OPS: ReadonlySet<string> = new Set(['arith.negf', 'math.absf']);

const isF32 = (t: MemRefType['element']): boolean => t.kind === 'float' && t.format === 'f32';

/** A memref parameter: its data array name, one name per dim, and the "holds bigints" flag. */
export interface JsMemRef {
  readonly data: string;
  readonly dims: readonly string[];
  /** Stride and offset parameter names, for memref types with a strided layout. */
  readonly strided?: { readonly strides: readonly string[]; readonly offset: string };
  readonly big: string;
  /** The `Uint32Array` view of an f32 memref's data, through which NaNs move bit for bit. */
  readonly bits?: string;
  readonly type: MemRefType;
}

/** The generated function: its source (body of `(rt) => kernel`) and reference ops. */
export interface JsProgram {
  readonly source: string;
  readonly refs: readonly ReferenceOp[];
}

/** Code generation state for one function; its carried storage is one `let` name per lane. */
export class JsCodegen implements EngineBackend<readonly string[]> {
  readonly engineName = 'js';
  readonly vscale: number;
  readonly refs: ReferenceOp[] = [];
  readonly #lines: string[] = [];
  readonly #params: string[] = [];
  readonly #names = new Map<Value, readonly string[]>();
  readonly #mems = new Map<Value, JsMemRef>();
  readonly narrow: ReadonlySet<Value>;
  #depth = 1;
  #next = 0;

  constructor(
    readonly func: Operation,
    vscale: number,
    /** The iterations each `scf.while` may run (`undefined`: any number). */
    readonly whileBound?: number,
  ) {
    this.vscale = vscale;
    this.narrow = narrowWideningValues(func);
  }

  /** The whole program, once every op of the function was lowered into this codegen. */
  program(): JsProgram {
    const source = `"use strict";\nconst I = rt.I, R = rt.R, N = rt.N, Z = rt.Z, L32 = rt.L32, S32 = rt.S32, F2I = rt.F2I, I2F = rt.I2F, F32 = rt.F32;\nreturn function kernel(${this.#params.join(', ')}) {\n${this.#lines.join('\n')}\n};`;
    return { source, refs: this.refs };
  }

  /** Memrefs pass their data, dims, (strided) strides and offset, and the bigint flag. */
  bindArgument(arg: Value, i: number): void {
    const t = arg.type;
    if (t.kind === 'memref') {
      const strided =
        t.layout === undefined
          ? undefined
          : { strides: t.shape.map((_, k) => `m${i}_s${k}`), offset: `m${i}_o` };
      const m: JsMemRef = {
        data: `m${i}`,
        dims: t.shape.map((_, k) => `m${i}_d${k}`),
        ...(strided === undefined ? {} : { strided }),
        big: `m${i}_big`,
        ...(isF32(t.element) ? { bits: `m${i}_u32` } : {}),
        type: t,
      };
      this.#mems.set(arg, m);
      this.#params.push(
        m.data,
        ...m.dims,
        ...(strided === undefined ? [] : [...strided.strides, strided.offset]),
        m.big,
        ...(m.bits === undefined ? [] : [m.bits]),
      );
    } else if (t.kind === 'vector' || t.kind === 'function') {
      throw new EngineUnsupportedError(`function arguments of type ${t.kind} are not supported`);
    } else {
      jsClassOf(t);
      this.#names.set(arg, [`a${i}`]);
      this.#params.push(`a${i}`);
    }
  }

  returnValues(values: readonly Value[]): void {
    this.line(`return [${values.map((v) => this.scalar(v)).join(', ')}];`);
  }

  scopeOp(_op: Operation, emit: () => void): void {
    emit();
  }

  /** Appends one line at the current nesting depth. */
  line(text: string): void {
    this.#lines.push(`${'  '.repeat(this.#depth)}${text}`);
  }

  /** A fresh variable name. */
  fresh(): string {
    return `v${this.#next++}`;
  }

  /** Binds `v` to lane expressions (one for scalars). */
  bind(v: Value, lanes: readonly string[]): void {
    this.#names.set(v, lanes);
  }

  /** Emits `const x = expr` and binds `v` to `x`. */
  define(v: Value, expr: string): void {
    const name = this.fresh();
    this.line(`const ${name} = ${expr};`);
    this.bind(v, [name]);
  }

  /** The lane names of a value. */
  lanes(v: Value): readonly string[] {
    const n = this.#names.get(v);
    if (n === undefined)
      throw new EngineUnsupportedError('use of a value with no definition in scope');
    return n;
  }

  scalar(v: Value): string {
    return this.lanes(v)[0] as string;
  }

  mem(v: Value): JsMemRef {
    const m = this.#mems.get(v);
    if (m === undefined) throw new EngineUnsupportedError('expected a memref function argument');
    return m;
  }

  /** Number of lanes of a value (1 for scalars). */
  laneCountOf(v: Value): number {
    return v.type.kind === 'vector' ? laneCount(v.type, this.vscale) : 1;
  }

  /** An expression for element-wise op `op` on lane operands (inline or via the reference). */
  scalarExpr(
    op: Operation,
    args: readonly string[],
    opType: ScalarType,
    resType: ScalarType,
    attrs: Readonly<Record<string, Attribute>> = op.attributes,
  ): string {
    const inline = inlineScalar(op.name, args, opType, resType, attrs);
    if (typeof inline === 'string' && !SIGN_BIT_OPS.has(op.name)) return inline;
    const types = op.operands.map((o) => elementTypeOf(o.type) as ScalarType);
    if (args.length > 3)
      throw new EngineUnsupportedError(`${op.name} with ${args.length} operands`);
    this.refs.push({ op, operandTypes: types, resultType: resType });
    const reference = `R(${this.refs.length - 1}, ${args.join(', ')})`;
    if (inline === undefined) return reference;
    if (typeof inline !== 'string') return `(${inline.when} ? ${inline.fast} : ${reference})`;
    // JS arithmetic may quiet a NaN or keep its sign: the reference flips just the sign bit.
    const a = args[0] as string;
    return `(${a} === ${a} ? ${inline} : ${reference})`;
  }

  /** The flat element index of `m[indices]` (row-major, or through the strided layout). */
  linear(m: JsMemRef, indices: readonly string[]): string {
    if (m.strided !== undefined) {
      const { strides, offset } = m.strided;
      return indices.reduce((acc, e, k) => `${acc} + ${e} * ${strides[k]}`, offset);
    }
    if (indices.length === 0) return '0';
    return indices
      .slice(1)
      .reduce((acc, e, k) => `(${acc} * ${m.dims[k + 1]} + ${e})`, indices[0] as string);
  }

  /** The flat index of a gathered lane: `index` added to the innermost subscript. */
  gathered(m: JsMemRef, at: string, index: string): string {
    const last = m.strided?.strides[m.strided.strides.length - 1];
    return last === undefined ? `${at} + ${index}` : `${at} + ${index} * ${last}`;
  }

  /**
   * As {@link read}, for a read that is always performed: an f32 element is read into a
   * temporary first, so only a NaN takes the call that reads its bits (the plain read stays
   * as fast as a bare typed-array access).
   */
  readNow(m: JsMemRef, at: string): string {
    if (m.bits === undefined) return this.read(m, at);
    const t = this.fresh();
    this.line(`const ${t} = ${m.data}[${at}];`);
    return `(${t} === ${t} ? ${t} : L32(${m.data}, ${m.bits}, ${at}))`;
  }

  /** An expression reading `m` at flat index `at`, in the element's representation. */
  read(m: JsMemRef, at: string): string {
    const t = m.type.element as ScalarType;
    const raw = `${m.data}[${at}]`;
    if (m.bits !== undefined) return `L32(${m.data}, ${m.bits}, ${at})`;
    if (t.kind === 'float') return raw;
    if (t.kind === 'index') return `I(Number(${raw}))`;
    if (t.width === 64) return `BigInt.asIntN(64, ${raw})`;
    if (t.width === 32) return `(${raw} | 0)`;
    if (t.width === 1) return `(${raw} & 1)`;
    return `(${raw} << ${32 - t.width} >> ${32 - t.width})`;
  }

  /** A statement writing `value` to `m` at flat index `at`. */
  write(m: JsMemRef, at: string, value: string): string {
    const t = m.type.element as ScalarType;
    // Only a NaN goes through S32 (its bits); numbers are stored directly.
    if (m.bits !== undefined)
      return `{ if (${value} === ${value}) ${m.data}[${at}] = ${value}; else S32(${m.data}, ${m.bits}, ${at}, ${value}); }`;
    const v = t.kind === 'index' ? `(${m.big} ? BigInt(${value}) : ${value})` : value;
    return `${m.data}[${at}] = ${v};`;
  }

  /** The expression of one lane (or the scalar) of an element-wise op. */
  laneExpr(
    op: Operation,
    args: readonly string[],
    opType: ScalarType,
    resType: ScalarType,
  ): string {
    return this.#fusedWidening(op, args) ?? this.scalarExpr(op, args, opType, resType);
  }

  /** A widening cast kept as an exact number (see js-narrow.ts), or its index_cast user. */
  #fusedWidening(op: Operation, args: readonly string[]): string | undefined {
    if (this.narrow.size === 0) return undefined;
    if (isNarrowWidening(op) && this.narrow.has(result(op, 'out'))) {
      const w = (elementTypeOf(operand(op, 'in').type) as { width: number }).width;
      const a = args[0] as string;
      if (op.name === 'arith.extsi') return w === 1 ? `(-${a})` : a;
      return w === 32 ? `(${a} >>> 0)` : w === 1 ? a : `(${a} & ${2 ** w - 1})`;
    }
    if (isIndexCast(op) && this.narrow.has(operand(op, 'in'))) return args[0]; // of an exact number
    return undefined;
  }

  /** Declares `let` variables for carried values and binds the values to them. */
  carry(values: readonly Value[]): string[][] {
    return values.map((v) => {
      const names = Array.from({ length: this.laneCountOf(v) }, () => this.fresh());
      this.line(`let ${names.join(', ')};`);
      this.bind(v, names);
      return names;
    });
  }

  /** Parallel assignment of `values` into carried variables (all read before any write). */
  assign(targets: readonly (readonly string[])[], values: readonly Value[]): void {
    const temps: [string, string][] = [];
    values.forEach((v, i) => {
      this.lanes(v).forEach((lane, k) => {
        const t = this.fresh();
        this.line(`const ${t} = ${lane};`);
        temps.push([(targets[i] as readonly string[])[k] as string, t]);
      });
    });
    for (const [target, t] of temps) this.line(`${target} = ${t};`);
  }

  #nested(emit: () => void): void {
    this.#depth++;
    emit();
    this.#depth--;
  }

  bindCarried(value: Value, storage: readonly string[]): void {
    this.bind(value, storage);
  }

  forLoop(loop: CountedLoop, body: () => void): void {
    const cls = jsClassOf(loop.lowerBound.type as ScalarType);
    const iv = this.scalar(loop.inductionVariable);
    const step = this.scalar(loop.step);
    const next =
      cls === 'i64'
        ? `BigInt.asIntN(64, ${iv} + ${step})`
        : cls === 'index'
          ? `I(${iv} + ${step})`
          : `((${iv} + ${step}) | 0)`;
    this.line(`if (!(${step} > 0)) rt.badStep();`);
    this.line(`for (; ${iv} < ${this.scalar(loop.upperBound)}; ${iv} = ${next}) {`);
    this.#nested(body);
    this.line('}');
  }

  whileLoop(body: () => void): void {
    const bound = this.whileBound;
    if (bound === undefined) {
      this.line('while (true) {');
      this.#nested(body);
      this.line('}');
      return;
    }
    // Pass p (from 0) starts only while p <= bound, as the interpreter counts.
    const passes = this.fresh();
    this.line(`let ${passes} = 0;`);
    this.line('while (true) {');
    this.#nested(() => {
      this.line(`if (${passes}++ > ${bound}) rt.whileLimit();`);
      body();
    });
    this.line('}');
  }

  exitUnless(condition: Value): void {
    this.line(`if (!${this.scalar(condition)}) break;`);
  }

  ifElse(condition: Value, then: () => void, otherwise: (() => void) | undefined): void {
    this.line(`if (${this.scalar(condition)}) {`);
    this.#nested(then);
    if (otherwise !== undefined) {
      this.line('} else {');
      this.#nested(otherwise);
    }
    this.line('}');
  }
}
