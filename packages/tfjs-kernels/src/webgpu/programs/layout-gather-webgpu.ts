/**
 * The layout gather pass of TiledRelayout, TiledUnrelayout and TiledConvertLayout on WebGPU:
 * every invocation runs the call's index chain (see ../../gpu/index-chain.ts) from the first
 * output of its run to the input element it copies, derives the run's other outputs from it
 * (see ../../gpu/chain-runs.ts), and stores the run as one vector, writing the pad value where
 * an output is padding.
 *
 * The WGSL is unrolled from the chain's kind (../layout-pass-kind.ts): no loops over terms, no
 * uniform-indexed arrays, shifts instead of divisions where strides allow; the numbers are
 * uniforms, so one pipeline serves every shape of a kind. Reads are unconditional (a padding
 * output reads element 0) and selected afterwards, so no lane branches. Values are loaded,
 * selected and stored, never computed: float bits (-0, NaN payloads, subnormals) move unchanged.
 */
import { UNBOUNDED } from '../../gpu/index-chain.js';
import { FlatProgram, forEachElement } from '../flat-program.js';
import { kindKey, type LayoutPassKind } from '../layout-pass-kind.js';

/** WGSL of one step: its digits from `at`, their weighted sum back into `at`. */
function stepCode(kind: LayoutPassKind, step: number, first: number): string {
  const count = kind.stepTerms[step]!;
  const lines: string[] = [];
  for (let k = 0; k < count; k++) {
    const g = first + k;
    const last = k === count - 1;
    let digit: string;
    if (kind.remainders) {
      digit = last
        ? 'let v = rem;'
        : kind.shifts
          ? 'let v = rem >> u32(t.x); rem = rem - (v << u32(t.x));'
          : 'let v = rem / t.x; rem = rem - v * t.x;';
    } else {
      digit = kind.shifts ? 'let v = (at >> u32(t.x)) % t.w;' : 'let v = (at / t.x) % t.w;';
    }
    const bounded = kind.bounded.includes(g);
    const slack = bounded ? 'slack = min(slack, t.y - 1 - v);' : '';
    const room = bounded && kind.movedTerms[step] === k ? `room${step} = t.y - 1 - v;` : '';
    lines.push(
      `{ let t = uniforms.terms[${g}]; ${digit} ${slack} ${room} next = next + v * t.z; }`,
    );
  }
  return `{ var rem = at; var next = 0;
          ${lines.join('\n          ')}
          at = next; }`;
}

/** Steps whose moved digit has a bound: a later output of the run may cross it. */
function roomSteps(kind: LayoutPassKind): number[] {
  let first = 0;
  const steps: number[] = [];
  kind.stepTerms.forEach((count, s) => {
    const moved = kind.movedTerms[s];
    if (moved !== undefined && kind.bounded.includes(first + moved)) steps.push(s);
    first += count;
  });
  return steps;
}

export class LayoutGatherProgram extends FlatProgram {
  readonly variableNames = ['source'];
  readonly variableComponents = [1];
  readonly outputComponent: number;
  readonly uniforms: string;
  private readonly kind: LayoutPassKind;

  /**
   * @param size Number of output elements.
   * @param kind The chain's structure (see ../layout-pass-kind.ts).
   */
  constructor(size: number, kind: LayoutPassKind) {
    super(`layout_gather_${kindKey(kind)}`, size, size / kind.width);
    this.kind = kind;
    this.outputComponent = kind.width;
    const terms = Math.max(
      1,
      kind.stepTerms.reduce((a, b) => a + b, 0),
    );
    const increments = Math.max(1, Math.ceil(kind.movedTerms.length / 4));
    this.uniforms = `count : i32, padF : f32, padI : i32, delta : i32,
      increments : array<vec4<i32>, ${increments}>,
      terms : array<vec4<i32>, ${terms}>,`;
  }

  getUserCode(): string {
    const { kind } = this;
    const type = kind.dtype === 'float32' ? 'f32' : 'i32';
    const pad = kind.dtype === 'float32' ? 'uniforms.padF' : 'uniforms.padI';
    let first = 0;
    const steps = kind.stepTerms.map((count, s) => {
      const code = stepCode(kind, s, first);
      first += count;
      return code;
    });
    const rooms = roomSteps(kind);
    const lanes = Array.from({ length: kind.width }, (_, k) => {
      const crossed = rooms.map(
        (s) => `room${s} < ${k} * uniforms.increments[${s >> 2}][${s & 3}]`,
      );
      const padding = ['slack < 0', ...(k === 0 ? [] : crossed)].join(' || ');
      const at = k === 0 ? 'at' : `at + ${k} * uniforms.delta`;
      return `let pad${k} = ${padding};
        let v${k} = select(source[select(${at}, 0, pad${k})], ${pad}, pad${k});`;
    });
    const values = Array.from({ length: kind.width }, (_, k) => `v${k}`).join(', ');
    const store =
      kind.width === 1 ? `result[p] = v0;` : `result[p] = vec${kind.width}<${type}>(${values});`;
    return forEachElement(
      'uniforms.count',
      `var at = p * ${kind.width};
        var slack = ${UNBOUNDED};
        ${rooms.map((s) => `var room${s} = ${UNBOUNDED};`).join(' ')}
        ${steps.join('\n        ')}
        ${lanes.join('\n        ')}
        ${store}`,
    );
  }
}
