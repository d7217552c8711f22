/**
 * The program shape every tilekit WebGPU pass shares, on top of tfjs-backend-webgpu's own
 * `WebGPUProgram` contract (see the README's "WebGPU" section for what of it is internal).
 *
 * Shader keys must not depend on sizes, or every new shape would compile a new pipeline. tfjs
 * appends to the key the inputs' and output's ranks and dtypes, which inputs equal the output's
 * shape, their broadcast dimensions, and whether the dispatch is one-dimensional. So every pass
 * sees its inputs as 1-D `[n]` and its output as `[m, 1]` (never equal, never broadcast), loops
 * over its elements with a grid stride from a dispatch capped below WebGPU's per-dimension
 * workgroup limit (always one-dimensional), and reads every size from a uniform.
 */
import type { WebGPUProgram } from '@tensorflow/tfjs-backend-webgpu';
import { expectArgument, expectCount } from '../pass-arguments.js';

/** Invocations per workgroup. */
export const WORKGROUP_SIZE = 64;

/** WebGPU's default `maxComputeWorkgroupsPerDimension`. */
const MAX_WORKGROUPS = 65_535;

/**
 * Workgroups a pass over `count` elements dispatches: one invocation per element up to a cap
 * below WebGPU's per-dimension limit, past which the passes loop grid-stride.
 */
export function dispatchWorkgroups(count: number): number {
  expectCount(count, 'dispatchWorkgroups', 'count');
  return Math.max(1, Math.min(MAX_WORKGROUPS, Math.ceil(count / WORKGROUP_SIZE)));
}

/**
 * WGSL of tfjs's `main(index)` entry (tfjs calls it with the global invocation index) running
 * `body` once for every `item < count`, grid-stride, so any count fits the capped dispatch of a
 * {@link FlatProgram}.
 *
 * @param count WGSL expression of the element count (a uniform, so no size enters the code).
 * @param body WGSL statements run for each element.
 * @param item Name of the loop variable `body` reads (`p` unless given).
 */
export function wgslForEachElement(count: string, body: string, item = 'p'): string {
  for (const [name, text] of Object.entries({ count, body, item }))
    expectArgument(typeof text === 'string', 'wgslForEachElement', name, 'WGSL text', text);
  return `
    fn main(index : i32) {
      let threads = i32(numWorkgroups.x) * ${WORKGROUP_SIZE};
      for (var ${item} = index; ${item} < ${count}; ${item} = ${item} + threads) {
        ${body}
      }
    }`;
}

/** A pass over `count` elements writing an `[outputSize, 1]` output. */
export abstract class FlatProgram implements WebGPUProgram {
  readonly workgroupSize: [number, number, number] = [WORKGROUP_SIZE, 1, 1];
  readonly dispatchLayout = { x: [0, 1] };
  dispatch: [number, number, number];
  readonly outputShape: number[];
  shaderKey: string;
  abstract readonly variableNames: string[];
  abstract readonly uniforms: string;

  /**
   * @param key Everything the generated code depends on besides what tfjs adds to the key.
   * @param outputSize Elements of the output.
   * @param count Elements the pass loops over (its dispatch size).
   */
  constructor(key: string, outputSize: number, count: number) {
    expectArgument(
      typeof key === 'string' && key.length <= 1024,
      'FlatProgram',
      'key',
      'a string of at most 1024 characters',
      key,
    );
    expectCount(outputSize, 'FlatProgram', 'outputSize');
    expectCount(count, 'FlatProgram', 'count');
    this.shaderKey = `tilekit_${key}`;
    this.outputShape = [outputSize, 1];
    this.dispatch = [dispatchWorkgroups(count), 1, 1];
  }

  abstract getUserCode(): string;
}
