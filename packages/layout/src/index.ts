/**
 * @tilekit/layout: XLA shapes and tiled layouts in TypeScript. Parse and print XLA's text,
 * map logical indices to physical offsets and back (LinearIndexForNestedTiling plus `*`),
 * size buffers, build fast whole-array maps and pad/reshape/transpose plans, and draw pictures.
 */

export { LAYOUT_CONFORMANCE_EXCLUSIONS } from './conformance-exclusions.js';
export { LayoutSyntaxError, LayoutValidationError } from './errors.js';
export type { ShapeInput } from './input.js';
export { LayoutError } from './layout-error.js';
export { LAYOUT_LIMITS } from './limits.js';
export { inverseMap, offsetMap } from './maps/offset-maps.js';
export {
  bitWidth,
  byteWidth,
  PRIMITIVE_TYPES,
  type PrimitiveCategory,
  primitiveCategory,
} from './primitive-types.js';
export { applyRelayoutPlan, type PlainTensor } from './relayout/apply.js';
export {
  type PadStep,
  type RelayoutPlan,
  type RelayoutStep,
  type ReshapeStep,
  relayoutPlan,
  type TransposeStep,
} from './relayout/plan.js';
export { type MemoryMapOptions, renderMemoryMap } from './render/memory-map.js';
export type { MemoryMapLimits, MemoryMapOverflow } from './render/model.js';
export {
  byteSize,
  expandedShape,
  physicalElementCount,
  type XlaArraySize,
  xlaArraySize,
} from './sizes.js';
export { formatLayout, formatShape } from './text/format.js';
export { parseLayout, parseShape } from './text/parse.js';
export { delinearize, linearIndex } from './tiling/linear-index.js';
export {
  type ArrayShape,
  type BufferShape,
  COMBINE_DIMENSION,
  type Dimension,
  type Layout,
  type OpaqueShape,
  type PrimitiveType,
  type Shape,
  type SplitConfig,
  type Tile,
  type TupleShape,
} from './types.js';
export { validateLayout, validateShape } from './validate.js';
