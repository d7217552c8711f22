/**
 * The target SIMD description (MLIR's `VL` struct) and the vector types it induces.
 */
import { describeValue, isIntegerIn } from '@tilekit/errors';
import { MAX_VECTOR_LENGTH, type ScalarType, type VectorType, vectorOf } from '@tilekit/loop-ir';
import { expectScalarType } from './argument-checks.js';
import { VectorizerError } from './vectorizer-error.js';

/** Options of {@link vectorize}, mirroring `--sparse-vectorization="vl=.. ..."`. */
export interface VectorizeOptions {
  /** Packed elements per vector (`vector<16xf32>` has 16). Must be a positive integer. */
  readonly vectorLength: number;
  /** Vector-length agnostic code: scalable `vector<[vl]xT>` and a `vscale * vl` step. */
  readonly enableVLAVectorization?: boolean;
  /** Keep 32-bit coordinates as 32-bit gather/scatter indices instead of widening to i64. */
  readonly enableSIMDIndex32?: boolean;
  /**
   * Not an MLIR option (default false): a reduction loop inside another loop (so run once per
   * row of a matrix, say) that has at most `vl` iterations (a short sparse row, which the
   * full-width code runs as one masked vector step) runs as the scalar loop, with the
   * full-width results bit for bit, but for the sign and payload of a NaN result, which IEEE
   * 754 leaves open (fixed-length vectors of 2 or more lanes; see short-reduction.ts). The name is that of the
   * half-width step such rows once took. A reduction run once per call (a dot product) keeps
   * the full-width code alone: the short path would save it at most one partial step.
   */
  readonly halfWidthShortReductions?: boolean;
}

/** Validated options with every field present (what the rules read). */
export interface VL {
  readonly vectorLength: number;
  readonly enableVLAVectorization: boolean;
  readonly enableSIMDIndex32: boolean;
  /** Present once resolved; optional so that a `VL` written before the option still type-checks. */
  readonly halfWidthShortReductions?: boolean;
}

/** Raised when {@link VectorizeOptions} are unusable, e.g. `vectorLength: 0`. */
export class VectorizeOptionsError extends VectorizerError {
  override readonly name = 'VectorizeOptionsError';
  override readonly argument: string;

  /** `argument`: the options argument or field at fault (`options.vectorLength`). */
  constructor(message: string, argument = 'options') {
    super(message);
    this.argument = typeof argument === 'string' ? argument : 'options';
  }
}

/** Checks and completes the options. MLIR fails the pass for `vl=0`; so do we. */
export function resolveOptions(options: VectorizeOptions, argument = 'options'): VL {
  // The name is the caller's to choose, not the user's: anything but a string reads as `options`.
  const name = typeof argument === 'string' ? argument.slice(0, 200) : 'options';
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new VectorizeOptionsError(
      `${name} must be an object with a vectorLength, got ${describeValue(options)}`,
      name,
    );
  }
  const { vectorLength } = options;
  if (!isIntegerIn(vectorLength, 1, MAX_VECTOR_LENGTH)) {
    throw new VectorizeOptionsError(
      `${name}.vectorLength must be an integer in [1, ${MAX_VECTOR_LENGTH}] (vl=0 disables vectorization and is an error, as in MLIR; more than ${MAX_VECTOR_LENGTH} lanes is beyond any SIMD target), got ${describeValue(vectorLength)}`,
      `${name}.vectorLength`,
    );
  }
  const { halfWidthShortReductions = false } = options;
  if (typeof halfWidthShortReductions !== 'boolean') {
    throw new VectorizeOptionsError(
      `${name}.halfWidthShortReductions must be a boolean, got ${describeValue(halfWidthShortReductions)}`,
      `${name}.halfWidthShortReductions`,
    );
  }
  return Object.freeze({
    vectorLength,
    enableVLAVectorization: options.enableVLAVectorization ?? false,
    enableSIMDIndex32: options.enableSIMDIndex32 ?? false,
    halfWidthShortReductions,
  });
}

/** `vector<vl x T>`, scalable (`vector<[vl] x T>`) under VLA. */
export function vectorType(vl: VL, element: ScalarType): VectorType {
  const checked = resolveOptions(vl, 'vl');
  expectScalarType(element, 'element');
  return vectorOf(checked.vectorLength, element, checked.enableVLAVectorization);
}
