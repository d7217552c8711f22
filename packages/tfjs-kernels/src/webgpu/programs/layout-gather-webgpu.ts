/**
 * The layout gather pass of TiledRelayout, TiledUnrelayout and TiledConvertLayout on WebGPU:
 * every invocation runs the call's index chain (see ../../gpu/index-chain.ts) from the first
 * output of its run to the input element it copies, derives the run's other outputs from it
 * (see ../../gpu/chain-runs.ts), and stores the run as one vector, writing the pad value where
 * an output is padding. A run that copies one aligned source vector reads it as one `vec4`; a
 * staged kind instead moves whole blocks through workgroup memory (see `stagedCode`), so that
 * consecutive invocations read and write consecutive memory either way.
 *
 * The WGSL is unrolled from the chain's kind (../layout-pass-kind.ts): no loops over terms, no
 * uniform-indexed arrays, shifts instead of divisions where strides allow; the numbers are
 * uniforms, so one pipeline serves every shape of a kind. Reads are unconditional (a padding
 * output reads element 0) and selected afterwards, so no lane branches. Values are loaded,
 * selected and stored, never computed: float bits (-0, NaN payloads, subnormals) move unchanged.
 */

import {
  FlatProgram,
  WEBGPU_WORKGROUP_SIZE as WORKGROUP_SIZE,
  wgslForEachElement,
} from '@tilekit/tfjs-backend-support/webgpu-passes';
import { UNBOUNDED } from '../../gpu/index-chain.js';
import { kindKey, type LayoutPassKind, type StagedTile } from '../layout-pass-kind.js';

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
    const roomDown =
      bounded && kind.staged?.downTerms[step] === k ? `roomDown${step} = t.y - 1 - v;` : '';
    lines.push(
      `{ let t = uniforms.terms[${g}]; ${digit} ${slack} ${room} ${roomDown} next = next + v * t.z; }`,
    );
  }
  return `{ var rem = at; var next = 0;
          ${lines.join('\n          ')}
          at = next; }`;
}

/** Steps whose moved digit (per step, in `moved`) has a bound: a later output may cross it. */
function roomSteps(kind: LayoutPassKind, moved: readonly number[] = kind.movedTerms): number[] {
  let first = 0;
  const steps: number[] = [];
  kind.stepTerms.forEach((count, s) => {
    const term = moved[s];
    if (term !== undefined && kind.bounded.includes(first + term)) steps.push(s);
    first += count;
  });
  return steps;
}

/**
 * WGSL of a staged pass (see `StagedTile`): per round, every workgroup takes one block, runs
 * the chain once for its first output, loads the block down its contiguous source runs into
 * workgroup memory (rows padded by one element, so the transposed reads hit distinct banks),
 * and stores it across its consecutive outputs. Rounds and block counts are uniforms, so every
 * barrier sits in control flow that is uniform over the workgroup.
 */
function stagedCode(kind: LayoutPassKind, tile: StagedTile, steps: string[]): string {
  const { across, down } = tile;
  const pitch = down + 1;
  const type = kind.dtype === 'float32' ? 'f32' : 'i32';
  const pad = kind.dtype === 'float32' ? 'uniforms.padF' : 'uniforms.padI';
  // An output is padding where the block's first one is, or where its digit moving across or
  // the one moving down crosses its bound (each tracked from the first output's digits).
  const acrossRooms = roomSteps(kind);
  const downRooms = roomSteps(kind, tile.downTerms);
  const padding = [
    'slack < 0',
    ...acrossRooms.map((s) => `room${s} < a * uniforms.increments[${s >> 2}][${s & 3}]`),
    ...downRooms.map((s) => `roomDown${s} < b * uniforms.downIncrements[${s >> 2}][${s & 3}]`),
  ].join(' || ');
  return `
    var<workgroup> staged : array<${type}, ${across * pitch}>;

    fn main(index : i32) {
      let lane = i32(localIndex);
      for (var round = 0; round < uniforms.staged.z; round = round + 1) {
        let block = round * uniforms.staged.w + i32(workgroupId.x);
        let live = block < uniforms.count;
        let band = block / uniforms.staged.y;
        let first = (band * ${down}) * uniforms.staged.x + (block - band * uniforms.staged.y) * ${across};
        var at = first;
        var slack = ${UNBOUNDED};
        ${acrossRooms.map((s) => `var room${s} = ${UNBOUNDED};`).join(' ')}
        ${downRooms.map((s) => `var roomDown${s} = ${UNBOUNDED};`).join(' ')}
        ${steps.join('\n        ')}
        if (live) {
          for (var e = lane; e < ${across * down}; e = e + ${WORKGROUP_SIZE}) {
            let a = e / ${down};
            let b = e - a * ${down};
            let padding = ${padding};
            let value = source[select(at + a * uniforms.delta + b, 0, padding)];
            staged[a * ${pitch} + b] = select(value, ${pad}, padding);
          }
        }
        workgroupBarrier();
        if (live) {
          for (var e = lane; e < ${across * down}; e = e + ${WORKGROUP_SIZE}) {
            let b = e / ${across};
            let a = e - b * ${across};
            result[first + a + b * uniforms.staged.x] = staged[a * ${pitch} + b];
          }
        }
        workgroupBarrier();
      }
    }`;
}

