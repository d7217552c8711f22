import { configDefaults } from 'vitest/config';
import { nodeTestConfig } from '../../tools/vitest/config.ts';

// test/browser runs in Chromium through vitest.browser.config.ts (`npm run test:browser`).
export default nodeTestConfig({ exclude: [...configDefaults.exclude, 'test/browser/**'] });
