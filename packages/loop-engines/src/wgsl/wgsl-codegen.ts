/**
 * WGSL for one GPU pass: the lowering skeleton (../engines/lowering.ts) walks the whole
 * function, and this backend emits only the pass's own loop plus the top-level scalar code
 * before it. The loop becomes a grid-stride loop over invocations (`main(index)` is called with
 * the global invocation index, as tfjs-backend-webgpu's programs are); inner loops, `scf.while`
 * and `scf.if` stay sequential within an invocation.
 */
import type { Operation, Value } from '@tilekit/loop-ir';
import { operand, operands, result } from '@tilekit/loop-ir';
import { EngineUnsupportedError } from '../engines/errors.js';
import type { CountedLoop, EngineBackend, OpHandler, OpHandlers } from '../engines/lowering.js';
import { wgslLiteral, wgslScalarExpr, wgslTypeOf } from './wgsl-scalar.js';

/** Invocations per workgroup of every generated pass. */
export const WGSL_WORKGROUP_SIZE = 64;

/** A uniform a pass reads: a scalar argument or one dimension of a memref argument. */
export interface WgslUniform {
  readonly name: string;
  readonly type: 'i32' | 'f32';
  /** Function argument it comes from (-1: the constant zero). */
  readonly arg: number;
  /** For memref arguments: which dimension (its extent). */
  readonly dim?: number;
}

/** A memref argument as the shader sees it. */
interface WgslMemRef {
  readonly name: string;
  readonly arg: number;
  readonly rank: number;
}

/** The name tfjs gives a program's output buffer. */
export const OUTPUT_BUFFER = 'result';

/** Code generation state of one pass. */
export class WgslPassCodegen implements EngineBackend<string> {
  readonly engineName = 'wgsl';
  readonly #lines: string[] = [];
  readonly #names = new Map<Value, string>();
  readonly #mems = new Map<Value, WgslMemRef>();
  readonly #uniforms = new Map<string, WgslUniform>();
  /** Scalar arguments, read from uniforms (declared on first use). */
  readonly #argUniforms = new Map<Value, WgslUniform>();
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

  /** The pass's `main` function. */
  code(): string {
    // A shader that reads no uniform loses the uniform binding from its pipeline layout, which
    // no longer matches the bind group tfjs makes; such a pass reads a constant zero.
    const keep =
      this.#uniforms.size === 0
        ? [`  let unused = ${this.#uniform({ name: 'zero', type: 'i32', arg: -1 })};`]
        : [];
    return [
      'fn main(index : i32) {',
      `  let threads = i32(numWorkgroups.x) * ${WGSL_WORKGROUP_SIZE};`,
      ...keep,
      ...this.#lines,
      '}',
    ].join('\n');
  }

