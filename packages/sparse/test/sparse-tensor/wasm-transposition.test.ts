/**
 * CSR <-> CSC of a matrix with enough entries runs the counting transposition on WebAssembly
 * (src/sparse-tensor/wasm-transposition.ts). Held here: the committed images are what the
 * generator compiles; the loops give the same arrays on every engine; conversions through it
 * equal the plain builder of support/reference-build.ts bit for bit on seeded matrices of every
 * spread (short and long rows, hubs, runs of empty rows, one row, one column), every dtype and
 * every width pair that fits, and keep each value's bits (NaN payloads, -0); every element of
 * its unfilled outputs is written; and a host that cannot compile WebAssembly converts in
 * JavaScript with the same result.
 */
import { readFileSync } from 'node:fs';
import { seededRandom } from '@tilekit/conformance/testing';
import { compile } from '@tilekit/loop-engines';
import { parseModule } from '@tilekit/loop-ir';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONVERSION_MODULE_FILE,
  conversionModuleText,
} from '../../scripts/prepare-conversion-kernels.js';
import { SparseTensor, type StorageWidth, type ValueDType } from '../../src/index.js';
import { MAX_OPERAND_BYTES } from '../../src/sparse-tensor/prepared-wasm.js';
import {
  movedType,
  TRANSPOSITION_FUNCTION,
  transpositionLoops,
} from '../../src/sparse-tensor/transposition-loops.js';
import {
  WASM_TRANSPOSITION_MIN_ENTRIES,
  wasmTransposedRows,
} from '../../src/sparse-tensor/wasm-transposition.js';
import { VALUE_DTYPES, widthsFitting } from '../support/storage-options.js';
import { randomValues } from './support/random-values.js';
import { referenceStorage, sameArray } from './support/reference-build.js';
import {
  expectSameStorage,
  expectTranspositionsAsBuilt,
  type MatrixCase,
} from './support/same-storage.js';

afterEach(() => {
  vi.restoreAllMocks();
});

type Spread = 'short rows' | 'long rows' | 'hubs' | 'empty runs' | 'one row' | 'one column';
const SPREADS: readonly Spread[] = [
  'short rows',
  'long rows',
  'hubs',
  'empty runs',
  'one row',
  'one column',
];

type Case = MatrixCase;

/**
 * Distinct seeded coordinates spread as `spread` says, with about `target` entries (from below
 * the wasm limit to well above it).
 */
function caseOf(random: () => number, spread: Spread, target: number, dtype: ValueDType): Case {
  const below = (n: number) => Math.floor(random() * n);
  const seen = new Set<number>();
  const tuples: [number, number][] = [];
  let shape: [number, number] = [1, 1];
  const add = (i: number, j: number) => {
    if (!seen.has(i * shape[1] + j)) tuples.push([i, j]);
    seen.add(i * shape[1] + j);
  };
  switch (spread) {
    case 'short rows': {
      shape = [Math.ceil(target / 2) + below(50), 50 + below(target)];
      while (tuples.length < target) add(below(shape[0]), below(shape[1]));
      break;
    }
    case 'long rows': {
      shape = [20 + below(30), 200 + below(400)];
      while (tuples.length < Math.min(target, (shape[0] * shape[1]) / 2))
        add(below(shape[0]), below(shape[1]));
      break;
    }
    case 'hubs': {
      shape = [target + below(100), 2 * target];
      for (let h = 0; h < 3; h++) {
        const hub = below(shape[0]);
        for (let k = 0; k < target / 4; k++) add(hub, below(shape[1]));
      }
      while (tuples.length < target) add(below(shape[0]), below(shape[1]));
      break;
    }
    case 'empty runs': {
      // Rows empty at the start, in runs in the middle and at the end; so are columns.
      shape = [target, target];
      while (tuples.length < target / 2) {
        const i = below(shape[0]);
        const j = below(shape[1]);
        if (i > target / 8 && i < (7 * target) / 8 && (i >> 6) % 2 === 0 && (j >> 5) % 3 === 0)
          add(i, j);
      }
      break;
    }
    case 'one row':
      shape = [1, target + below(target)];
      while (tuples.length < target) add(0, below(shape[1]));
      break;
    case 'one column':
      shape = [target + below(target), 1];
      while (tuples.length < target) add(below(shape[0]), 0);
      break;
  }
  return { shape, tuples, values: randomValues(random, tuples.length, dtype) };
}

/** The arrays of a CSR tensor as the transposition takes them. */
function rowsOf(csr: SparseTensor) {
  const int32 = (a: ArrayLike<number | bigint>) => Int32Array.from(a, (x) => Number(x));
  return {
    pointers: int32(csr.positions[1] as ArrayLike<number>),
    columns: int32(csr.coordinates[1] as ArrayLike<number>),
    values: csr.values,
  };
}

