/**
 * WebGPU in plain Node from Dawn's Node bindings (the `webgpu` npm package's `dawn.node`), so that
 * a browser suite's WebGPU half can run on a machine with a real GPU and no browser. The path of
 * `dawn.node` comes from the caller (the package is not a dependency of this repository: its
 * tarball carries prebuilt bindings for every platform, about 50 MB).
 */
import { createRequire } from 'node:module';

/** What `dawn.node` exports. */
interface DawnBindings {
  create(flags: string[]): unknown;
  globals: Record<string, unknown>;
}

/**
 * Loads `dawnNodePath` and installs `navigator.gpu` and the WebGPU enums (`GPUBufferUsage`, ...)
 * on `globalThis`, as a browser has them. Must run before tfjs-backend-webgpu is imported: it
 * registers its backend only where `navigator.gpu` exists. `flags` are Dawn's
 * (`'backend=vulkan'`, `'adapter=...'`).
 */
export function installDawn(dawnNodePath: string, flags: readonly string[] = []): void {
  const require = createRequire(import.meta.url);
  const { create, globals } = require(dawnNodePath) as DawnBindings;
  Object.assign(globalThis, globals);
  Object.defineProperty(globalThis, 'navigator', {
    value: { gpu: create([...flags]), userAgent: 'node' },
    configurable: true,
  });
}
