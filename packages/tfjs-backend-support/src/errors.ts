/**
 * Typed errors of `@tilekit/tfjs-backend-support`. The kernel packages built on it re-export the
 * ones their users meet (a kernel not registered, a wasm backend that is not tfjs's), so an app
 * catches them by class whichever package's op raised them.
 */
import { TilekitError, messageText as text } from '@tilekit/errors';

/** Base class of every error this package throws (a `TilekitError`: code, argument, expected). */
export class BackendSupportError extends TilekitError {
  override readonly name: string = 'BackendSupportError';
}

/**
 * An argument of a backend helper is not what it takes (a backend object, a program, a tensor
 * info, a shape, a dtype, uniforms): raised before tfjs reads it and fails inside.
 */
export class BackendArgumentError extends BackendSupportError {
  override readonly name = 'BackendArgumentError';

  /**
   * @param op The helper called (`'runFlat'`, `'flatView'` ...).
   * @param argument Name of the offending argument.
   * @param problem What was wrong, in words.
   */
  constructor(
    readonly op: string,
    override readonly argument: string,
    problem: string,
  ) {
    // Texts through messageText: an error made from junk still has a message.
    super(`${text(op)}: argument '${text(argument)}' ${text(problem)}`);
  }
}

/**
 * A kernel has no implementation registered for the active backend: the app never imported the
 * `register-*` entry of that backend (or the package has none for it).
 */
export class KernelNotRegisteredError extends BackendSupportError {
  override readonly name = 'KernelNotRegisteredError';

  /**
   * @param op Public op name.
   * @param kernel The kernel that is missing (`'TiledRelayout'`, `'SparseOp'` ...).
   * @param backend Name of the active tfjs backend.
   * @param remedy What to do about it, in words (the import to add).
   */
  constructor(
    readonly op: string,
    readonly kernel: string,
    readonly backend: string,
    remedy: string,
  ) {
    super(
      `${text(op)}: kernel '${text(kernel)}' is not registered for the active backend '${text(backend)}'; ${text(remedy)}`,
    );
  }
}

/**
 * The active `wasm` backend does not expose what the kernels run on (its module's
 * `WebAssembly.Memory`, a tensor's heap offset), or the host cannot compile a module on it.
 */
export class WasmBackendError extends BackendSupportError {
  override readonly name = 'WasmBackendError';
}
