/** Which rule a layout exercises, from its features (most specific first). */
import { COMBINE, type LayoutSpec } from '../../reference/layout-spec.js';
import type { RuleId } from '../../rules.js';

const isRowMajor = (spec: LayoutSpec) =>
  spec.minorToMajor.every((d, k) => d === spec.minorToMajor.length - 1 - k);

/**
 * The rule a linear-index case on `spec` checks: `*` combining, then repeated tiling, then a
 * tile on a suffix, then a permuted order, else the plain formula.
 */
export function layoutRuleOf(spec: LayoutSpec): RuleId {
  const first = spec.tiles[0];
  if (spec.tiles.some((tile) => tile.includes(COMBINE))) return 'layout.combine-dimension';
  if (spec.tiles.length > 1) return 'layout.repeated-tiling';
  if (first !== undefined && first.length < spec.dims.length) return 'layout.tile-suffix';
  if (!isRowMajor(spec)) return 'layout.minor-to-major';
  return 'layout.linear-index';
}
