/**
 * Backends whose synchronous reads cannot serve the host route: tfjs-webgpu reads GPU buffers
 * synchronously through a canvas, slowly at best (tfjs warns) and as zeros on some adapters.
 */
export const OUTPUT_MAJOR_BACKENDS: ReadonlySet<string> = new Set(['webgpu']);
