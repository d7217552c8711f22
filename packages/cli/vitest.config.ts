import { configDefaults } from 'vitest/config';
import { nodeTestConfig } from '../../tools/vitest/config.ts';

// test/release/ publishes to a local registry from a clone; it runs in pack-check, after the build.
export default nodeTestConfig({ exclude: [...configDefaults.exclude, 'test/release/**'] });
