/**
 * What the wgsl and glsl engines share when they emit one pass: the lowering skeleton
 * (../lowering.ts) walks the whole function and this backend emits only the pass's own
 * loop plus the top-level scalar code before it, as statements of a shading language
 * ({@link ShaderDialect}). Inner loops, `scf.while` and `scf.if` stay sequential; what a pass
 * does with its parallel loop, and how it reads and writes memory, is the subclass's.
 */
import type { Operation, Value } from '@tilekit/loop-ir';
import { operand, operands, result } from '@tilekit/loop-ir';
import { EngineUnsupportedError } from '../errors.js';
import type { CountedLoop, EngineBackend, OpHandler, OpHandlers } from '../lowering.js';
import {
  nonFiniteBits,
  type ShaderDialect,
  type ShaderType,
  shaderLiteral,
  shaderScalarExpr,
  shaderTypeOf,
} from './shader-scalar.js';

/** A uniform a pass reads: a scalar argument or one dimension of a memref argument. */
export interface ShaderUniform {
  readonly name: string;
  readonly type: 'i32' | 'f32';
  /** Function argument it comes from (-1: the constant zero). */
  readonly arg: number;
  /** For memref arguments: which dimension (its extent). */
  readonly dim?: number;
  /** Set for a value of the pass's schedule (group size, rounds, columns; see pass-schedule.ts). */
  readonly schedule?: true;
}

/** A memref argument as a pass sees it. */
export interface ShaderMemRef {
  readonly arg: number;
  readonly rank: number;
  readonly element: ShaderType;
  /** Whether it is the memref the pass writes. */
  readonly isOutput: boolean;
}

/** Code generation state of one pass. */
export abstract class ShaderPassCodegen implements EngineBackend<string> {
  abstract readonly dialect: ShaderDialect;
  readonly #lines: string[] = [];
  readonly #names = new Map<Value, string>();
  /** The immutable locals (`define`d), which a copy may name instead of copying. */
  readonly #lets = new Set<string>();
  /** The mutable locals (`carry`), which assignments overwrite. */
  readonly #carried = new Set<string>();
  readonly #mems = new Map<Value, ShaderMemRef>();
  readonly #uniforms = new Map<string, ShaderUniform>();
  /** Scalar arguments, read from uniforms (declared on first use). */
  readonly #argUniforms = new Map<Value, ShaderUniform>();
  readonly #inputs = new Set<number>();
  readonly #topLevel: ReadonlySet<Operation>;
  #beforeTarget = true;
  #depth = 1;
  #next = 0;

  /**
   * @param func The function.
   * @param target Its top-level loop this pass runs.
   * @param output Function argument index of the memref the pass writes.
   * @param prelude Which top-level ops are recomputed by every invocation.
   */
  constructor(
    readonly func: Operation,
    readonly target: Operation,
    readonly output: number,
    readonly prelude: (op: Operation) => boolean,
  ) {
    this.#topLevel = new Set(func.regions[0]?.blocks[0]?.operations ?? []);
  }

  get engineName(): string {
    return this.dialect.name;
  }

  /** The statements emitted so far. */
  protected body(): readonly string[] {
    return this.#lines;
  }

