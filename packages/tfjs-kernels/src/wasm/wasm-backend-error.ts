/** The error the wasm kernels raise when the backend is not the one they were written for. */
import { TileKernelError } from '../errors.js';

/**
 * The active `wasm` backend does not expose what the kernels run on (its module's
 * `WebAssembly.Memory`, a tensor's heap offset), or the host cannot compile the move module.
 */
export class WasmBackendError extends TileKernelError {
  override readonly name = 'WasmBackendError';
}
