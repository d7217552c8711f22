/**
 * `@tilekit/tfjs-kernels`: side-effect-free entry (ops, kernel configs, kernel names, errors).
 * Import `@tilekit/tfjs-kernels/register-cpu` once to register the CPU kernels and gradients.
 */
export * from './kernel_names.js';
export * from './pto_types.js';
