import { configDefaults } from 'vitest/config';
import { nodeTestConfig } from '../../tools/vitest/config.ts';

// test/browser/** (WebGL), test/browser-webgpu/** (WebGPU) and test/browser-threads/** (the
// thread pool in a cross-origin isolated page) run in a real browser, by
// vitest.browser.config.ts, vitest.webgpu.config.ts and vitest.threads.config.ts;
// test/script-tag/** is the script-tag page, test/packed-types/** type-checks an app against the
// declarations and test/threads-bundle/** bundles an app with the thread pool, all needing the
// build (vitest.script-tag.config.ts, run by pack-check).
export default nodeTestConfig({
  // Every suite starts with the compiler installed (see test/setup/install-compiler.ts).
  setupFiles: ['test/setup/install-compiler.ts'],
  exclude: [
    ...configDefaults.exclude,
    'test/browser/**',
    'test/browser-webgpu/**',
    'test/browser-threads/**',
    'test/script-tag/**',
    'test/packed-types/**',
    'test/threads-bundle/**',
  ],
});
