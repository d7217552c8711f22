/**
 * GLSL ES 3.00 for one pass, one output element per fragment (the form of tfjs-backend-webgl's
 * programs: `getOutputCoords()` names the element, `setOutput` writes it). The fragment for
 * element `e` runs the one iteration of the pass's loop that owns `e` (the iteration whose
 * induction variable is `e`'s coordinate in the output dimension the loop indexes) and keeps
 * only what that iteration stores to `e`; every other element is left as the previous pass
 * wrote it. That is exact when each iteration reads and writes the output at one index tuple
 * (as sparse kernels accumulate into their own element); other functions are refused. Inner
 * loops whose induction variable indexes the output run likewise only the iteration that owns
 * `e` (an SpMM row's column loop), so a fragment does its element's work, not its row's.
 * Input memrefs are textures read by flat index (`get<M>(0, index)`; tfjs stores them as
 * float32, so integer data is exact up to 2^24); extents and scalars are uniforms.
 */
import type { Value } from '@tilekit/loop-ir';
import { EngineUnsupportedError } from '../errors.js';
import type { CountedLoop } from '../lowering.js';
import { ShaderPassCodegen } from '../shader/pass-codegen.js';
import { GLSL, type ShaderType } from '../shader/shader-scalar.js';

/** The input name under which a pass reads the previous pass's output. */
export const PREVIOUS_OUTPUT = 'prev';

/** Where the owning coordinate goes, once the output's index tuple is known. */
const OWNER = '__OWNER__';

