/** Shared helpers of the engine tests: option grids and bit-exact snapshots of arguments. */
import type { InterpretArg, InterpretResult } from '@tilekit/loop-ir';

/**
 * The vectorizer options the engine tests vary, by shape (the vectorizer's `VectorizeOptions`
 * accepts it), so this package does not depend on the vectorizer whose tests use it.
 */
export interface EngineVectorOptions {
  readonly vectorLength: number;
  readonly enableVLAVectorization: boolean;
  readonly enableSIMDIndex32: boolean;
}

/** vl {4, 8, 16} x VLA on/off x 32-bit SIMD indices on/off. */
export const VECTOR_OPTIONS: readonly EngineVectorOptions[] = [4, 8, 16].flatMap((vectorLength) =>
  [false, true].flatMap((enableVLAVectorization) =>
    [false, true].map((enableSIMDIndex32) => ({
      vectorLength,
      enableVLAVectorization,
      enableSIMDIndex32,
    })),
  ),
);

/** A readable label of an option set. */
export function optionLabel(o: EngineVectorOptions): string {
  return `vl=${o.vectorLength}${o.enableVLAVectorization ? ' vla' : ''}${o.enableSIMDIndex32 ? ' idx32' : ''}`;
}

/** The raw bytes of every memref argument plus the results: equal snapshots mean bit-identical runs. */
export function snapshot(
  args: readonly InterpretArg[],
  results: readonly InterpretResult[],
): string {
  const buffers = args.flatMap((a) => {
    if (typeof a !== 'object' || Array.isArray(a)) return [];
    const data = ArrayBuffer.isView(a) ? a : (a as { data: ArrayBufferView }).data;
    return [Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('hex')];
  });
  const scalars = results.map((r) =>
    typeof r === 'number' && Object.is(r, -0) ? '-0' : String(r),
  );
  return `${buffers.join('|')} -> ${scalars.join(',')}`;
}