  /** Uniforms the code reads, in declaration order. */
  uniforms(): WgslUniform[] {
    return [...this.#uniforms.values()];
  }

  /** Memref arguments the code reads as input buffers (the output is not among them). */
  inputs(): number[] {
    return [...this.#inputs].sort((a, b) => a - b);
  }

  #uniform(u: WgslUniform): string {
    this.#uniforms.set(u.name, u);
    return `uniforms.${u.name}`;
  }

  bindArgument(arg: Value, i: number): void {
    const t = arg.type;
    if (t.kind === 'memref') {
      this.#mems.set(arg, {
        name: i === this.output ? OUTPUT_BUFFER : `m${i}`,
        arg: i,
        rank: t.shape.length,
      });
      return;
    }
    const type = wgslTypeOf(t);
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
    if (argument !== undefined) return this.#uniform(argument);
    const name = this.#names.get(v);
    if (name === undefined)
      throw new EngineUnsupportedError('use of a value with no definition in scope');
    return name;
  }

  bind(v: Value, expr: string): void {
    this.#names.set(v, expr);
  }

  /** `let vN = expr;` bound to `v`. */
  define(v: Value, expr: string): void {
    const name = this.fresh();
    this.line(`let ${name} = ${expr};`);
    this.bind(v, name);
  }

  /** The buffer and flat index of `memref[indices]`. */
  access(memref: Value, indices: readonly Value[]): { buffer: string; at: string } {
    const m = this.#mems.get(memref);
    if (m === undefined) throw new EngineUnsupportedError('expected a memref function argument');
    if (m.name !== OUTPUT_BUFFER) this.#inputs.add(m.arg);
    const t = memref.type;
    if (t.kind === 'memref' && t.layout !== undefined)
      throw new EngineUnsupportedError('strided memrefs');
    if (t.kind === 'memref') wgslTypeOf(t.element);
    const subscripts = indices.map((v) => this.scalar(v));
    const dim = (d: number) =>
      this.#uniform({ name: `m${m.arg}_d${d}`, type: 'i32', arg: m.arg, dim: d });
    const at =
      subscripts.length === 0
        ? '0'
        : subscripts
            .slice(1)
            .reduce((acc, e, k) => `(${acc} * ${dim(k + 1)} + ${e})`, subscripts[0] as string);
    return { buffer: m.name, at };
  }

  dimension(memref: Value, which: Value): string {
    const m = this.#mems.get(memref);
    if (m === undefined) throw new EngineUnsupportedError('expected a memref function argument');
    const k = this.scalar(which);
    return Array.from({ length: m.rank }, (_, d) => d).reduceRight(
      (acc, d) =>
        `select(${acc}, ${this.#uniform({ name: `m${m.arg}_d${d}`, type: 'i32', arg: m.arg, dim: d })}, ${k} == ${d})`,
      '0',
    );
  }

  carry(values: readonly Value[]): string[] {
    return values.map((v) => {
      const name = this.fresh();
      this.line(`var ${name} : ${wgslTypeOf(v.type)};`);
      this.bind(v, name);
      return name;
    });
  }

  assign(targets: readonly string[], values: readonly Value[]): void {
    const temps = values.map((v) => {
      const t = this.fresh();
      this.line(`let ${t} = ${this.scalar(v)};`);
      return t;
    });
    temps.forEach((t, k) => {
      this.line(`${targets[k]} = ${t};`);
    });
  }

  bindCarried(value: Value, storage: string): void {
    this.bind(value, storage);
  }

  #nested(emit: () => void): void {
    this.#depth++;
    emit();
    this.#depth--;
  }

  forLoop(loop: CountedLoop, body: () => void): void {
    const iv = this.scalar(loop.inductionVariable);
    const lower = this.scalar(loop.lowerBound);
    const upper = this.scalar(loop.upperBound);
    const step = this.scalar(loop.step);
    if (loop.body === this.target.regions[0]?.blocks[0]) {
      // The parallel loop: invocation `index` runs iterations index, index + threads, ...
      this.line('for (var g = index; ; g = g + threads) {');
      this.#nested(() => {
        this.line(`${iv} = ${lower} + g * ${step};`);
        this.line(`if (!(${iv} < ${upper})) { break; }`);
        body();
      });
      this.line('}');
      return;
    }
    this.line(`for (; ${iv} < ${upper}; ${iv} = ${iv} + ${step}) {`);
    this.#nested(body);
    this.line('}');
  }

  whileLoop(body: () => void): void {
    this.line('loop {');
    this.#nested(body);
    this.line('}');
  }

  exitUnless(condition: Value): void {
    this.line(`if (!(${this.scalar(condition)})) { break; }`);
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

const unsupported: OpHandler<WgslPassCodegen> = (_, op) => {
  throw new EngineUnsupportedError(`the wgsl engine cannot compile ${op.name}`);
};

/** The wgsl engine's emitter of every op class (vector classes: scalar loops only). */
export const WGSL_HANDLERS: OpHandlers<WgslPassCodegen> = {
  load: (cg, op) => {
    const { buffer, at } = cg.access(operand(op, 'memref'), operands(op, 'indices'));
    cg.define(result(op), `${buffer}[${at}]`);
  },
  store: (cg, op) => {
    const { buffer, at } = cg.access(operand(op, 'memref'), operands(op, 'indices'));
    cg.line(`${buffer}[${at}] = ${cg.scalar(operand(op, 'value'))};`);
  },
  dim: (cg, op) => {
    cg.define(result(op), cg.dimension(operand(op, 'source'), operand(op, 'index')));
  },
  constant: (cg, op) => {
    const r = result(op);
    cg.bind(r, wgslLiteral(op.attributes.value, r.type));
  },
  scalar: (cg, op) => {
    cg.define(
      result(op),
      wgslScalarExpr(
        op,
        op.operands.map((v) => cg.scalar(v)),
      ),
    );
  },
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
