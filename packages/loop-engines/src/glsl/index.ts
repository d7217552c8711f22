/** The glsl engine: scalar loop IR as WebGL passes, one output element per fragment. */
export {
  compileGlsl,
  type GlslOptions,
  type GlslPass,
  type GlslProgram,
  PREVIOUS_OUTPUT,
} from './glsl-engine.js';
