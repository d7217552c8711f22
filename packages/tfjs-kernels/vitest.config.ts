import { configDefaults } from 'vitest/config';
import { nodeTestConfig } from '../../tools/vitest/config.ts';

// test/browser/** holds the WebGL suites, run by vitest.browser.config.ts in a real browser.
export default nodeTestConfig({ exclude: [...configDefaults.exclude, 'test/browser/**'] });
