import { CaseDataError, ConformanceError } from '@tilekit/conformance';
import { LayoutSyntaxError, LayoutValidationError } from '@tilekit/layout';
import {
  EngineArgumentError,
  EngineRuntimeError,
  EngineUnsupportedError,
} from '@tilekit/loop-engines';
import {
  BuilderError,
  InterpretArgumentError,
  InterpretError,
  InvalidTypeError,
  IRVerifyError,
  MlirParseError,
} from '@tilekit/loop-ir';
import {
  NotationSyntaxError,
  SparseFormatError,
  SparseStorageError,
  SparsifyError,
} from '@tilekit/sparse';
import { VectorizeOptionsError } from '@tilekit/sparse-vectorizer';
import { TileKernelError } from '@tilekit/tfjs-kernels';

/**
 * The typed errors the tilekit libraries throw for input they cannot accept. Their messages
 * name the argument and the problem, so the CLI prints them as they are, without a stack.
 */
const LIBRARY_ERRORS: readonly (abstract new (...args: never[]) => Error)[] = [
  LayoutSyntaxError,
  LayoutValidationError,
  MlirParseError,
  IRVerifyError,
  VectorizeOptionsError,
  InvalidTypeError,
  BuilderError,
  InterpretError,
  InterpretArgumentError,
  EngineArgumentError,
  EngineRuntimeError,
  EngineUnsupportedError,
  SparseFormatError,
  SparseStorageError,
  NotationSyntaxError,
  SparsifyError,
  ConformanceError,
  CaseDataError,
  TileKernelError,
];

/** Whether `error` is one of the libraries' typed input errors (as opposed to a bug). */
export function isLibraryError(error: unknown): error is Error {
  return LIBRARY_ERRORS.some((type) => error instanceof type);
}
