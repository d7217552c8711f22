/**
 * Conversion loops compiled by the wasm engine ahead of time (scripts/prepare-conversion-kernels.ts
 * writes them into conversion-wasm.generated.ts), run without the compiler: what each needs to
 * instantiate its image once per value width, and to pass a tensor's arrays to it.
 */
import { type EngineCall, instantiateWasmKernel } from '@tilekit/loop-engines';
import type { Type } from '@tilekit/loop-ir';
import { bytesOfHex } from './hex-bytes.js';
import type { ViewableArrayType } from './unfilled-array.js';

/**
 * The most bytes of operands and results one call of a prepared kernel brings into the engine's
 * memory (that memory never shrinks, and kernels share it); larger calls stay in JavaScript.
 */
export const MAX_OPERAND_BYTES = 1 << 27;

/** A prepared function's arguments, which of them it writes, and what it returns. */
export interface PreparedSignature {
  readonly inputs: Type[];
  readonly written: number[];
  readonly results: Type[];
}

const array = (element: object) => ({ kind: 'memref', shape: ['?'], element }) as Type;

/** A rank-1 memref of 32-bit integers, as coordinates and positions are passed. */
export const I32_ARRAY = array({ kind: 'integer', width: 32 });

/** An `index` scalar argument. */
export const INDEX = { kind: 'index' } as Type;

/** A 32-bit integer result. */
export const I32 = { kind: 'integer', width: 32 } as Type;

/** The memref values of `width` bytes move as (4-byte values as i32, 8-byte ones as f64). */
export const movedValueArray = (width: 4 | 8): Type =>
  width === 4 ? I32_ARRAY : array({ kind: 'float', format: 'f64' });

/** The typed-array type values of `width` bytes are viewed as when moved. */
export const movedArrayType = (width: 4 | 8) =>
  (width === 4 ? Int32Array : Float64Array) as ViewableArrayType<Int32Array | Float64Array>;

/** `array`'s elements viewed as `type`'s (of the same width). */
export const viewAs = <T>(type: ViewableArrayType<T>, array: ArrayBufferView): T =>
  new type(
    array.buffer as ArrayBuffer,
    array.byteOffset,
    array.byteLength / type.BYTES_PER_ELEMENT,
  );

/**
 * The calls of a prepared function (`hex`: its image per value width), each instantiated when
 * first asked for: null where this host cannot compile WebAssembly (absent, or forbidden by a
 * page's content security policy), and never tried again.
 */
export function preparedCalls(
  functionName: string,
  hex: { readonly 4: string; readonly 8: string },
  signature: (width: 4 | 8) => PreparedSignature,
): (width: 4 | 8) => EngineCall | null {
  const calls: { 4?: EngineCall | null; 8?: EngineCall | null } = {};
  const compiled = (width: 4 | 8): EngineCall | null => {
    if (typeof WebAssembly !== 'object') return null;
    try {
      return instantiateWasmKernel({
        functionName,
        bytes: bytesOfHex(hex[width]),
        sharedMemory: false,
        hostImports: [],
        ...signature(width),
      });
    } catch (error) {
      // A content security policy without 'wasm-unsafe-eval' refuses to compile any module.
      if (error instanceof WebAssembly.CompileError) return null;
      throw error;
    }
  };
  return (width) => {
    if (calls[width] === undefined) calls[width] = compiled(width);
    return calls[width] as EngineCall | null;
  };
}
