/**
 * Sets the transposition on WebAssembly, which the package's main entry installs, aside for a
 * test file: the tests of the JavaScript scatter (the path of small matrices, of hosts that
 * cannot compile WebAssembly, and of matrices past the wasm route's memory bound) reach it at
 * every size.
 */
import { afterAll, beforeAll } from 'vitest';
import { installTransposition } from '../../../src/sparse-tensor/transposition-accelerator.js';
import { installWasmTransposition } from '../../../src/sparse-tensor/wasm-transposition.js';

/** Leaves every transposition of the calling file's tests to JavaScript. */
export function transposeInJavaScript(): void {
  beforeAll(() => installTransposition(() => undefined));
  afterAll(() => installWasmTransposition());
}
