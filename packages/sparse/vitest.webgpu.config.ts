/** The sparse kernels' WebGPU suites (test/browser-webgpu) in headless Chromium, SwiftShader WebGPU. */
import { gpuSuiteConfig } from './test/gpu-support/vitest-config.ts';

export default gpuSuiteConfig('webgpu');
