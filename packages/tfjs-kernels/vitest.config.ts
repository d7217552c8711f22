import { configDefaults } from 'vitest/config';
import { nodeTestConfig } from '../../tools/vitest/config.ts';

// test/browser/** holds the WebGL suites, run by vitest.browser.config.ts in a real browser,
// test/browser-webgpu/** the WebGPU ones (vitest.webgpu.config.ts), and test/script-tag/** the
// script-tag page, which needs the build (vitest.script-tag.config.ts, run by pack-check).
export default nodeTestConfig({
  exclude: [
    ...configDefaults.exclude,
    'test/browser/**',
    'test/browser-webgpu/**',
    'test/script-tag/**',
  ],
});
