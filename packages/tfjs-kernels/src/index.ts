/**
 * `@tilekit/tfjs-kernels`: side-effect-free entry (ops, kernel configs, kernel names, errors and
 * the backend-free loops). Import `@tilekit/tfjs-kernels/register-cpu` once to register the CPU
 * kernels and the gradients.
 */
export { cpuKernelConfigs } from './cpu/kernels.js';
export { tgatherCpuConfig } from './cpu/TGather.js';
export { tscatterCpuConfig } from './cpu/TScatter.js';
export * from './errors.js';
export { tilekitGradConfigs } from './gradients/index.js';
export { tgatherGradConfig } from './gradients/TGather_grad.js';
export { tscatterGradConfig } from './gradients/TScatter_grad.js';
export * from './impl/tgather_impl.js';
export * from './impl/tile_geometry.js';
export * from './impl/tile_values.js';
export * from './impl/tscatter_impl.js';
export * from './kernel_names.js';
export { type TGatherOptions, tgather } from './ops/tgather.js';
export type { TileOpOptions } from './ops/tile_op_options.js';
export { type TScatterOptions, tscatter } from './ops/tscatter.js';
export * from './pto/element_types.js';
export * from './pto/half_float.js';
export * from './pto/tile_rules.js';
export * from './pto_types.js';
