/**
 * `@tilekit/tfjs-kernels`: side-effect-free entry (ops and their options, errors, kernel names
 * and configs, the PTO rules as data). Import `@tilekit/tfjs-kernels/register-cpu` once to
 * register the CPU kernels and the gradients. The backend plumbing the kernels are built on (GPU
 * pass helpers, the wasm heap typing) is `@tilekit/tfjs-backend-support`; the backend-free
 * loops the kernels share stay internal.
 */

export { LayoutSyntaxError, LayoutValidationError } from '@tilekit/layout';
export { KernelNotRegisteredError, WasmBackendError } from '@tilekit/tfjs-backend-support';
export { cpuKernelConfigs } from './cpu/kernels/index.js';
export { tgatherCpuConfig } from './cpu/kernels/TGather.js';
export { tiledConvertLayoutCpuConfig } from './cpu/kernels/TiledConvertLayout.js';
export { tiledRelayoutCpuConfig } from './cpu/kernels/TiledRelayout.js';
export { tiledUnrelayoutCpuConfig } from './cpu/kernels/TiledUnrelayout.js';
export { tscatterCpuConfig } from './cpu/kernels/TScatter.js';
export {
  KernelArgumentError,
  PtoConstraintError,
  TileIndexError,
  TileKernelError,
  TileValueError,
} from './errors.js';
export { tilekitGradConfigs } from './gradients/index.js';
export { tgatherGradConfig } from './gradients/TGather_grad.js';
export { tiledConvertLayoutGradConfig } from './gradients/TiledConvertLayout_grad.js';
export { tiledRelayoutGradConfig } from './gradients/TiledRelayout_grad.js';
export { tiledUnrelayoutGradConfig } from './gradients/TiledUnrelayout_grad.js';
export { tscatterGradConfig } from './gradients/TScatter_grad.js';
export {
  type KernelSignatures,
  TGather,
  type TGatherAttrs,
  type TGatherInputs,
  TiledConvertLayout,
  type TiledConvertLayoutAttrs,
  type TiledConvertLayoutInputs,
  TiledRelayout,
  type TiledRelayoutAttrs,
  type TiledRelayoutInputs,
  TiledUnrelayout,
  type TiledUnrelayoutAttrs,
  type TiledUnrelayoutInputs,
  type TileOpAttrs,
  TScatter,
  type TScatterAttrs,
  type TScatterInputs,
} from './kernel-names.js';
export type { LayoutSpec, ResolvedLayout, ShapeSpec } from './layout/layout-argument.js';
export { type ConvertLayoutOptions, convertLayout } from './ops/convert-layout.js';
export { MAX_OUTPUT_ELEMENTS } from './ops/output-size.js';
export { REGISTER_ENTRIES } from './ops/register-entries.js';
export { type RelayoutOptions, relayout } from './ops/relayout.js';
export { type TGatherOptions, tgather } from './ops/tgather.js';
export type { TileOpOptions } from './ops/tile-op-options.js';
export { type TScatterOptions, tscatter } from './ops/tscatter.js';
export { unrelayout } from './ops/unrelayout.js';
export {
  DEFAULT_ELEMENT_TYPE,
  ELEMENT_TYPE_INFO,
  INDEX_TYPE_INFO,
  type TileDtype,
  type TileTypeInfo,
} from './pto/element-types.js';
export {
  BOUNDS_MODES,
  type BoundsMode,
  ELEMENT_TYPES,
  type ElementType,
  type GatherSelect,
  INDEX_TYPES,
  type IndexType,
  PTO_TARGETS,
  type PtoTarget,
  type ScatterMode,
} from './pto/pto-types.js';
export {
  checkTileRules,
  PTO_TILE_RULES,
  type PtoTileRule,
  type TileInstruction,
  type TileOperand,
  type TileSignature,
} from './pto/tile-rules.js';
export { clearLayoutCache, layoutCacheStats } from './relayout/layout-cache.js';
export { webglKernelConfigs } from './webgl/kernels/index.js';
export { tgatherWebglConfig } from './webgl/kernels/TGather.js';
export { tiledConvertLayoutWebglConfig } from './webgl/kernels/TiledConvertLayout.js';
export { tiledRelayoutWebglConfig } from './webgl/kernels/TiledRelayout.js';
export { tiledUnrelayoutWebglConfig } from './webgl/kernels/TiledUnrelayout.js';
export { tscatterWebglConfig } from './webgl/kernels/TScatter.js';
export { webgpuKernelConfigs } from './webgpu/kernels/index.js';
export { tgatherWebgpuConfig } from './webgpu/kernels/TGather.js';
export { tiledConvertLayoutWebgpuConfig } from './webgpu/kernels/TiledConvertLayout.js';
export { tiledRelayoutWebgpuConfig } from './webgpu/kernels/TiledRelayout.js';
export { tiledUnrelayoutWebgpuConfig } from './webgpu/kernels/TiledUnrelayout.js';
export { tscatterWebgpuConfig } from './webgpu/kernels/TScatter.js';
