/**
 * `@tilekit/tfjs-backend-support/webgl-passes/unchecked`: the helpers of `./webgl-passes`
 * without their argument checks, for kernels that make every argument themselves (a backend
 * they were given by tfjs, programs and views of their own), so that an app's bundle carries
 * the checks only where a caller's values reach a helper. An argument that is not what a helper
 * takes fails inside tfjs here: call `./webgl-passes` wherever that can happen.
 */

export { viewWithShape as withShape } from './tensor-view.js';
export { FLOAT_EXACT_INTEGER_LIMIT } from './webgl/float-exact.js';
export {
  disposeAll as disposeWebglIntermediates,
  flatView,
  packedRunValues,
  runFlatProgram,
} from './webgl/program-core.js';
