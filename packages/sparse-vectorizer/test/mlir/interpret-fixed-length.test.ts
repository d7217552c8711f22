import { interpreterSuite } from './interpreter-suite.js';
import { OPTION_SETS } from './option-sets.js';

interpreterSuite(OPTION_SETS.filter((s) => s.options.enableVLAVectorization !== true));
