/**
 * What every headless-Chromium runner in the repository shares: the browser build of the
 * source-first resolution, the tfjs packages Vite must pre-bundle, and the Chromium flags each
 * GPU backend needs. The Vitest browser configs, the playground's Vite config and the browser
 * benchmark runner all read them from here, so the three cannot drift apart.
 */
import { SOURCE_CONDITION } from './config.ts';

/** Resolve conditions for browser bundles: `@tilekit/*` resolves to its TypeScript sources. */
export const BROWSER_CONDITIONS = [SOURCE_CONDITION, 'module', 'browser', 'import', 'default'];

/** A tfjs GPU backend a browser runner loads next to the cpu one. */
export type TfjsGpuBackend = 'webgl' | 'webgpu';

/**
 * The `optimizeDeps.include` list for a page that loads tfjs with `backends`. tfjs ships
 * extensionless ESM, and pre-bundling also guarantees one shared tfjs-core instance (one kernel
 * registry) for the cpu and GPU backends. `extra` names further dependencies to pre-bundle.
 */
export function tfjsPrebundledDeps(
  backends: readonly TfjsGpuBackend[],
  extra: readonly string[] = [],
): string[] {
  return [
    '@tensorflow/tfjs-core',
    '@tensorflow/tfjs-backend-cpu',
    ...backends.map((backend) => `@tensorflow/tfjs-backend-${backend}`),
    ...extra,
  ];
}

/** Launch flags: software WebGL2 through ANGLE/SwiftShader, no GPU or display needed. */
export const WEBGL_CHROMIUM_ARGS: readonly string[] = [
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

/**
 * Launch flags for WebGPU: Dawn's SwiftShader adapter needs only this switch;
 * `--use-angle=vulkan` would break WebGL2, so WebGPU suites get their own browser.
 */
export const WEBGPU_CHROMIUM_ARGS: readonly string[] = ['--enable-unsafe-webgpu'];

/** Chromium binary: CHROMIUM_PATH, else where Debian's `chromium` package installs it. */
export const DEFAULT_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
