/**
 * IR -> JavaScript source. Every SSA value becomes a `const` (vectors: one per lane, so
 * vector ops are unrolled per lane), loop-carried values become `let`s updated by parallel
 * assignment, and structured control flow maps to `for`/`while (true)`/`if`.
 */
import type { Attribute, Block, Operation, Value } from '@tilekit/loop-ir';
import { elementTypeOf, type MemRefType, type ScalarType } from '@tilekit/loop-ir';
import { EngineUnsupportedError } from '../errors.js';
import { computeOperandIndex, isVectorOp } from '../op-classes.js';
import { laneCount } from '../wasm/lanes.js';
import { affineExpression } from './js-affine.js';
import { narrowWideningValues } from './js-narrow.js';
import type { ReferenceOp } from './js-runtime.js';
import { constantLiteral, inlineScalar, jsClassOf } from './js-scalar.js';
import { emitVectorOp } from './js-vector.js';

/** A memref parameter: its data array name, one name per dim, and the "holds bigints" flag. */
export interface JsMemRef {
  readonly data: string;
  readonly dims: readonly string[];
  /** Stride and offset parameter names, for memref types with a strided layout. */
  readonly strided?: { readonly strides: readonly string[]; readonly offset: string };
  readonly big: string;
  readonly type: MemRefType;
}

/** The generated function: its source (body of `(rt) => kernel`) and reference ops. */
export interface JsProgram {
  readonly source: string;
  readonly refs: readonly ReferenceOp[];
}

/** Code generation state for one function. */
export class JsCodegen {
  readonly vscale: number;
  readonly refs: ReferenceOp[] = [];
  readonly #lines: string[] = [];
  readonly #names = new Map<Value, readonly string[]>();
  readonly #mems = new Map<Value, JsMemRef>();
  readonly narrow: ReadonlySet<Value>;
  #depth = 1;
  #next = 0;

  constructor(
    readonly func: Operation,
    vscale: number,
  ) {
    this.vscale = vscale;
    this.narrow = narrowWideningValues(func);
  }

