import { configDefaults } from 'vitest/config';
import { nodeTestConfig } from '../../tools/vitest/config.ts';

// test/browser/** (WebGL) and test/browser-webgpu/** (WebGPU) run in a real browser, by
// vitest.browser.config.ts and vitest.webgpu.config.ts.
export default nodeTestConfig({
  exclude: [...configDefaults.exclude, 'test/browser/**', 'test/browser-webgpu/**'],
});
