import { COMBINE_DIMENSION, linearIndex, parseShape, renderMemoryMap } from '@tilekit/layout';
import { describeShape } from '../commands/layout.js';
import type { DemoSection } from './demo-section.js';

/** The seed document's three worked examples, recomputed by @tilekit/layout. */
export const layoutDemo: DemoSection = {
  title: "XLA tiled layouts: the seed's Figure 1, Figure 2 and combined dimensions",
  run(io) {
    const fig1 = parseShape('F32[3,5]{1,0:(2,2)}');
    io.stdout(
      [
        "Figure 1. F32[3,5]{1,0:(2,2)} in the seed's notation: a 3x5 array tiled by 2x2 tiles.",
        'Tiles cover the array (padding completes the partial tiles); each tile is laid out row-major.',
        ...describeShape(fig1),
        `Element (2,3) -> tile (1,1), in-tile (0,1) -> (1*3+1)*2*2 + (0*2+1) = ${linearIndex(fig1, [2, 3])}`,
        '',
        renderMemoryMap(fig1, { format: 'text' }),
        '',
      ].join('\n'),
    );
    const fig2 = parseShape('f32[4,8]{1,0:T(2,4)(2,1)}');
    io.stdout(
      [
        'Figure 2. f32[4,8]{1,0:T(2,4)(2,1)}: repeated tiling, first 2x4 tiles, then 2x1 tiles inside',
        'them (the TPU bf16 pattern (8,128)(2,1) in small): pairs of vertically adjacent elements sit',
        'next to each other in memory.',
        ...describeShape(fig2),
        '',
        renderMemoryMap(fig2, { format: 'text' }),
        '',
      ].join('\n'),
    );
    const combined = parseShape('f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}');
    const flat = parseShape('f32[112,110]{1,0:T(2,3)}');
    const probe = [1, 3, 5, 7, 9];
    const probeFlat = [(1 * 7 + 3) * 8 + 5, 7 * 10 + 9];
    io.stdout(
      [
        `Combined dimensions. A tile entry * (COMBINE_DIMENSION = ${COMBINE_DIMENSION}) merges a dimension into the`,
        'next more minor one before tiling: f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)} is [112,110] tiled by (2,3).',
        ...describeShape(combined),
        `Element (1,3,5,7,9) -> combined (${probeFlat.join(',')}): offset ${linearIndex(combined, probe)}` +
          ` = f32[112,110]{1,0:T(2,3)} offset ${linearIndex(flat, probeFlat)}`,
        '',
      ].join('\n'),
    );
  },
};