describe('the counting transposition on WebAssembly', () => {
  it('is committed as the generator compiles it (with the row build)', () => {
    expect(
      readFileSync(CONVERSION_MODULE_FILE, 'utf8') === conversionModuleText(),
      'src/sparse-tensor/conversion-wasm.generated.ts is stale: run npm run prepare-kernels in packages/sparse',
    ).toBe(true);
  });

  it('gives the same arrays on every engine as the prepared images (seeded, every dtype)', () => {
    const random = seededRandom(4401);
    for (const dtype of VALUE_DTYPES) {
      const { shape, tuples, values } = caseOf(random, 'short rows', 3000, dtype);
      const csr = SparseTensor.fromCoordinates(tuples, values, shape, 'CSR', { dtype });
      const { pointers, columns } = rowsOf(csr);
      const prepared = wasmTransposedRows(pointers, columns, csr.values, shape[1]);
      expect(prepared, dtype).toBeDefined();
      const width = csr.values.BYTES_PER_ELEMENT as 4 | 8;
      const moved = movedType(width) === 'i32' ? Int32Array : Float64Array;
      const asMoved = (a: ArrayBufferView) =>
        new moved(a.buffer as ArrayBuffer, a.byteOffset, a.byteLength / width);
      const module = parseModule(transpositionLoops(width));
      for (const engine of ['interpreter', 'js', 'wasm'] as const) {
        const run = compile(module, TRANSPOSITION_FUNCTION, { engine });
        const cptr = new Int32Array(shape[1] + 1).fill(-7);
        const rows = new Int32Array(csr.nnz).fill(-7);
        const out = new moved(csr.nnz).fill(-7);
        run(pointers, columns, asMoved(csr.values), cptr, rows, out, shape[0], shape[1], csr.nnz);
        const what = `${dtype} on ${engine}`;
        expect(sameArray(new Uint32Array(cptr.buffer), prepared?.pointers), what).toBe(true);
        expect(sameArray(new Uint32Array(rows.buffer), prepared?.columns), what).toBe(true);
        expect(sameArray(out, asMoved(prepared?.values as ArrayBufferView)), what).toBe(true);
      }
    }
  });

  it('converts CSR <-> CSC and a transpose stored as CSR as the plain builder does, every spread, dtype and width pair (seeded)', () => {
    const random = seededRandom(4402);
    let onWasm = 0;
    for (const dtype of VALUE_DTYPES) {
      for (const spread of SPREADS) {
        for (const target of [WASM_TRANSPOSITION_MIN_ENTRIES - 1, 2500, 9000]) {
          const { shape, tuples, values } = caseOf(random, spread, target, dtype);
          const fitting = widthsFitting(shape, tuples.length);
          for (const posWidth of fitting) {
            const crdWidth = fitting[below(random, fitting.length)] as StorageWidth;
            const what = `${dtype} ${spread} ${tuples.length} entries pos ${posWidth} crd ${crdWidth}`;
            const csr = expectTranspositionsAsBuilt(
              { shape, tuples, values },
              dtype,
              { posWidth, crdWidth },
              what,
            );
            const { pointers, columns } = rowsOf(csr);
            if (wasmTransposedRows(pointers, columns, csr.values, shape[1]) !== undefined) onWasm++;
          }
        }
      }
    }
    // Every case from the limit on ran on wasm; the ones below it did not.
    expect(onWasm).toBeGreaterThan(100);
  });

  it('keeps every bit of each value: NaN payloads, signed zeros, infinities', () => {
    const random = seededRandom(4403);
    for (const [type, width] of [
      [Float32Array, 4],
      [Float64Array, 8],
    ] as const) {
      const count = 5000;
      const cols = 700;
      const rows = 900;
      const pointers = new Int32Array(rows + 1);
      const columns = new Int32Array(count);
      for (let q = 0; q < count; q++) {
        const row = 1 + Math.floor((q * rows) / count);
        pointers[row] = (pointers[row] as number) + 1;
      }
      for (let i = 0; i < rows; i++)
        pointers[i + 1] = (pointers[i + 1] as number) + (pointers[i] as number);
      for (let i = 0; i < rows; i++) {
        const row = new Set<number>();
        while (row.size < (pointers[i + 1] as number) - (pointers[i] as number))
          row.add(below(random, cols));
        columns.set(
          [...row].sort((a, b) => a - b),
          pointers[i] as number,
        );
      }
      // Random bit patterns: many are NaNs with payloads, some are -0 and infinities.
      const values = new type(count);
      const bits = new Uint8Array(values.buffer);
      for (let k = 0; k < bits.length; k++) bits[k] = below(random, 256);
      const result = wasmTransposedRows(pointers, columns, values, cols);
      expect(result).toBeDefined();
      // The plain transposition, on the values' bits.
      const wordsOf = (a: ArrayBufferView) =>
        width === 4
          ? new Uint32Array(a.buffer, a.byteOffset, a.byteLength / 4)
          : new BigUint64Array(a.buffer, a.byteOffset, a.byteLength / 8);
      const source = wordsOf(values);
      const lists: (number | bigint)[][] = Array.from({ length: cols }, () => []);
      for (let i = 0; i < rows; i++)
        for (let q = pointers[i] as number; q < (pointers[i + 1] as number); q++)
          (lists[columns[q] as number] as (number | bigint)[]).push(source[q] as number | bigint);
      expect(wordsOf(result?.values as ArrayBufferView)).toEqual(
        width === 4
          ? Uint32Array.from(lists.flat() as number[])
          : BigUint64Array.from(lists.flat() as bigint[]),
      );
    }
  });

  it('writes every element of its unfilled outputs', () => {
    // Unfilled memory poisoned: anything the loops leave unwritten shows.
    const allocate = Buffer.allocUnsafeSlow;
    vi.spyOn(Buffer, 'allocUnsafeSlow').mockImplementation((size) => allocate(size).fill(0xa5));
    const random = seededRandom(4404);
    for (const dtype of VALUE_DTYPES)
      for (const spread of SPREADS) {
        const { shape, tuples, values } = caseOf(random, spread, 20000, dtype);
        const csr = SparseTensor.fromCoordinates(tuples, values, shape, 'CSR', { dtype });
        const csc = csr.convert('CSC');
        expectSameStorage(
          csc,
          referenceStorage(tuples, values, shape, csc.format, dtype),
          `${dtype} ${spread}`,
        );
      }
    expect(vi.mocked(Buffer.allocUnsafeSlow)).toHaveBeenCalled();
  });

  it('declines a matrix below the limit and one whose operands would pass the memory bound', () => {
    const small = new Float64Array(WASM_TRANSPOSITION_MIN_ENTRIES - 1);
    const smallColumns = new Int32Array(small.length);
    expect(wasmTransposedRows(Int32Array.of(0, small.length), smallColumns, small, 1)).toBe(
      undefined,
    );
    // One row: each entry brings 4 + 8 bytes in and as many out.
    const count = Math.floor(MAX_OPERAND_BYTES / 24) + 1;
    const values = new Float64Array(count);
    const columns = new Int32Array(count);
    expect(wasmTransposedRows(Int32Array.of(0, count), columns, values, 1)).toBe(undefined);
  });

  it('leaves builds and conversions to JavaScript, with the same result, where WebAssembly cannot compile', async () => {
    vi.resetModules();
    vi.spyOn(WebAssembly, 'Module').mockImplementation(function refused() {
      throw new WebAssembly.CompileError('Wasm code generation disallowed by embedder');
    });
    const { SparseTensor: FreshTensor } = await import('../../src/index.js');
    const transposition = await import('../../src/sparse-tensor/wasm-transposition.js');
    const rowBuild = await import('../../src/sparse-tensor/wasm-row-build.js');
    const random = seededRandom(4405);
    const { shape, tuples, values } = caseOf(random, 'short rows', 6000, 'float64');
    // The entry installed the wasm routes, which the build and the conversion tried first: each
    // prepared function was refused once, and both were done in JavaScript.
    const csr = FreshTensor.fromCoordinates(tuples, values, shape, 'CSR', { dtype: 'float64' });
    const csc = csr.convert('CSC');
    expect(vi.mocked(WebAssembly.Module)).toHaveBeenCalledTimes(2);
    for (const built of [csr, csc])
      expectSameStorage(
        built as unknown as SparseTensor,
        referenceStorage(tuples, values, shape, built.format, 'float64'),
        `${built.format.levels} without WebAssembly`,
      );
    const { pointers, columns } = rowsOf(csr as unknown as SparseTensor);
    expect(transposition.wasmTransposedRows(pointers, columns, csr.values, shape[1])).toBe(
      undefined,
    );
    const rows = Int32Array.from(tuples, ([i]) => i);
    const cols = Int32Array.from(tuples, ([, j]) => j);
    expect(rowBuild.wasmBuiltRows(rows, cols, csr.values, shape[0], shape[1])).toBe(undefined);
    // Refused once each, not tried again.
    expect(vi.mocked(WebAssembly.Module)).toHaveBeenCalledTimes(2);
  });
});

function below(random: () => number, n: number): number {
  return Math.floor(random() * n);
}