export class LayoutGatherProgram extends FlatProgram {
  readonly variableNames = ['source'];
  readonly variableComponents: number[];
  readonly outputComponent: number;
  readonly uniforms: string;
  private readonly kind: LayoutPassKind;

  /**
   * @param size Number of output elements.
   * @param kind The chain's structure (see ../layout-pass-kind.ts).
   * @param invocations Invocations to dispatch (the call's `runs`).
   */
  constructor(size: number, kind: LayoutPassKind, invocations: number) {
    super(`layout_gather_${kindKey(kind)}`, size, invocations);
    this.kind = kind;
    this.outputComponent = kind.width;
    this.variableComponents = [kind.vectorLoads ? 4 : 1];
    const terms = Math.max(
      1,
      kind.stepTerms.reduce((a, b) => a + b, 0),
    );
    const increments = Math.max(1, Math.ceil(kind.movedTerms.length / 4));
    const downIncrements = Math.max(1, Math.ceil((kind.staged?.downTerms.length ?? 0) / 4));
    this.uniforms = `count : i32, padF : f32, padI : i32, delta : i32,
      staged : vec4<i32>,
      increments : array<vec4<i32>, ${increments}>,
      downIncrements : array<vec4<i32>, ${downIncrements}>,
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
    if (kind.staged !== null) return stagedCode(kind, kind.staged, steps);
    const rooms = roomSteps(kind);
    const lanes = Array.from({ length: kind.width }, (_, k) => {
      const crossed = rooms.map(
        (s) => `room${s} < ${k} * uniforms.increments[${s >> 2}][${s & 3}]`,
      );
      const padding = ['slack < 0', ...(k === 0 ? [] : crossed)].join(' || ');
      if (kind.vectorLoads) {
        // Lane k of the run's one aligned vector (a padded first output pads them all).
        return `let pad${k} = ${padding};
        let v${k} = select(run[${k}], ${pad}, pad${k});`;
      }
      const at = k === 0 ? 'at' : `at + ${k} * uniforms.delta`;
      return `let pad${k} = ${padding};
        let v${k} = select(source[select(${at}, 0, pad${k})], ${pad}, pad${k});`;
    });
    const vectorLoad = kind.vectorLoads ? 'let run = source[select(at, 0, slack < 0) >> 2u];' : '';
    const values = Array.from({ length: kind.width }, (_, k) => `v${k}`).join(', ');
    const store =
      kind.width === 1 ? `result[p] = v0;` : `result[p] = vec${kind.width}<${type}>(${values});`;
    return wgslForEachElement(
      'uniforms.count',
      `var at = p * ${kind.width};
        var slack = ${UNBOUNDED};
        ${rooms.map((s) => `var room${s} = ${UNBOUNDED};`).join(' ')}
        ${steps.join('\n        ')}
        ${vectorLoad}
        ${lanes.join('\n        ')}
        ${store}`,
    );
  }
}