  /** Generates the whole program. */
  generate(): JsProgram {
    const entry = this.func.regions[0]?.blocks[0];
    if (entry === undefined) throw new EngineUnsupportedError('function without a body');
    const params: string[] = [];
    entry.arguments.forEach((arg, i) => {
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
          type: t,
        };
        this.#mems.set(arg, m);
        params.push(
          m.data,
          ...m.dims,
          ...(strided === undefined ? [] : [...strided.strides, strided.offset]),
          m.big,
        );
      } else if (t.kind === 'vector' || t.kind === 'function') {
        throw new EngineUnsupportedError(`function arguments of type ${t.kind} are not supported`);
      } else {
        jsClassOf(t);
        this.#names.set(arg, [`a${i}`]);
        params.push(`a${i}`);
      }
    });
    this.block(entry);
    const ret = entry.operations[entry.operations.length - 1];
    const results = ret?.name === 'func.return' ? ret.operands.map((v) => this.scalar(v)) : [];
    this.line(`return [${results.join(', ')}];`);
    const source = `"use strict";\nconst I = rt.I, R = rt.R;\nreturn function kernel(${params.join(', ')}) {\n${this.#lines.join('\n')}\n};`;
    return { source, refs: this.refs };
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
    if (inline !== undefined) return inline;
    const types = op.operands.map((o) => elementTypeOf(o.type) as ScalarType);
    this.refs.push({ op, operandTypes: types, resultType: resType });
    return `R(${this.refs.length - 1}, ${args.join(', ')})`;
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

  /** An expression reading `m` at flat index `at`, in the element's representation. */
  read(m: JsMemRef, at: string): string {
    const t = m.type.element as ScalarType;
    const raw = `${m.data}[${at}]`;
    if (t.kind === 'float') return t.format === 'f32' ? `Math.fround(${raw})` : raw;
    if (t.kind === 'index') return `I(Number(${raw}))`;
    if (t.width === 64) return `BigInt.asIntN(64, ${raw})`;
    if (t.width === 32) return `(${raw} | 0)`;
    if (t.width === 1) return `(${raw} & 1)`;
    return `(${raw} << ${32 - t.width} >> ${32 - t.width})`;
  }

  /** A statement writing `value` to `m` at flat index `at`. */
  write(m: JsMemRef, at: string, value: string): string {
    const t = m.type.element as ScalarType;
    const v = t.kind === 'index' ? `(${m.big} ? BigInt(${value}) : ${value})` : value;
    return `${m.data}[${at}] = ${v};`;
  }

  /** Compiles the operations of a block (its terminator is handled by the parent op). */
  block(block: Block): void {
    for (const op of block.operations) this.#op(op);
  }

  #op(op: Operation): void {
    switch (op.name) {
      case 'func.return':
      case 'scf.yield':
      case 'scf.condition':
        return;
      case 'scf.for':
        this.#for(op);
        return;
      case 'scf.while':
        this.#while(op);
        return;
      case 'scf.if':
        this.#if(op);
        return;
      case 'memref.load': {
        const m = this.mem(op.operands[0] as Value);
        const at = this.linear(
          m,
          op.operands.slice(1).map((v) => this.scalar(v)),
        );
        this.define(op.results[0] as Value, this.read(m, at));
        return;
      }
      case 'memref.store': {
        const m = this.mem(op.operands[1] as Value);
        const at = this.linear(
          m,
          op.operands.slice(2).map((v) => this.scalar(v)),
        );
        this.line(this.write(m, at, this.scalar(op.operands[0] as Value)));
        return;
      }
      case 'memref.dim': {
        const m = this.mem(op.operands[0] as Value);
        const which = this.scalar(op.operands[1] as Value);
        const expr = m.dims.reduceRight((acc, d, k) => `(${which} === ${k} ? ${d} : ${acc})`, '0');
        this.define(op.results[0] as Value, expr);
        return;
      }
      case 'affine.apply':
      case 'affine.min':
      case 'affine.max': {
        const map = op.attributes.map;
        if (map?.kind !== 'affineMap') throw new EngineUnsupportedError(`${op.name} without a map`);
        const operands = op.operands.map((v) => this.scalar(v));
        this.define(
          op.results[0] as Value,
          affineExpression(op.name.slice(7) as 'apply' | 'min' | 'max', map.map, operands),
        );
        return;
      }
      case 'arith.constant': {
        const r = op.results[0] as Value;
        if (r.type.kind === 'vector') {
          emitVectorOp(this, op);
          return;
        }
        this.bind(r, [constantLiteral(op.attributes.value, r.type as ScalarType)]);
        return;
      }
      default:
        if (isVectorOp(op)) {
          emitVectorOp(this, op);
        } else {
          this.#scalarOp(op);
        }
    }
  }

  #scalarOp(op: Operation): void {
    const result = op.results[0];
    if (result === undefined || op.regions.length > 0)
      throw new EngineUnsupportedError(`the js engine cannot compile ${op.name}`);
    const opType = (op.operands[computeOperandIndex(op.name)] as Value).type as ScalarType;
    const args = op.operands.map((v) => this.scalar(v));
    this.define(result, this.laneExpr(op, args, opType, result.type as ScalarType));
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
    const src = op.operands[0] as Value;
    const result = op.results[0] as Value;
    if (this.narrow.has(result)) {
      const w = (elementTypeOf(src.type) as { width: number }).width;
      const a = args[0] as string;
      if (op.name === 'arith.extsi') return w === 1 ? `(-${a})` : a;
      return w === 32 ? `(${a} >>> 0)` : w === 1 ? a : `(${a} & ${2 ** w - 1})`;
    }
    if (this.narrow.has(src)) return args[0]; // index_cast of an exact number
    return undefined;
  }

  /** Declares `let` variables for loop-carried values and binds the block arguments to them. */
  #carried(values: readonly Value[]): string[][] {
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

  #for(op: Operation): void {
    const [lo, hi, step, ...inits] = op.operands as Value[];
    const body = op.regions[0]?.blocks[0] as Block;
    const [ivArg, ...iterArgs] = body.arguments as Value[];
    const cls = jsClassOf((lo as Value).type as ScalarType);
    const [iv, ...carried] = this.#carried([ivArg as Value, ...iterArgs]);
    this.assign([iv as string[], ...carried], [lo as Value, ...inits]);
    const ivName = (iv as string[])[0] as string;
    const stepExpr =
      cls === 'i64'
        ? `BigInt.asIntN(64, ${ivName} + ${this.scalar(step as Value)})`
        : cls === 'index'
          ? `I(${ivName} + ${this.scalar(step as Value)})`
          : `((${ivName} + ${this.scalar(step as Value)}) | 0)`;
    this.line(`if (!(${this.scalar(step as Value)} > 0)) rt.badStep();`);
    this.line(`for (; ${ivName} < ${this.scalar(hi as Value)}; ${ivName} = ${stepExpr}) {`);
    this.#nested(() => {
      this.block(body);
      this.assign(carried, terminatorOperands(body));
    });
    this.line('}');
    op.results.forEach((r, k) => {
      this.bind(r, carried[k] as string[]);
    });
  }

  #while(op: Operation): void {
    const before = op.regions[0]?.blocks[0] as Block;
    const after = op.regions[1]?.blocks[0] as Block;
    const beforeVars = this.#carried(before.arguments);
    const afterVars = this.#carried(after.arguments);
    this.assign(beforeVars, op.operands);
    this.line('while (true) {');
    this.#nested(() => {
      this.block(before);
      const [cond, ...forwarded] = terminatorOperands(before);
      this.assign(afterVars, forwarded);
      this.line(`if (!${this.scalar(cond as Value)}) break;`);
      this.block(after);
      this.assign(beforeVars, terminatorOperands(after));
    });
    this.line('}');
    op.results.forEach((r, k) => {
      this.bind(r, afterVars[k] as string[]);
    });
  }

  #if(op: Operation): void {
    const results = this.#carried(op.results);
    const branch = (region: number): void => {
      const block = op.regions[region]?.blocks[0];
      if (block === undefined) return;
      this.#nested(() => {
        this.block(block);
        this.assign(results, terminatorOperands(block));
      });
    };
    this.line(`if (${this.scalar(op.operands[0] as Value)}) {`);
    branch(0);
    if ((op.regions[1]?.blocks.length ?? 0) > 0) {
      this.line('} else {');
      branch(1);
    }
    this.line('}');
  }
}

function terminatorOperands(block: Block): readonly Value[] {
  return block.operations[block.operations.length - 1]?.operands ?? [];
}
