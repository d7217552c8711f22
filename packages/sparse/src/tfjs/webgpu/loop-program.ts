/**
 * One generated WGSL pass as a tfjs-backend-webgpu program, in tilekit's flat-program shape
 * (1-D inputs, an `[m, 1]` output, a one-dimensional capped dispatch, every size a uniform), so
 * the pipeline tfjs caches under the shader key serves every shape.
 */
import { FlatProgram } from '@tilekit/tfjs-backend-support/webgpu-passes';
import type { WgslPassRun } from './prepared-wgsl.js';

export class SparseLoopProgram extends FlatProgram {
  readonly variableNames: string[];
  readonly uniforms: string;
  private readonly code: string;

  /**
   * @param key Identifies the kernel and pass (the generated code depends on nothing else).
   * @param pass The generated pass.
   * @param outputSize Elements of the output.
   * @param invocations Invocations worth dispatching (the loop's trip count, or a bound).
   */
  constructor(key: string, pass: WgslPassRun, outputSize: number, invocations: number) {
    super(`sparse_${key}`, outputSize, invocations);
    this.variableNames = pass.inputs.map((arg) => `m${arg}`);
    this.uniforms = pass.uniforms.map((u) => `${u.name} : ${u.type},`).join(' ');
    this.code = pass.code;
  }

  getUserCode(): string {
    return this.code;
  }
}
