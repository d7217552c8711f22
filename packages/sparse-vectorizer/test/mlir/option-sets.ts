/** The option sets every corpus kernel is vectorized with, ours and mlir-opt-22's spelling. */
import type { VectorizeOptions } from '../../src/index.js';

/** One configuration of the pass. */
export interface OptionSet {
  readonly label: string;
  readonly options: VectorizeOptions;
  /** `--sparse-vectorization="..."` option text. */
  readonly flag: string;
  /** `vector.vscale` values the interpreter runs scalable code with. */
  readonly vscales: readonly number[];
}

function set(vl: number, vla: boolean, simd32: boolean): OptionSet {
  const parts = [`vl=${vl}`];
  if (vla) parts.push('enable-vla-vectorization=true');
  if (simd32) parts.push('enable-simd-index32=true');
  return {
    label: parts
      .join(' ')
      .replace('enable-vla-vectorization=true', 'vla')
      .replace('enable-simd-index32=true', 'simd32'),
    options: { vectorLength: vl, enableVLAVectorization: vla, enableSIMDIndex32: simd32 },
    flag: parts.join(' '),
    vscales: vla ? [1, 2] : [1],
  };
}

/** vl 4/8/16, VLA, 32-bit SIMD indices, and VLA with 32-bit indices. */
export const OPTION_SETS: readonly OptionSet[] = [
  set(4, false, false),
  set(8, false, false),
  set(16, false, false),
  set(8, true, false),
  set(8, false, true),
  set(4, true, true),
];
