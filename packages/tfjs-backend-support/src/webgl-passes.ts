/**
 * `@tilekit/tfjs-backend-support/webgl-passes`: the WebGL pass helpers of tilekit's kernels
 * (flat views, running a program on uploaded textures, disposal, the float-exact bound).
 * Registers nothing. Its declarations name `@tensorflow/tfjs-backend-webgl`'s types, so they
 * live in this entry and not in the main one: an app without that optional peer type-checks
 * against the main entry with `skipLibCheck: false`.
 */

export { withShape } from './tensor-view.js';
export { FLOAT_EXACT_INTEGER_LIMIT } from './webgl/float-exact.js';
export {
  disposeAll as disposeWebglIntermediates,
  flatView,
  packedRunValues,
  runFlatProgram,
} from './webgl/run-program.js';
