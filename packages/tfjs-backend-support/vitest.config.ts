import { nodeTestConfig } from '../../tools/vitest/config.ts';

export default nodeTestConfig();
