/**
 * `@tilekit/tfjs-kernels/webgl-passes`: moved to `@tilekit/tfjs-backend-support/webgl-passes`;
 * kept until `@tilekit/sparse` imports it from there.
 */
export {
  disposeWebglIntermediates,
  FLOAT_EXACT_INTEGER_LIMIT,
  flatView,
  runFlatProgram,
  withShape,
} from '@tilekit/tfjs-backend-support/webgl-passes';
