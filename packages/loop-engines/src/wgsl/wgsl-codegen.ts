/**
 * WGSL for one pass: the pass's loop runs under its schedule (../shader/pass-schedule.ts) with
 * `main(index)` called with the global invocation index, as tfjs-backend-webgpu's programs are;
 * input memrefs are storage buffers `m<arg>`, the written one is the program's output `result`.
 * A row-group pass sums through `var<workgroup>` memory; its barriers sit only in control flow
 * that depends on uniforms (the rounds loop, the tree's halving loop), as WGSL requires.
 */
import { type Operation, operand, type Value } from '@tilekit/loop-ir';
import type { CountedLoop } from '../lowering.js';
import { type IndexExpr, printIndexExpr } from '../shader/index-math.js';
import { ShaderPassCodegen } from '../shader/pass-codegen.js';
import {
  type PassPlan,
  SCHEDULE_MATH,
  SCHEDULE_UNIFORMS,
  WORKGROUP_INVOCATIONS,
} from '../shader/pass-schedule.js';
import { type ShaderType, shaderTypeOf, WGSL } from '../shader/shader-scalar.js';

/** Invocations per workgroup of every generated pass. */
export const WGSL_WORKGROUP_SIZE = WORKGROUP_INVOCATIONS;

/** The workgroup array a row-group pass's lanes sum through. */
const PARTIAL = 'tkPartial';

/** The name tfjs gives a program's output buffer. */
export const OUTPUT_BUFFER = 'result';

/** Code generation state of one WGSL pass. */
export class WgslPassCodegen extends ShaderPassCodegen {
  readonly dialect = WGSL;
  /** The element type of a row-group pass's sums (set when the reduction is emitted). */
  #partialType: ShaderType | undefined;

  /**
   * @param plan The pass's schedule.
   */
  constructor(
    func: Operation,
    target: Operation,
    output: number,
    prelude: (op: Operation) => boolean,
    readonly plan: PassPlan,
  ) {
    super(func, target, output, prelude);
  }

  /** The pass's `main` function. */
  code(): string {
    // A shader that reads no uniform loses the uniform binding from its pipeline layout, which
    // no longer matches the bind group tfjs makes; such a pass reads a constant zero.
    const keep =
      this.uniforms().length === 0
        ? [`  let unused = ${this.uniform({ name: 'zero', type: 'i32', arg: -1 })};`]
        : [];
    const shared =
      this.#partialType === undefined
        ? []
        : [
            `var<workgroup> ${PARTIAL} : array<${this.dialect.types[this.#partialType]}, ${WORKGROUP_INVOCATIONS}>;`,
          ];
    return [
      ...shared,
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

  protected letStatement(_type: ShaderType | 'u32', name: string, expr: string): string {
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

  /** Whether `indices` of `memref` are the element a column-grid pass holds in a register. */
  #promoted(memref: Value, indices: readonly Value[]): boolean {
    const s = this.plan.schedule;
    const tuple = s.kind === 'column-grid' ? s.promoted : undefined;
    return (
      tuple !== undefined &&
      this.memref(memref).isOutput &&
      indices.length === tuple.length &&
      indices.every((v, d) => v === tuple[d])
    );
  }

  load(v: Value, memref: Value, indices: readonly Value[]): void {
    if (this.#promoted(memref, indices)) {
      this.define(v, OWN);
      return;
    }
    const b = this.#buffer(memref);
    this.define(v, `${b.name}[${b.at(indices)}]`);
  }

  store(value: Value, memref: Value, indices: readonly Value[]): void {
    if (this.#promoted(memref, indices)) {
      this.line(`${OWN} = ${this.scalar(value)};`);
      return;
    }
    const b = this.#buffer(memref);
    const write = `${b.name}[${b.at(indices)}] = ${this.scalar(value)};`;
    // In a row group only lane 0 of a group that has an iteration stores.
    const s = this.plan.schedule;
    const lane0 = s.kind === 'row-group' && s.combine !== undefined;
    this.line(lane0 ? `if (${ROW_STORES}) { ${write} }` : write);
  }

  /** How index-math name `name` reads in the shader. */
  #spell(name: string, loop?: CountedLoop): string {
    switch (name) {
      case 'local':
        return 'i32(localIndex)';
      case 'workgroup':
        return 'i32(workgroupId.x)';
      case 'workgroups':
        return 'i32(numWorkgroups.x)';
      case 'index':
        return 'g';
      case 'group':
      case 'rounds':
      case 'columns':
        return this.uniform({
          name: SCHEDULE_UNIFORMS[name],
          type: 'i32',
          arg: -1,
          schedule: true,
        });
      case 'lower':
        return this.scalar((loop as CountedLoop).lowerBound);
      case 'step':
        return this.scalar((loop as CountedLoop).step);
      default:
        return localName(name);
    }
  }

  #print(expr: IndexExpr, loop?: CountedLoop): string {
    return printIndexExpr(expr, (name) => this.#spell(name, loop));
  }

  /** `let tk<Name> = ...;` for each of a schedule's per-invocation values. */
  #invocationValues(values: readonly (readonly [string, IndexExpr])[]): void {
    for (const [name, expr] of values) this.line(`let ${localName(name)} = ${this.#print(expr)};`);
  }

