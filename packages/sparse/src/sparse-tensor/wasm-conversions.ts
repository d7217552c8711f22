/**
 * Makes conversion scatter large matrices on WebAssembly (see conversion-accelerator.ts): the
 * counting transposition (wasm-transposition.ts) and the build of rows from entries
 * (wasm-row-build.ts). The package's main entry calls it when it loads.
 */
import { installConversionAccelerator } from './conversion-accelerator.js';
import { wasmBuiltRows } from './wasm-row-build.js';
import { wasmTransposedRows } from './wasm-transposition.js';

/** Installs the WebAssembly scatters as conversion's accelerator. */
export function installWasmConversions(): void {
  installConversionAccelerator({ transposition: wasmTransposedRows, rowBuild: wasmBuiltRows });
}