  /** Uniforms the code reads, in declaration order. */
  uniforms(): ShaderUniform[] {
    return [...this.#uniforms.values()];
  }

  /** Memref arguments the code reads as inputs (the output is not among them). */
  inputs(): number[] {
    return [...this.#inputs].sort((a, b) => a - b);
  }

  /** A uniform's expression (declaring it). */
  uniform(u: ShaderUniform): string {
    this.#uniforms.set(u.name, u);
    return this.uniformExpr(u.name);
  }

  /** How the language reads uniform `name`. */
  protected abstract uniformExpr(name: string): string;

  bindArgument(arg: Value, i: number): void {
    const t = arg.type;
    if (t.kind === 'memref') {
      if (t.layout !== undefined) throw new EngineUnsupportedError('strided memrefs');
      const element = t.element.kind === 'vector' ? 'vector' : shaderTypeOf(t.element);
      if (element === 'vector' || element === 'bool')
        throw new EngineUnsupportedError(`memrefs of ${element}`);
      this.#mems.set(arg, { arg: i, rank: t.shape.length, element, isOutput: i === this.output });
      return;
    }
    const type = shaderTypeOf(t);
    if (type === 'bool') throw new EngineUnsupportedError('i1 function arguments');
    this.#argUniforms.set(arg, { name: `a${i}`, type, arg: i });
  }

  returnValues(values: readonly Value[]): void {
    if (values.length > 0) throw new EngineUnsupportedError('functions returning values');
  }

  scopeOp(op: Operation, emit: () => void): void {
    if (op === this.target) this.#beforeTarget = false;
    const inPass = !this.#topLevel.has(op) || op === this.target;
    if (inPass || (this.#beforeTarget && this.prelude(op))) emit();
  }

  line(text: string): void {
    this.#lines.push(`${'  '.repeat(this.#depth)}${text}`);
  }

  fresh(): string {
    return `v${this.#next++}`;
  }

  /** The expression of a scalar value. */
  scalar(v: Value): string {
    const argument = this.#argUniforms.get(v);
    if (argument !== undefined) return this.uniform(argument);
    const name = this.#names.get(v);
    if (name === undefined)
      throw new EngineUnsupportedError('use of a value with no definition in scope');
    return name;
  }

  bind(v: Value, expr: string): void {
    this.#names.set(v, expr);
  }

  /** An immutable local holding `expr`, bound to `v`. */
  define(v: Value, expr: string): void {
    // A copy of an immutable local (a cast between equal shader types) names the local itself.
    if (this.#lets.has(expr)) {
      this.bind(v, expr);
      return;
    }
    const name = this.fresh();
    this.line(this.letStatement(shaderTypeOf(v.type), name, expr));
    this.#lets.add(name);
    this.bind(v, name);
  }

  /**
   * A non-finite f32 `v` from its bit pattern `bits` (a u32 literal). The bits go through a
   * local first: a bitcast of the literal itself would be a WGSL const-expression, and one that
   * evaluates to ±∞ or NaN is a shader-creation error; a `let` is evaluated at run time.
   */
  defineFromBits(v: Value, bits: string): void {
    if (shaderTypeOf(v.type) !== 'f32') throw new EngineUnsupportedError('non-float bit patterns');
    const name = this.fresh();
    this.line(this.letStatement('u32', name, bits));
    this.define(v, this.dialect.floatFromBits(name));
  }

  /** `let name = expr;` in the language. */
  protected abstract letStatement(type: ShaderType | 'u32', name: string, expr: string): string;
  /** A mutable local declaration in the language. */
  protected abstract varStatement(type: ShaderType, name: string): string;
  /** The opening line of an endless loop. */
  protected abstract loopForever(): string;

  /** The memref argument `memref` is (inputs are recorded as read). */
  memref(memref: Value): ShaderMemRef {
    const m = this.#mems.get(memref);
    if (m === undefined) throw new EngineUnsupportedError('expected a memref function argument');
    if (!m.isOutput) this.#inputs.add(m.arg);
    return m;
  }

  /** Extent `d` of memref `m`, read from a uniform. */
  extent(m: ShaderMemRef, d: number): string {
    return this.uniform({ name: `m${m.arg}_d${d}`, type: 'i32', arg: m.arg, dim: d });
  }

  /** The row-major flat index of `m[indices]`. */
  flatIndex(m: ShaderMemRef, indices: readonly Value[]): string {
    const subscripts = indices.map((v) => this.scalar(v));
    if (subscripts.length === 0) return this.dialect.intLiteral(0n);
    return subscripts
      .slice(1)
      .reduce((acc, e, k) => `(${acc} * ${this.extent(m, k + 1)} + ${e})`, subscripts[0] as string);
  }

  /** Emits `memref.load` into `v`. */
  abstract load(v: Value, memref: Value, indices: readonly Value[]): void;
  /** Emits `memref.store`. */
  abstract store(value: Value, memref: Value, indices: readonly Value[]): void;
  /** Emits the pass's own loop around `body`. */
  protected abstract parallelLoop(loop: CountedLoop, body: () => void): void;

  /** Extent `which` (a value) of `memref`. */
  dimension(memref: Value, which: Value): string {
    const m = this.memref(memref);
    const k = this.scalar(which);
    return Array.from({ length: m.rank }, (_, d) => d).reduceRight(
      (acc, d) =>
        this.dialect.select(
          `${k} == ${this.dialect.intLiteral(BigInt(d))}`,
          this.extent(m, d),
          acc,
        ),
      this.dialect.intLiteral(0n),
    );
  }

  carry(values: readonly Value[]): string[] {
    return values.map((v) => {
      const name = this.fresh();
      this.line(this.varStatement(shaderTypeOf(v.type), name));
      this.#carried.add(name);
      this.bind(v, name);
      return name;
    });
  }

  assign(targets: readonly string[], values: readonly Value[]): void {
    // A mutable local is read into a temporary first, as an earlier assignment may overwrite
    // it; locals, uniforms and literals are assigned as they are.
    const sources = values.map((v) => {
      const expr = this.scalar(v);
      if (!this.#carried.has(expr)) return expr;
      const t = this.fresh();
      this.line(this.letStatement(shaderTypeOf(v.type), t, expr));
      return t;
    });
    sources.forEach((source, k) => {
      this.line(`${targets[k]} = ${source};`);
    });
  }

  bindCarried(value: Value, storage: string): void {
    this.bind(value, storage);
  }

  /** Emits `emit` one level deeper. */
  nested(emit: () => void): void {
    this.#depth++;
    emit();
    this.#depth--;
  }

  forLoop(loop: CountedLoop, body: () => void): void {
    if (loop.body === this.target.regions[0]?.blocks[0]) {
      this.parallelLoop(loop, body);
      return;
    }
    const iv = this.scalar(loop.inductionVariable);
    const upper = this.scalar(loop.upperBound);
    const step = this.scalar(loop.step);
    this.line(`for (; ${iv} < ${upper}; ${iv} = ${iv} + ${step}) {`);
    this.nested(body);
    this.line('}');
  }

  whileLoop(body: () => void): void {
    this.line(this.loopForever());
    this.nested(body);
    this.line('}');
  }

  exitUnless(condition: Value): void {
    this.line(`if (!(${this.scalar(condition)})) { break; }`);
  }

  ifElse(condition: Value, then: () => void, otherwise: (() => void) | undefined): void {
    this.line(`if (${this.scalar(condition)}) {`);
    this.nested(then);
    if (otherwise !== undefined) {
      this.line('} else {');
      this.nested(otherwise);
    }
    this.line('}');
  }
}

const unsupported: OpHandler<ShaderPassCodegen> = (cg, op) => {
  throw new EngineUnsupportedError(`the ${cg.engineName} engine cannot compile ${op.name}`);
};

/** Both shader engines' emitter of every op class (vector classes: scalar loops only). */
export const SHADER_HANDLERS: OpHandlers<ShaderPassCodegen> = {
  load: (cg, op) => {
    cg.load(result(op), operand(op, 'memref'), operands(op, 'indices'));
  },
  store: (cg, op) => {
    cg.store(operand(op, 'value'), operand(op, 'memref'), operands(op, 'indices'));
  },
  dim: (cg, op) => {
    cg.define(result(op), cg.dimension(operand(op, 'source'), operand(op, 'index')));
  },
  constant: (cg, op) => {
    const r = result(op);
    const bits = nonFiniteBits(op.attributes.value, r.type);
    if (bits !== undefined) cg.defineFromBits(r, bits);
    else cg.bind(r, shaderLiteral(cg.dialect, op.attributes.value, r.type));
  },
  scalar: (cg, op) => {
    cg.define(
      result(op),
      shaderScalarExpr(
        cg.dialect,
        op,
        op.operands.map((v) => cg.scalar(v)),
      ),
    );
  },
  // NOTE: no affine or vector ops in shaders yet: such a kernel is `{parallel: false, reason}`.
  affine: unsupported,
  vectorConstant: unsupported,
  vscale: unsupported,
  step: unsupported,
  constantMask: unsupported,
  createMask: unsupported,
  broadcast: unsupported,
  insert: unsupported,
  extract: unsupported,
  reduction: unsupported,
  vectorLoad: unsupported,
  maskedLoad: unsupported,
  vectorStore: unsupported,
  maskedStore: unsupported,
  gather: unsupported,
  scatter: unsupported,
  elementwise: unsupported,
};
