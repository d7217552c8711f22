import type { Layout } from './types.js';

/** XLA's default layout for a rank: `{rank-1,...,1,0}` (dimension 0 most major), no attributes. */
export function defaultLayout(rank: number): Layout {
  const minorToMajor: number[] = [];
  for (let dim = rank - 1; dim >= 0; dim--) minorToMajor.push(dim);
  return {
    minorToMajor,
    tiles: [],
    tailPaddingAlignmentInElements: 1,
    elementSizeInBits: 0,
    memorySpace: 0,
    splitConfigs: [],
    dynamicShapeMetadataPrefixBytes: 0,
  };
}
