/**
 * The layout gather pass of TiledRelayout, TiledUnrelayout and TiledConvertLayout on WebGPU:
 * every output element runs the call's index chain (see ../../gpu/index_chain.ts) from its own
 * position to the input element it copies, or writes the pad value. The chain lives in uniforms
 * (step term counts and (stride, size, bound, weight) per term) and the loops run to uniform
 * counts, so one pipeline per dtype serves every layout, shape and direction. Values are
 * loaded and stored, never computed: float bits (-0, NaN payloads, subnormals) move unchanged.
 */
import type { DataType } from '@tensorflow/tfjs-core';
import type { IndexChain } from '../../gpu/index_chain.js';
import { FlatProgram, forEachElement, wgslType } from '../flat_program.js';
import type { UniformValue } from '../residency.js';

/** Most steps and digit terms the uniforms hold; longer chains run on the CPU. */
export const MAX_CHAIN_STEPS = 8;
export const MAX_CHAIN_TERMS = 48;

/** Whether the pass can run `chain`. */
export function fitsLayoutPass(chain: IndexChain): boolean {
  const terms = chain.reduce((sum, step) => sum + step.length, 0);
  return chain.length <= MAX_CHAIN_STEPS && terms <= MAX_CHAIN_TERMS;
}

export class LayoutGatherProgram extends FlatProgram {
  readonly variableNames = ['source'];
  readonly uniforms = `count : i32, padF : f32, padI : i32, steps : i32,
    stepTerms : array<vec4<i32>, ${MAX_CHAIN_STEPS / 4}>,
    terms : array<vec4<i32>, ${MAX_CHAIN_TERMS}>,`;
  private readonly pad: string;

  /**
   * @param size Number of output elements.
   * @param dtype Data type of input and output.
   */
  constructor(size: number, dtype: DataType) {
    super(`layout_gather_${wgslType(dtype)}`, size, size);
    this.pad = dtype === 'float32' ? 'uniforms.padF' : 'uniforms.padI';
  }

  getUserCode(): string {
    return forEachElement(
      'uniforms.count',
      `var position = p;
        var padding = false;
        var term = 0;
        for (var s = 0; s < uniforms.steps; s = s + 1) {
          let end = term + uniforms.stepTerms[s / 4][s % 4];
          var next = 0;
          for (; term < end; term = term + 1) {
            let t = uniforms.terms[term];
            let v = (position / t.x) % t.y;
            padding = padding || v >= t.z;
            next = next + v * t.w;
          }
          position = next;
        }
        if (padding) {
          result[p] = ${this.pad};
        } else {
          result[p] = source[position];
        }`,
    );
  }
}

/** The uniform values of one call (after tfjs's own), in the order `uniforms` declares them. */
export function layoutGatherUniforms(
  chain: IndexChain,
  size: number,
  padValue: number,
): UniformValue[] {
  const stepTerms = new Array<number>(MAX_CHAIN_STEPS).fill(0);
  chain.forEach((step, s) => {
    stepTerms[s] = step.length;
  });
  const terms = chain.flat().map((t): UniformValue => {
    return { type: 'int32', data: [t.stride, t.size, t.bound, t.weight] };
  });
  while (terms.length < MAX_CHAIN_TERMS) terms.push({ type: 'int32', data: [1, 1, 1, 0] });
  const vec4s = (values: number[]): UniformValue[] =>
    Array.from({ length: values.length / 4 }, (_, k) => ({
      type: 'int32',
      data: values.slice(4 * k, 4 * k + 4),
    }));
  return [
    { type: 'int32', data: [size] },
    { type: 'float32', data: [padValue] },
    { type: 'int32', data: [padValue] },
    { type: 'int32', data: [chain.length] },
    ...vec4s(stepTerms),
    ...terms,
  ];
}
