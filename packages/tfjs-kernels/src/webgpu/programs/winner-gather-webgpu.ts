/**
 * TSCATTER's second pass: every destination element copies its last writer's source element,
 * whose flat index plus 1 the `lastSource` ScatterAtomicProgram pass left in its slot, or 0
 * when nothing wrote it. No index arithmetic: `width` consecutive destinations per invocation,
 * their winners read as one vector and their values stored as one. A copy, never arithmetic on values: float bits move unchanged.
 */
import type { DataType } from '@tensorflow/tfjs-core';
import type { UniformValue } from '@tilekit/tfjs-backend-support/webgpu-passes';
import { FlatProgram, wgslForEachElement } from '@tilekit/tfjs-backend-support/webgpu-passes';
import { wgslType } from '../wgsl-loop.js';

/** Destinations per invocation for `size` destinations. */
export function winnerRunWidth(size: number): number {
  return size % 4 === 0 ? 4 : 1;
}

export class WinnerGatherProgram extends FlatProgram {
  readonly variableNames = ['values', 'winners'];
  readonly variableComponents: number[];
  readonly outputComponent: number;
  readonly uniforms = 'count : i32,';
  private readonly type: string;
  private readonly width: number;

  /**
   * @param size Destination elements over all batch entries.
   * @param width Destinations per invocation ({@link winnerRunWidth}).
   */
  constructor(size: number, dtype: DataType, width: number) {
    super(`winner_gather_${wgslType(dtype)}_w${width}`, size, size / width);
    this.type = wgslType(dtype);
    this.width = width;
    this.outputComponent = width;
    this.variableComponents = [1, width];
  }

  getUserCode(): string {
    const lanes = Array.from(
      { length: this.width },
      (_, k) => `let w${k} = ${this.width === 1 ? 'winners[p]' : `winner[${k}]`};
        let v${k} = select(${this.type}(0), values[max(w${k} - 1, 0)], w${k} > 0);`,
    );
    const values = lanes.map((_, k) => `v${k}`).join(', ');
    const store =
      this.width === 1
        ? 'result[p] = v0;'
        : `result[p] = vec${this.width}<${this.type}>(${values});`;
    const read = this.width === 1 ? '' : 'let winner = winners[p];\n        ';
    return wgslForEachElement(
      'uniforms.count',
      `${read}${lanes.join('\n        ')}\n        ${store}`,
    );
  }
}

/** Uniform values of a WinnerGatherProgram call over `size` destinations. */
export function winnerGatherUniforms(size: number, width: number): UniformValue[] {
  return [{ type: 'int32', data: [size / width] }];
}
