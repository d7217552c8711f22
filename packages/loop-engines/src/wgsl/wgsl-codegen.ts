/**
 * WGSL for one pass: the pass's loop becomes a grid-stride loop over invocations (`main(index)`
 * is called with the global invocation index, as tfjs-backend-webgpu's programs are); input
 * memrefs are storage buffers `m<arg>`, the written one is the program's output `result`.
 */
import type { Value } from '@tilekit/loop-ir';
import type { CountedLoop } from '../lowering.js';
import { ShaderPassCodegen } from '../shader/pass-codegen.js';
import { type ShaderType, WGSL } from '../shader/shader-scalar.js';

/** Invocations per workgroup of every generated pass. */
export const WGSL_WORKGROUP_SIZE = 64;

/** The name tfjs gives a program's output buffer. */
export const OUTPUT_BUFFER = 'result';

/** Code generation state of one WGSL pass. */
export class WgslPassCodegen extends ShaderPassCodegen {
  readonly dialect = WGSL;

  /** The pass's `main` function. */
  code(): string {
    // A shader that reads no uniform loses the uniform binding from its pipeline layout, which
    // no longer matches the bind group tfjs makes; such a pass reads a constant zero.
    const keep =
      this.uniforms().length === 0
        ? [`  let unused = ${this.uniform({ name: 'zero', type: 'i32', arg: -1 })};`]
        : [];
    return [
      'fn main(index : i32) {',
      `  let threads = i32(numWorkgroups.x) * ${WGSL_WORKGROUP_SIZE};`,
      ...keep,
      ...this.body(),
      '}',
    ].join('\n');
  }

  protected uniformExpr(name: string): string {
    return `uniforms.${name}`;
  }

  protected letStatement(_type: ShaderType, name: string, expr: string): string {
    return `let ${name} = ${expr};`;
  }

  protected varStatement(type: ShaderType, name: string): string {
    return `var ${name} : ${this.dialect.types[type]};`;
  }

  protected loopForever(): string {
    return 'loop {';
  }

  #buffer(memref: Value): { name: string; at: (indices: readonly Value[]) => string } {
    const m = this.memref(memref);
    return {
      name: m.isOutput ? OUTPUT_BUFFER : `m${m.arg}`,
      at: (indices) => this.flatIndex(m, indices),
    };
  }

  load(v: Value, memref: Value, indices: readonly Value[]): void {
    const b = this.#buffer(memref);
    this.define(v, `${b.name}[${b.at(indices)}]`);
  }

  store(value: Value, memref: Value, indices: readonly Value[]): void {
    const b = this.#buffer(memref);
    this.line(`${b.name}[${b.at(indices)}] = ${this.scalar(value)};`);
  }

  /** Invocation `index` runs iterations index, index + threads, ... */
  protected parallelLoop(loop: CountedLoop, body: () => void): void {
    const iv = this.scalar(loop.inductionVariable);
    const lower = this.scalar(loop.lowerBound);
    const upper = this.scalar(loop.upperBound);
    const step = this.scalar(loop.step);
    this.line('for (var g = index; ; g = g + threads) {');
    this.nested(() => {
      this.line(`${iv} = ${lower} + g * ${step};`);
      this.line(`if (!(${iv} < ${upper})) { break; }`);
      body();
    });
    this.line('}');
  }
}
