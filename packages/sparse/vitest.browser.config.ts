/** The sparse kernels' WebGL suites (test/browser) in headless Chromium, SwiftShader WebGL2. */
import { gpuSuiteConfig } from './test/gpu-support/vitest-config.ts';

export default gpuSuiteConfig('webgl');
