import { TilekitError } from '@tilekit/errors';

/** The base of every error @tilekit/wasm-encoder throws for input it cannot accept. */
export class WasmEncoderError extends TilekitError {
  override readonly name: string = 'WasmEncoderError';
}

/** Raised when asked for an instruction name the encoder does not know. */
export class UnknownInstructionError extends WasmEncoderError {
  override readonly name = 'UnknownInstructionError';
}
