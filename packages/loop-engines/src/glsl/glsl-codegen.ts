/**
 * GLSL ES 3.00 for one pass, one output element per fragment (the form of tfjs-backend-webgl's
 * programs with shape uniforms: `setOutput` writes the element; the element is the texel's
 * row-major position in the unpacked output texture, whatever that texture's shape, so the
 * caller picks the shape and may leave spare texels after the last element). The fragment for
 * element `e` runs the one iteration of the pass's loop that owns `e` (the iteration whose
 * induction variable is `e`'s coordinate in the output dimension the loop indexes) and keeps
 * only what that iteration stores to `e`; every other element is left as the previous pass
 * wrote it. That is exact when each iteration reads and writes the output at one index tuple
 * (as sparse kernels accumulate into their own element); other functions are refused. Inner
 * loops whose induction variable indexes the output run likewise only the iteration that owns
 * `e` (an SpMM row's column loop), so a fragment does its element's work, not its row's.
 * Where every index of the output's tuple is such an owned induction variable, the tuple is
 * `e` itself, so the fragment's loads and stores of it use its value without comparing indices.
 * Input memrefs are textures read by flat index with `texelFetch` (GLSL ES 3.00: tfjs's
 * `get<M>` getters would turn each index into normalized coordinates and sample); tfjs stores
 * them as float32, so integer data is exact up to 2^24. Extents and scalars are uniforms.
 */
import {
  type Operation,
  operand,
  operands,
  result,
  type Value,
  walkOperations,
} from '@tilekit/loop-ir';
import { EngineUnsupportedError } from '../errors.js';
import type { CountedLoop } from '../lowering.js';
import { ShaderPassCodegen } from '../shader/pass-codegen.js';
import { GLSL, type ShaderType } from '../shader/shader-scalar.js';
import { QUAD_ELEMENTS } from './quad-passes.js';
import { fetchElement, fetchQuad, fragmentPosition, TEXEL_FUNCTIONS } from './texel-access.js';

/** The input name under which a pass reads the previous pass's output. */
export const PREVIOUS_OUTPUT = 'prev';

/** Where the owning coordinate goes, once the output's index tuple is known. */
const OWNER = '__OWNER__';

