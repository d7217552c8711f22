/** A small driver for tscatter/tgather calls on fresh tiles, shared by the constraint tests. */
import { type TGatherOptions, type TScatterOptions, tgather, tscatter } from '../../src/index.js';
import { sizeFromShape } from '../../src/util/shape-size.js';
import { tf } from './tf.js';

type Dtype = 'float32' | 'int32';

export interface Tiles {
  src?: readonly [number, number] | readonly number[];
  idx?: readonly [number, number] | readonly number[];
  dtype?: Dtype;
  /** Value at each flat position (default: the position; offsets wrap at 16). */
  idxValues?: (k: number) => number;
  srcValues?: (k: number) => number;
}

/** Runs tscatter (or tgather) on fresh tiles; defaults: f32 [2, 8] tiles, offsets 0..15. */
export function run(
  op: 'tscatter' | 'tgather',
  options: Partial<TScatterOptions>,
  tiles: Tiles = {},
) {
  const srcShape = tiles.src ?? [2, 8];
  const idxShape = tiles.idx ?? [2, 8];
  const src = tf.tensor(
    Array.from({ length: sizeFromShape(srcShape) }, (_, k) => tiles.srcValues?.(k) ?? k),
    [...srcShape],
    tiles.dtype ?? 'float32',
  );
  const idx = tf.tensor(
    Array.from({ length: sizeFromShape(idxShape) }, (_, k) => tiles.idxValues?.(k) ?? k % 16),
    [...idxShape],
    'int32',
  );
  return op === 'tscatter'
    ? tscatter(src, idx, { dstShape: [2, 8], ...options })
    : tgather(src, idx, options as TGatherOptions);
}
