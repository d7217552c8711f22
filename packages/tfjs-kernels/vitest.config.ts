import { configDefaults } from 'vitest/config';
import { nodeTestConfig } from '../../tools/vitest/config.ts';

// test/browser/** holds the WebGL suites, run by vitest.browser.config.ts in a real browser, and
// test/browser-webgpu/** the WebGPU ones (vitest.webgpu.config.ts).
export default nodeTestConfig({
  exclude: [...configDefaults.exclude, 'test/browser/**', 'test/browser-webgpu/**'],
});
