/**
 * `@tilekit/tfjs-kernels/webgl-passes`: the WebGL pass helpers this package's kernels use, for
 * other packages' WebGL kernels (flat views, running a program on uploaded textures, disposal).
 * Registers nothing. Its declarations name `@tensorflow/tfjs-backend-webgl`'s types, so they live
 * in this entry and not in the main one: an app without that optional peer type-checks against
 * the main entry with `skipLibCheck: false`.
 */
export { FLOAT_EXACT_INTEGER_LIMIT } from './webgl/residency.js';
export {
  disposeAll as disposeWebglIntermediates,
  flatView,
  runFlatProgram,
  withShape,
} from './webgl/run-program.js';