/** The local holding `e`'s coordinate in output dimension `position`. */
function coordinateName(position: number): string {
  return `own${position}`;
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

/**
 * Whether `iv` is an iteration of the loop from `lower` below `upper` by `step` (GLSL): the
 * stride test is left out for a step of 1, which every value meets.
 */
function iterationOf(iv: string, lower: string, upper: string, step: string): string {
  const inRange = `${iv} >= ${lower} && ${iv} < ${upper}`;
  return step === '1' ? inRange : `${inRange} && (${iv} - ${lower}) % ${step} == 0`;
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
  /** Whether each fragment writes four consecutive elements (see {@link writesQuads}). */
  #quads = false;
  /** In a quad pass, the lane whose copy of the lane loop's body is being emitted. */
  #lane: number | undefined;
  /** In a quad pass, loads read for all lanes at once: result -> the local holding the texel. */
  readonly #quadLoads = new Map<Value, string>();
  readonly #quadInputs = new Set<number>();

  /** Inputs read as texels of four consecutive elements (see ShaderPass.quadInputs). */
  quadInputs(): number[] {
    return [...this.#quadInputs].sort((a, b) => a - b);
  }

  /** Marks the pass as reading the previous pass's output. */
  readsPrevious(): this {
    this.#afterFirst = true;
    return this;
  }

  /**
   * Makes the pass write four consecutive elements per fragment, as one RGBA texel of a packed
   * output (texel `t` holds elements 4t to 4t + 3). The loop whose induction variable indexes
   * the output's last dimension (an inner loop that carries no value) is emitted once per lane,
   * each copy running that lane's owning iteration, so the code around it (an SpMM row's
   * entries) runs once for four elements. The caller must give the output a last extent that
   * is a multiple of 4 (the four elements then differ only in their last coordinate). Every
   * output access must be the lane's own element; anything else is refused.
   */
  writesQuads(): this {
    this.#quads = true;
    return this;
  }

  /** The induction variable indexing the output's last dimension (the first access's tuple). */
  #laneVariable(): Value | undefined {
    const out = this.func.regions[0]?.blocks[0]?.arguments[this.output];
    let last: Value | undefined;
    walkOperations(this.target, (op) => {
      const isAccess = op.name === 'memref.store' || op.name === 'memref.load';
      if (last === undefined && isAccess && operand(op, 'memref') === out)
        last = operands(op, 'indices').at(-1);
    });
    return last;
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
    const lanes = this.#quads ? QUAD_ELEMENTS : 1;
    const values = Array.from({ length: lanes }, (_, lane) => this.#valueName(lane));
    return [
      ...TEXEL_FUNCTIONS,
      '',
      'void main() {',
      this.#quads
        ? `  int e = ${QUAD_ELEMENTS} * ${fragmentPosition(true)};`
        : `  int e = ${fragmentPosition(false)};`,
      // The element's coordinates once per fragment, not once per iteration of an inner loop.
      ...tuple.map((_, p) => `  int ${coordinateName(p)} = ${this.#coordinate(tuple, p)};`),
      ...values.map(
        (v, lane) => `  ${type} ${v} = ${this.#previous(lane === 0 ? 'e' : `e + ${lane}`)};`,
      ),
      ...this.body().map((l) => this.#resolveMarkers(l, tuple, owner)),
      this.#quads
        ? `  setOutput(vec4(${values.map((v) => `float(${v})`).join(', ')}));`
        : '  setOutput(float(value));',
      '}',
    ].join('\n');
  }

  /** The local holding the element of `lane` (`value` in a one-element pass). */
  #valueName(lane: number): string {
    return this.#quads ? `value${lane}` : 'value';
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
    const resolved = line
      .replace(OWNER, () => coordinateName(owner))
      .replace('__LANE_COORDINATE__', () => coordinateName(tuple.length - 1));
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
    const coordinate = coordinateName(position);
    return `${iv} = ${coordinate}; if (${iterationOf(iv, lower, upper, step)}) {`;
  }

  /** The inner (sequential) loops, whose headers wait until the output's index tuple is known. */
  readonly #innerLoops: InnerLoop[] = [];

  override forLoop(loop: CountedLoop, body: () => void): void {
    if (loop.body === this.target.regions[0]?.blocks[0]) {
      super.forLoop(loop, body);
      return;
    }
    if (this.#quads && loop.inductionVariable === this.#laneVariable()) {
      this.#laneLoop(loop, body);
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

  /**
   * A quad pass's loop over the output's last dimension: one copy of the body per lane, each
   * running the iteration that owns the lane's element (the lane-0 coordinate plus the lane).
   */
  #laneLoop(loop: CountedLoop, body: () => void): void {
    if (loop.body.arguments.length > 1)
      throw new EngineUnsupportedError(
        "the loop over the output's last dimension carries values (no fragment owns four of its iterations)",
      );
    const iv = this.scalar(loop.inductionVariable);
    const lower = this.scalar(loop.lowerBound);
    const upper = this.scalar(loop.upperBound);
    const step = this.scalar(loop.step);
    // The lane loop is also an owned inner loop: its iterations' accesses are elements.
    this.#innerLoops.push({
      inductionVariable: loop.inductionVariable,
      carries: false,
      iv,
      lower,
      upper,
      step,
    });
    // Inputs read at the lane's column, at indices fixed before the loop (an SpMM's B row):
    // the four lanes' elements are one texel, fetched once.
    const quads = this.#quadLoadsOf(loop);
    if (quads.length > 0) this.line(`${iv} = __LANE_COORDINATE__;`);
    for (const load of quads) {
      const m = this.memref(operand(load, 'memref'));
      const name = this.fresh();
      const at = this.flatIndex(m, operands(load, 'indices'));
      this.line(`vec4 ${name} = ${fetchQuad(`m${m.arg}`, `${at} / ${QUAD_ELEMENTS}`)};`);
      this.#quadLoads.set(result(load), name);
      this.#quadInputs.add(m.arg);
    }
    for (let lane = 0; lane < QUAD_ELEMENTS; lane++) {
      this.#lane = lane;
      this.line(`${iv} = __LANE_COORDINATE__ + ${lane};`);
      this.line(`if (${iterationOf(iv, lower, upper, step)}) {`);
      this.nested(body);
      this.line('}');
    }
    this.#lane = undefined;
  }

  /**
   * The loads of the lane loop's body that can read all four lanes as one texel: an input's
   * loads whose last index is the lane loop's induction variable and whose other indices are
   * computed before the loop, for inputs the pass reads no other way. (Aligned to a texel when
   * the input's last extent is a multiple of 4, which the caller guarantees for `quadInputs`.)
   */
  #quadLoadsOf(loop: CountedLoop): Operation[] {
    const args = this.func.regions[0]?.blocks[0]?.arguments ?? [];
    const lane = loop.inductionVariable;
    const inLoop = new Set<Operation>();
    for (const op of loop.body.operations) walkOperations(op, (inner) => inLoop.add(inner));
    const computed = (v: Value) => {
      if (v === lane) return false;
      try {
        this.scalar(v);
        return true;
      } catch {
        return false;
      }
    };
    const loads: Operation[] = [];
    const otherwise = new Set<Value>();
    walkOperations(this.target, (op) => {
      if (op.name !== 'memref.load') return;
      const memref = operand(op, 'memref');
      const arg = args.indexOf(memref);
      if (arg < 0 || arg === this.output) return;
      const indices = operands(op, 'indices');
      const atLane =
        inLoop.has(op) && indices.at(-1) === lane && indices.slice(0, -1).every(computed);
      if (atLane) loads.push(op);
      else otherwise.add(memref);
    });
    return loads.filter((op) => !otherwise.has(operand(op, 'memref')));
  }

  #output: Value | undefined;
  #outputMemref(): Value {
    if (this.#output === undefined) throw new EngineUnsupportedError('the pass writes nothing');
    return this.#output;
  }

  /** The previous value of output element `at`. */
  #previous(at: string): string {
    const type = this.dialect.types[this.#outputType];
    return this.#afterFirst ? `${type}(${fetchElement(PREVIOUS_OUTPUT, at)})` : `${type}(0)`;
  }

  protected uniformExpr(name: string): string {
    return name;
  }

  protected letStatement(type: ShaderType | 'u32', name: string, expr: string): string {
    return `${this.dialect.types[type]} ${name} = ${expr};`;
  }

  protected varStatement(type: ShaderType, name: string): string {
    return `${this.dialect.types[type]} ${name};`;
  }

  protected loopForever(): string {
    return 'while (true) {';
  }

  /**
   * Records an output access (every one must use the same index tuple); returns its flat index,
   * or null where that index is `e` by construction: each index of the tuple, all distinct, is
   * the induction variable of the parallel loop or of an inner loop that runs only its owning
   * iteration, and so holds `e`'s coordinate in that dimension.
   */
  #outputAccess(memref: Value, indices: readonly Value[]): string | null {
    const m = this.memref(memref);
    this.#output = memref;
    this.#outputType = m.element;
    if (this.#tuple === undefined) this.#tuple = indices;
    else if (this.#tuple.length !== indices.length || this.#tuple.some((v, k) => v !== indices[k]))
      throw new EngineUnsupportedError(
        'an iteration accesses the output at more than one index tuple',
      );
    const owned = (v: Value) =>
      v === this.#inductionVariable ||
      this.#innerLoops.some((loop) => loop.inductionVariable === v && !loop.carries);
    const isElement = new Set(indices).size === indices.length && indices.every(owned);
    if (this.#quads && (!isElement || this.#lane === undefined))
      throw new EngineUnsupportedError(
        "a four-element fragment accesses the output outside its elements' own iterations",
      );
    return isElement ? null : this.flatIndex(m, indices);
  }

  load(v: Value, memref: Value, indices: readonly Value[]): void {
    const m = this.memref(memref);
    if (m.isOutput) {
      const at = this.#outputAccess(memref, indices);
      const own = this.#valueName(this.#lane ?? 0);
      this.define(v, at === null ? own : `(${at} == e ? ${own} : ${this.#previous(at)})`);
      return;
    }
    const quad = this.#quadLoads.get(v);
    if (quad !== undefined) {
      const lane = `${quad}.${'rgba'.charAt(this.#lane ?? 0)}`;
      this.define(v, m.element === 'i32' ? `int(${lane})` : lane);
      return;
    }
    const read = fetchElement(`m${m.arg}`, this.flatIndex(m, indices));
    this.define(v, m.element === 'i32' ? `int(${read})` : read);
  }

  store(value: Value, memref: Value, indices: readonly Value[]): void {
    if (!this.memref(memref).isOutput)
      throw new EngineUnsupportedError('a store to a memref other than the output');
    const at = this.#outputAccess(memref, indices);
    const assign = `${this.#valueName(this.#lane ?? 0)} = ${this.scalar(value)};`;
    this.line(at === null ? assign : `if (${at} == e) { ${assign} }`);
  }

  /** The fragment runs the one iteration whose induction variable is `e`'s coordinate. */
  protected parallelLoop(loop: CountedLoop, body: () => void): void {
    if (this.#quads && loop.inductionVariable === this.#laneVariable())
      throw new EngineUnsupportedError(
        "the outer loop indexes the output's last dimension (a fragment owns one of its iterations, not four)",
      );
    this.#inductionVariable = loop.inductionVariable;
    const iv = this.scalar(loop.inductionVariable);
    const lower = this.scalar(loop.lowerBound);
    const upper = this.scalar(loop.upperBound);
    const step = this.scalar(loop.step);
    this.line(`${iv} = ${OWNER};`);
    this.line(`if (${iterationOf(iv, lower, upper, step)}) {`);
    this.nested(body);
    this.line('}');
  }
}
