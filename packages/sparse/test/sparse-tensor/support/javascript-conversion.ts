/**
 * Sets the WebAssembly scatters, which the package's main entry installs, aside for a test
 * file: the tests of the JavaScript scatters (the path of small matrices, of hosts that cannot
 * compile WebAssembly, and of matrices past the wasm routes' memory bound) reach them at every
 * size.
 */
import { afterAll, beforeAll } from 'vitest';
import { installConversionAccelerator } from '../../../src/sparse-tensor/conversion-accelerator.js';
import { installWasmConversions } from '../../../src/sparse-tensor/wasm-conversions.js';

/** Leaves every transposition and row build of the calling file's tests to JavaScript. */
export function convertInJavaScript(): void {
  beforeAll(() =>
    installConversionAccelerator({ transposition: () => undefined, rowBuild: () => undefined }),
  );
  afterAll(() => installWasmConversions());
}