/** tfjs's getter of input `name` (`m3` -> `getM3`). */
export function samplerOf(name: string): string {
  return `get${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

/** An inner loop as emitted: its induction variable and the expressions of its bounds. */
interface InnerLoop {
  readonly inductionVariable: Value;
  /** Whether it carries values from one iteration to the next (iter_args). */
  readonly carries: boolean;
  readonly iv: string;
  readonly lower: string;
  readonly upper: string;
  readonly step: string;
}

/** Code generation state of one GLSL pass. */
export class GlslPassCodegen extends ShaderPassCodegen {
  readonly dialect = GLSL;
  /** Whether an earlier pass wrote the output (it is then read as input `prev`). */
  #afterFirst = false;
  /** The index tuple of every output access in the loop. */
  #tuple: readonly Value[] | undefined;
  #inductionVariable: Value | undefined;
  #outputType: ShaderType = 'f32';

  /** Marks the pass as reading the previous pass's output. */
  readsPrevious(): this {
    this.#afterFirst = true;
    return this;
  }

  /** The pass's `main` function. */
  code(): string {
    const tuple = this.#tuple;
    const owner = tuple?.indexOf(this.#inductionVariable as Value) ?? -1;
    if (tuple === undefined || owner < 0)
      throw new EngineUnsupportedError(
        'no output element belongs to a single iteration (the output is not indexed by the outer loop)',
      );
    const type = this.dialect.types[this.#outputType];
    return [
      'void main() {',
      '  int e = getOutputCoords();',
      `  ${type} value = ${this.#previous('e')};`,
      ...this.body().map((l) => this.#resolveMarkers(l, tuple, owner)),
      '  setOutput(float(value));',
      '}',
    ].join('\n');
  }

  /** `e`'s coordinate in output dimension `position`. */
  #coordinate(tuple: readonly Value[], position: number): string {
    const out = this.memref(this.#outputMemref());
    const stride = tuple
      .slice(position + 1)
      .map((_, k) => this.extent(out, position + 1 + k))
      .reduce((acc, d) => `${acc} * ${d}`, '1');
    return `(e / (${stride})) % ${this.extent(out, position)}`;
  }

  /** A body line with the owning coordinate and every inner loop's header filled in. */
  #resolveMarkers(line: string, tuple: readonly Value[], owner: number): string {
    const resolved = line.replace(OWNER, () => this.#coordinate(tuple, owner));
    const marker = /__LOOP_(\d+)__/.exec(resolved);
    if (marker === null) return resolved;
    const loop = this.#innerLoops[Number(marker[1])] as InnerLoop;
    return resolved.replace(marker[0], () => this.#innerLoopHeader(loop, tuple));
  }

  /**
   * An inner loop's header. Where the loop's induction variable indexes the output and the
   * loop carries no value, only the iteration whose induction variable is `e`'s coordinate can
   * store to `e` (all others store elsewhere and leave nothing behind), so the fragment runs
   * that one iteration instead of all of them.
   */
  #innerLoopHeader(loop: InnerLoop, tuple: readonly Value[]): string {
    const position = tuple.indexOf(loop.inductionVariable);
    const { iv, lower, upper, step } = loop;
    if (position < 0 || loop.carries) return `for (; ${iv} < ${upper}; ${iv} = ${iv} + ${step}) {`;
    const coordinate = this.#coordinate(tuple, position);
    return `for (${iv} = ${coordinate}; ${iv} >= ${lower} && ${iv} < ${upper} && (${iv} - ${lower}) % ${step} == 0; ${iv} = ${upper}) {`;
  }

  /** The inner (sequential) loops, whose headers wait until the output's index tuple is known. */
  readonly #innerLoops: InnerLoop[] = [];

  override forLoop(loop: CountedLoop, body: () => void): void {
    if (loop.body === this.target.regions[0]?.blocks[0]) {
      super.forLoop(loop, body);
      return;
    }
    this.#innerLoops.push({
      inductionVariable: loop.inductionVariable,
      carries: loop.body.arguments.length > 1,
      iv: this.scalar(loop.inductionVariable),
      lower: this.scalar(loop.lowerBound),
      upper: this.scalar(loop.upperBound),
      step: this.scalar(loop.step),
    });
    this.line(`__LOOP_${this.#innerLoops.length - 1}__`);
    this.nested(body);
    this.line('}');
  }

  #output: Value | undefined;
  #outputMemref(): Value {
    if (this.#output === undefined) throw new EngineUnsupportedError('the pass writes nothing');
    return this.#output;
  }

  /** The previous value of output element `at`. */
  #previous(at: string): string {
    const type = this.dialect.types[this.#outputType];
    return this.#afterFirst ? `${type}(${samplerOf(PREVIOUS_OUTPUT)}(0, ${at}))` : `${type}(0)`;
  }

  protected uniformExpr(name: string): string {
    return name;
  }

  protected letStatement(type: ShaderType, name: string, expr: string): string {
    return `${this.dialect.types[type]} ${name} = ${expr};`;
  }

  protected varStatement(type: ShaderType, name: string): string {
    return `${this.dialect.types[type]} ${name};`;
  }

  protected loopForever(): string {
    return 'while (true) {';
  }

  /** Records an output access; every one must use the same index tuple. */
  #outputAccess(memref: Value, indices: readonly Value[]): string {
    const m = this.memref(memref);
    this.#output = memref;
    this.#outputType = m.element;
    if (this.#tuple === undefined) this.#tuple = indices;
    else if (this.#tuple.length !== indices.length || this.#tuple.some((v, k) => v !== indices[k]))
      throw new EngineUnsupportedError(
        'an iteration accesses the output at more than one index tuple',
      );
    return this.flatIndex(m, indices);
  }

  load(v: Value, memref: Value, indices: readonly Value[]): void {
    const m = this.memref(memref);
    if (m.isOutput) {
      const at = this.#outputAccess(memref, indices);
      this.define(v, `(${at} == e ? value : ${this.#previous(at)})`);
      return;
    }
    const read = `${samplerOf(`m${m.arg}`)}(0, ${this.flatIndex(m, indices)})`;
    this.define(v, m.element === 'i32' ? `int(${read})` : read);
  }

  store(value: Value, memref: Value, indices: readonly Value[]): void {
    if (!this.memref(memref).isOutput)
      throw new EngineUnsupportedError('a store to a memref other than the output');
    const at = this.#outputAccess(memref, indices);
    this.line(`if (${at} == e) { value = ${this.scalar(value)}; }`);
  }

  /** The fragment runs the one iteration whose induction variable is `e`'s coordinate. */
  protected parallelLoop(loop: CountedLoop, body: () => void): void {
    this.#inductionVariable = loop.inductionVariable;
    const iv = this.scalar(loop.inductionVariable);
    const lower = this.scalar(loop.lowerBound);
    const upper = this.scalar(loop.upperBound);
    const step = this.scalar(loop.step);
    this.line(`${iv} = ${OWNER};`);
    this.line(`if (${iv} >= ${lower} && ${iv} < ${upper} && (${iv} - ${lower}) % ${step} == 0) {`);
    this.nested(body);
    this.line('}');
  }
}