  protected parallelLoop(loop: CountedLoop, body: () => void): void {
    const iv = this.scalar(loop.inductionVariable);
    const upper = this.scalar(loop.upperBound);
    const kind = this.plan.schedule.kind;
    if (kind === 'row-group') {
      const math = SCHEDULE_MATH['row-group'];
      this.#invocationValues(math.invocation.filter(([name]) => name !== 'trip'));
      const rounds = this.#spell('rounds');
      this.line(`for (var tkRound = 0; tkRound < ${rounds}; tkRound = tkRound + 1) {`);
      this.nested(() => {
        this.#invocationValues(math.invocation.filter(([name]) => name === 'trip'));
        const start = this.#print(math.outerIv, loop);
        this.line(`let tkActive = ${start} < ${upper};`);
        // A group past the last iteration reruns the first one's prelude and sums nothing.
        this.line(`${iv} = select(${this.scalar(loop.lowerBound)}, ${start}, tkActive);`);
        body();
      });
      this.line('}');
      return;
    }
    // Invocation `index` takes g = index, index + threads, ... (grid stride).
    const math = SCHEDULE_MATH[kind];
    const s = this.plan.schedule;
    this.line('for (var g = index; ; g = g + threads) {');
    this.nested(() => {
      this.#invocationValues(math.invocation);
      this.line(`${iv} = ${this.#print(math.outerIv, loop)};`);
      this.line(`if (!(${iv} < ${upper})) { break; }`);
      if (s.kind !== 'column-grid' || s.promoted === undefined) {
        body();
        return;
      }
      // The invocation's element: read once, updated in a register, written once.
      const columns = {
        lowerBound: operand(s.columns, 'lowerBound'),
        step: operand(s.columns, 'step'),
      } as CountedLoop;
      const column = this.#print(SCHEDULE_MATH['column-grid'].columnIv, columns);
      const out = this.memref(this.func.regions[0]?.blocks[0]?.arguments[this.output] as Value);
      this.line(`let ${OWN_AT} = ${iv} * ${this.extent(out, 1)} + ${column};`);
      const start =
        s.initial === undefined ? `${OUTPUT_BUFFER}[${OWN_AT}]` : this.scalar(s.initial);
      this.line(`var ${OWN} = ${start};`);
      body();
      this.line(`${OUTPUT_BUFFER}[${OWN_AT}] = ${OWN};`);
    });
    this.line('}');
  }

  override forLoop(loop: CountedLoop, body: () => void): void {
    const s = this.plan.schedule;
    if (s.kind === 'row-group' && loop.body === s.strided.regions[0]?.blocks[0]) {
      if (s.combine === undefined) this.#lanesLoop(loop, body);
      else this.#reductionLoop(loop, body, s.combine);
      return;
    }
    if (s.kind === 'column-grid' && loop.body === s.columns.regions[0]?.blocks[0]) {
      // Only the invocation's own column runs.
      const iv = this.scalar(loop.inductionVariable);
      this.line(`${iv} = ${this.#print(SCHEDULE_MATH['column-grid'].columnIv, loop)};`);
      this.line(`if (${iv} < ${this.scalar(loop.upperBound)}) {`);
      this.nested(body);
      this.line('}');
      return;
    }
    super.forLoop(loop, body);
  }

  /** A row group's shared loop: lane l runs iterations l, l + group, ... of an active group. */
  #lanesLoop(loop: CountedLoop, body: () => void): void {
    const iv = this.scalar(loop.inductionVariable);
    const math = SCHEDULE_MATH['row-group'];
    this.line(`${iv} = ${this.#print(math.innerStart, loop)};`);
    const stride = this.#print(math.innerStride, loop);
    this.line(
      `for (; tkActive && ${iv} < ${this.scalar(loop.upperBound)}; ${iv} = ${iv} + ${stride}) {`,
    );
    this.nested(body);
    this.line('}');
  }

  /**
   * The summing loop of a row group: each lane sums its strided share from zero, the shares
   * meet pairwise (lane l takes lane l + half's, half = group / 2, ..., 1; a fixed order), and
   * every lane adds the loop's initial value to the group's total.
   */
  #reductionLoop(loop: CountedLoop, body: () => void, combine: string): void {
    const sumValue = loop.body.arguments[1] as Value;
    const type = shaderTypeOf(sumValue.type);
    this.#partialType = type;
    const sum = this.scalar(sumValue);
    const zero = combine === 'arith.addf' ? 'f32(0.0)' : 'i32(0)';
    const init = this.fresh();
    this.line(`let ${init} = ${sum};`);
    this.line(`${sum} = ${zero};`);
    this.#lanesLoop(loop, body);
    const local = this.#spell('local');
    this.line(`${PARTIAL}[${local}] = ${sum};`);
    this.line('workgroupBarrier();');
    const group = this.#spell('group');
    this.line(`for (var tkHalf = ${group} / 2; tkHalf > 0; tkHalf = tkHalf / 2) {`);
    this.nested(() => {
      this.line(
        `if (${localName('lane')} < tkHalf) { ${PARTIAL}[${local}] = ${PARTIAL}[${local}] + ${PARTIAL}[${local} + tkHalf]; }`,
      );
      this.line('workgroupBarrier();');
    });
    this.line('}');
    this.line(`${sum} = ${init} + ${PARTIAL}[${localName('first')}];`);
    // Every lane has read the total before the next round writes its share.
    this.line('workgroupBarrier();');
  }
}

/** The register holding a column-grid invocation's output element, and its index. */
const OWN = 'tkOwn';
const OWN_AT = 'tkOwnAt';

/** Which invocations of a row group store: lane 0, where the group has an iteration. */
const ROW_STORES = 'tkLane == 0 && tkActive';

/** The shader local of index-math value `name` (`lane` -> `tkLane`). */
function localName(name: string): string {
  return `tk${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}
