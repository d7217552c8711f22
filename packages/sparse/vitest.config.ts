import { configDefaults } from 'vitest/config';
import { nodeTestConfig } from '../../tools/vitest/config.ts';

// test/browser-webgpu/** holds the WebGPU suites, run in a real browser by vitest.webgpu.config.ts.
export default nodeTestConfig({
  exclude: [...configDefaults.exclude, 'test/browser/**', 'test/browser-webgpu/**'],
});
