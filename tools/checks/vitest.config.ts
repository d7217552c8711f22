import { nodeTestConfig } from '../vitest/config.ts';

export default nodeTestConfig();
