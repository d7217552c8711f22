/** Node tests of the playground: the commands its README shows (build, serve) and the panels' timing. */
import { nodeTestConfig } from '../../tools/vitest/config.ts';

export default nodeTestConfig({ include: ['test/node/**/*.test.ts'] });
