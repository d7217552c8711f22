import { configDefaults } from 'vitest/config';
import { nodeTestConfig } from '../../tools/vitest/config.ts';

// test/webgl/** holds the WebGL suites, run by vitest.browser.config.ts in a real browser,
// test/webgpu/** the WebGPU ones (vitest.webgpu.config.ts), and test/script-tag/** the
// script-tag page, which needs the build (vitest.script-tag.config.ts, run by pack-check).
// test/wasm/** runs here, in Node, where the wasm backend loads.
export default nodeTestConfig({
  exclude: [...configDefaults.exclude, 'test/webgl/**', 'test/webgpu/**', 'test/script-tag/**'],
});
