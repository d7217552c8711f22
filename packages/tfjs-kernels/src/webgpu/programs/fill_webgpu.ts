/**
 * Fills an int32 buffer with one value: the starting state of the atomic passes (-1, "no
 * writer", for last-writer buffers; 0 for int32 sums).
 */
import { FlatProgram, forEachElement } from '../flat_program.js';
import type { UniformValue } from '../residency.js';

export class FillProgram extends FlatProgram {
  readonly variableNames: string[] = [];
  readonly uniforms = 'count : i32, value : i32,';

  /** @param size Number of int32 elements. */
  constructor(size: number) {
    super('fill_i32', size, size);
  }

  getUserCode(): string {
    return forEachElement('uniforms.count', 'result[p] = uniforms.value;');
  }
}

/** Uniform values of a FillProgram call. */
export function fillUniforms(size: number, value: number): UniformValue[] {
  return [
    { type: 'int32', data: [size] },
    { type: 'int32', data: [value] },
  ];
}
