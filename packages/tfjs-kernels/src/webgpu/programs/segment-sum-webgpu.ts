/**
 * TSCATTER `mode: 'add'` on float32 (the gradient of TGATHER): every destination adds its
 * writers in row-major order from CPU-built lists (compressed-row form, see
 * ../../gpu/index-maps.ts), one IEEE float32 addition at a time, which is exactly the CPU
 * loop's arithmetic. WGSL allows f32 additions to flush subnormals, so `exactAdd` redoes sums
 * of two operands below 2^-100 at 2^100 times the scale (the WebGL kernels' method, in WGSL).
 */

import type { UniformValue } from '@tilekit/tfjs-backend-support/webgpu-passes';
import { FlatProgram, wgslForEachElement } from '@tilekit/tfjs-backend-support/webgpu-passes';
import type { TileGeometry } from '../../impl/tile-geometry.js';

/** WGSL `exactAdd(a, b)`: float32 addition that keeps subnormal operands and results. */
const EXACT_ADD_WGSL = `
  const SCALE_UP : f32 = 1267650600228229401496703205376.0;   // 2^100
  const SCALE_DOWN : f32 = 7.888609052210118e-31;             // 2^-100

  // x * 2^100, exactly, for |x| < 2^-100 (a subnormal x is rebuilt from its bits).
  fn scaledUp(x : f32) -> f32 {
    let bits = bitcast<u32>(x);
    if ((bits & 0x7f800000u) != 0u) {
      return x * SCALE_UP;
    }
    // Subnormal or zero: x = m * 2^-149, so x * 2^100 = m * 2^-49 (m < 2^23: exact).
    let magnitude = f32(bits & 0x007fffffu) * 1.7763568394002505e-15;   // 2^-49
    return bitcast<f32>((bits & 0x80000000u) | bitcast<u32>(magnitude));
  }

  fn exactAdd(a : f32, b : f32) -> f32 {
    if (!(abs(a) < SCALE_DOWN && abs(b) < SCALE_DOWN)) {
      return a + b;
    }
    let sum = scaledUp(a) + scaledUp(b);
    // Below 2^-26 here the result is subnormal or zero: m * 2^-149 with m = sum * 2^49.
    if (abs(sum) < 1.4901161193847656e-8) {
      let m = u32(abs(sum) * 562949953421312.0);   // 2^49
      return bitcast<f32>((bitcast<u32>(sum) & 0x80000000u) | m);
    }
    return sum * SCALE_DOWN;
  }
`;

export class SegmentSumProgram extends FlatProgram {
  readonly variableNames = ['values', 'starts', 'writers'];
  // `zero` is a uniform (always 0.0), not a literal, so `0.0 + v` cannot fold to `v` (which
  // would turn the CPU's +0 for 0 + -0 into -0).
  readonly uniforms = 'count : i32, zero : f32,';

  /** @param size Destination elements over all batch entries. */
  constructor(size: number) {
    super('segment_sum_f32', size, size);
  }

  getUserCode(): string {
    return `${EXACT_ADD_WGSL}
      ${wgslForEachElement(
        'uniforms.count',
        `var sum = uniforms.zero;
        for (var w = starts[p]; w < starts[p + 1]; w = w + 1) {
          sum = exactAdd(sum, values[writers[w]]);
        }
        result[p] = sum;`,
      )}`;
  }
}

/** Uniform values of a SegmentSumProgram call. */
export function segmentSumUniforms(g: TileGeometry): UniformValue[] {
  return [
    { type: 'int32', data: [g.batch * g.dst.rows * g.dst.cols] },
    { type: 'float32', data: [0] },
  ];
}
