import { configDefaults } from 'vitest/config';
import { nodeTestConfig } from '../../tools/vitest/config.ts';

// test/browser/** (WebGL) and test/browser-webgpu/** (WebGPU) run in a real browser, by
// vitest.browser.config.ts and vitest.webgpu.config.ts; test/script-tag/** is the script-tag
// page and test/packed-types/** type-checks an app against the declarations, both needing the
// build (vitest.script-tag.config.ts, run by pack-check).
export default nodeTestConfig({
  // Every suite starts with the compiler installed (see test/setup/install-compiler.ts).
  setupFiles: ['test/setup/install-compiler.ts'],
  exclude: [
    ...configDefaults.exclude,
    'test/browser/**',
    'test/browser-webgpu/**',
    'test/script-tag/**',
    'test/packed-types/**',
  ],
});
