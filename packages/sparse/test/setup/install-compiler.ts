/**
 * The Node suites run the sparse ops over every format, dtype, engine and option, so every
 * test file starts with the compiler installed (as `@tilekit/sparse/tfjs/compiler` installs it
 * in an app). The prepared kernels' own tests remove it to run them alone.
 */
import '../../src/tfjs/compiler.js';
