/**
 * A matrix's rows built from entries in any order run the two counting scatters on WebAssembly
 * (src/sparse-tensor/wasm-row-build.ts) from its entry limit on. Held here: the prepared images
 * give what the loops give on the interpreter and the js engine; the build equals a stable
 * comparison sort of the entries by (row, column) bit for bit, with the repeats counted and
 * listed where they stand, on seeded entries of every spread (short and long rows, hubs, runs
 * of empty rows, one row, one column, heavy repeats), every value width, and random bit
 * patterns for values (NaN payloads, -0); `fromCoordinates` through it equals the plain builder
 * for every dtype, width pair and row form, on both sides of the limit and with repeats listed
 * and not; every element of its unfilled outputs is written; and it declines small builds and
 * ones past the memory bound.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { compile } from '@tilekit/loop-engines';
import { parseModule } from '@tilekit/loop-ir';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { type NamedFormat, SparseTensor, type ValueDType } from '../../src/index.js';
import {
  type BuiltRows,
  installConversionAccelerator,
} from '../../src/sparse-tensor/conversion-accelerator.js';
import { MAX_OPERAND_BYTES } from '../../src/sparse-tensor/prepared-wasm.js';
import { ROW_BUILD_FUNCTION, rowBuildLoops } from '../../src/sparse-tensor/row-build-loops.js';
import { installWasmConversions } from '../../src/sparse-tensor/wasm-conversions.js';
import {
  WASM_ROW_BUILD_MIN_ENTRIES,
  wasmBuiltRows,
} from '../../src/sparse-tensor/wasm-row-build.js';
import { wasmTransposedRows } from '../../src/sparse-tensor/wasm-transposition.js';
import { VALUE_DTYPES, widthPairs } from '../support/storage-options.js';
import { randomValues } from './support/random-values.js';
import { referenceStorage, sameArray } from './support/reference-build.js';
import { expectSameStorage } from './support/same-storage.js';

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(() => installWasmConversions());

type Spread =
  | 'spread out'
  | 'long rows'
  | 'hubs'
  | 'empty runs'
  | 'one row'
  | 'one column'
  | 'heavy repeats';
const SPREADS: readonly Spread[] = [
  'spread out',
  'long rows',
  'hubs',
  'empty runs',
  'one row',
  'one column',
  'heavy repeats',
];

interface Entries {
  readonly shape: [number, number];
  readonly rows: Int32Array;
  readonly cols: Int32Array;
}

/** `count` seeded entries in random order (repeats allowed) spread as `spread` says. */
function entriesOf(random: () => number, spread: Spread, count: number): Entries {
  const below = (n: number) => Math.floor(random() * n);
  const rows = new Int32Array(count);
  const cols = new Int32Array(count);
  let shape: [number, number];
  let place: (e: number) => void;
  switch (spread) {
    case 'spread out':
      shape = [Math.ceil(count / 2) + below(50), 50 + below(count)];
      place = (e) => {
        rows[e] = below(shape[0]);
        cols[e] = below(shape[1]);
      };
      break;
    case 'long rows':
      shape = [5 + below(20), 200 + below(2000)];
      place = (e) => {
        rows[e] = below(shape[0]);
        cols[e] = below(shape[1]);
      };
      break;
    case 'hubs': {
      shape = [count + below(100), 2 * count];
      const hubs = [below(shape[0]), below(shape[0])];
      place = (e) => {
        rows[e] = e % 3 === 0 ? (hubs[e % 2] as number) : below(shape[0]);
        cols[e] = below(shape[1]);
      };
      break;
    }
    case 'empty runs':
      // Empty rows at the start, in runs in the middle and at the end; so are columns.
      shape = [count, count];
      place = (e) => {
        rows[e] = count / 8 + 128 * below(count / 256) + below(64);
        cols[e] = 3 * below(count / 3);
      };
      break;
    case 'one row':
      shape = [1, count + below(count)];
      place = (e) => {
        cols[e] = below(shape[1]);
      };
      break;
    case 'one column':
      shape = [count + below(count), 1];
      place = (e) => {
        rows[e] = below(shape[0]);
      };
      break;
    case 'heavy repeats':
      // Far more than one entry in 16 repeats another: the build lists none of them.
      shape = [20 + below(20), 20 + below(20)];
      place = (e) => {
        rows[e] = below(shape[0]);
        cols[e] = below(shape[1]);
      };
      break;
  }
  for (let e = 0; e < count; e++) place(e);
  return { shape, rows, cols };
}

/** Values of `width` bytes as random bit patterns: NaNs with payloads, -0, infinities. */
function randomBits(
  random: () => number,
  count: number,
  width: 4 | 8,
): Float32Array | Float64Array {
  const values = width === 4 ? new Float32Array(count) : new Float64Array(count);
  const bytes = new Uint8Array(values.buffer);
  for (let k = 0; k < bytes.length; k++) bytes[k] = Math.floor(random() * 256);
  return values;
}

/** The build by a stable comparison sort of the entries by (row, column). */
function sortedBuild(
  { shape, rows, cols }: Entries,
  values: Float32Array | Float64Array,
): BuiltRows & { repeatPlaces: Int32Array } {
  const order = Array.from(rows, (_, e) => e).sort(
    (a, b) =>
      (rows[a] as number) - (rows[b] as number) || (cols[a] as number) - (cols[b] as number),
  );
  const pointers = new Uint32Array(shape[0] + 1);
  for (const r of rows) pointers[r + 1] = (pointers[r + 1] as number) + 1;
  for (let r = 0; r < shape[0]; r++)
    pointers[r + 1] = (pointers[r + 1] as number) + (pointers[r] as number);
  const places: number[] = [];
  order.forEach((e, k) => {
    const before = order[k - 1];
    if (before !== undefined && rows[before] === rows[e] && cols[before] === cols[e])
      places.push(k);
  });
  // Moved as bytes, as the build moves them (a NaN's payload kept).
  const width = values.BYTES_PER_ELEMENT;
  const gathered = new (values.constructor as new (n: number) => typeof values)(values.length);
  const from = new Uint8Array(values.buffer);
  const to = new Uint8Array(gathered.buffer);
  order.forEach((e, k) => {
    to.set(from.subarray(e * width, (e + 1) * width), k * width);
  });
  return {
    pointers,
    columns: Uint32Array.from(order, (e) => cols[e] as number),
    values: gathered,
    repeats: places.length,
    repeatPlaces: Int32Array.from(places),
  };
}

/** Fails unless `actual` holds `expected`'s arrays bit for bit, its repeats, and their places. */
function expectBuilt(
  actual: BuiltRows | undefined,
  expected: ReturnType<typeof sortedBuild>,
  what: string,
) {
  expect(actual, what).toBeDefined();
  const built = actual as BuiltRows;
  expect(sameArray(built.pointers, expected.pointers), `${what}: pointers`).toBe(true);
  expect(sameArray(built.columns, expected.columns), `${what}: columns`).toBe(true);
  expect(sameArray(built.values, expected.values), `${what}: values`).toBe(true);
  expect(built.repeats, `${what}: repeats`).toBe(expected.repeats);
  // Listed (in any order) while at most one entry in 16 repeats, else left to the caller's scan.
  if (expected.repeats * 16 <= built.values.length) {
    expect(built.repeatPlaces?.slice().sort(), `${what}: places`).toEqual(expected.repeatPlaces);
  } else expect(built.repeatPlaces, `${what}: places`).toBeUndefined();
}

describe('the row build on WebAssembly', () => {
  it('gives the arrays, repeat count and repeat places of the loops on the interpreter and js (seeded)', () => {
    const random = seededRandom(5501);
    for (const width of [4, 8] as const) {
      const module = parseModule(rowBuildLoops(width));
      const engines = (['interpreter', 'js'] as const).map((engine) =>
        compile(module, ROW_BUILD_FUNCTION, { engine }),
      );
      for (const spread of SPREADS) {
        const entries = entriesOf(random, spread, WASM_ROW_BUILD_MIN_ENTRIES + 200);
        const { shape, rows, cols } = entries;
        const values = randomBits(random, rows.length, width);
        const prepared = wasmBuiltRows(rows, cols, values, shape[0], shape[1]) as BuiltRows;
        expect(prepared, spread).toBeDefined();
        const count = rows.length;
        const moved = width === 4 ? Int32Array : Float64Array;
        for (const [k, run] of engines.entries()) {
          const what = `${spread} width ${width} on ${k === 0 ? 'the interpreter' : 'js'}`;
          const ptr = new Int32Array(shape[0] + 1).fill(-7);
          const columns = new Int32Array(count).fill(-7);
          const out = new moved(count).fill(-7);
          const gone = new Int32Array(count >> 4).fill(-7);
          const scratch = [
            new Int32Array(shape[1] + 1),
            new Int32Array(count),
            new moved(count),
            new Int32Array(2 * shape[0] + 2),
          ];
          const asMoved = new moved(values.buffer as ArrayBuffer);
          const [repeats] = run(
            rows,
            cols,
            asMoved,
            ptr,
            columns,
            out,
            gone,
            ...scratch,
            shape[0],
            shape[1],
            count,
            gone.length,
          ) as [number];
          expect(repeats, what).toBe(prepared.repeats);
          expect(sameArray(new Uint32Array(ptr.buffer), prepared.pointers), what).toBe(true);
          expect(sameArray(new Uint32Array(columns.buffer), prepared.columns), what).toBe(true);
          const preparedValues = new moved(prepared.values.buffer as ArrayBuffer);
          expect(sameArray(out, preparedValues), what).toBe(true);
          // The first places found, in the order found: each a repeat, none twice.
          const listed = gone.subarray(0, Math.min(repeats, gone.length));
          if (prepared.repeatPlaces !== undefined)
            expect(listed, what).toEqual(prepared.repeatPlaces);
          expect(new Set(listed).size, what).toBe(listed.length);
          for (const p of listed) expect(columns[p], what).toBe(columns[p - 1]);
        }
      }
    }
  });

  it('builds the rows a stable sort by (row, column) gives, every spread and width, values as bits (seeded)', () => {
    const random = seededRandom(5502);
    for (const width of [4, 8] as const)
      for (const spread of SPREADS)
        for (const count of [
          WASM_ROW_BUILD_MIN_ENTRIES,
          WASM_ROW_BUILD_MIN_ENTRIES + 3000,
          20000,
        ]) {
          const entries = entriesOf(random, spread, count);
          const values = randomBits(random, count, width);
          const { shape, rows, cols } = entries;
          expectBuilt(
            wasmBuiltRows(rows, cols, values, shape[0], shape[1]),
            sortedBuild(entries, values),
            `${spread} ${count} width ${width}`,
          );
        }
  });

  it('builds every row form from coordinates as the plain builder does, every dtype and width pair (seeded)', () => {
    const random = seededRandom(5503);
    const nextWidths = widthPairs();
    let onWasm = 0;
    installConversionAccelerator({
      transposition: wasmTransposedRows,
      rowBuild: (...args) => {
        const built = wasmBuiltRows(...args);
        if (built !== undefined) onWasm++;
        return built;
      },
    });
    const targets: readonly NamedFormat[] = ['CSR', 'CSC', 'DCSR', 'DCSC'];
    for (const dtype of VALUE_DTYPES as readonly ValueDType[])
      for (const spread of SPREADS)
        for (const count of [WASM_ROW_BUILD_MIN_ENTRIES - 1, WASM_ROW_BUILD_MIN_ENTRIES, 6000]) {
          const { shape, rows, cols } = entriesOf(random, spread, count);
          const tuples = Array.from(rows, (r, e) => [r, cols[e] as number]);
          const values = randomValues(random, count, dtype);
          const target = targets[Math.floor(random() * targets.length)] as NamedFormat;
          const widths = nextWidths();
          const largest = Math.max(count, ...shape);
          const fits = (w: typeof widths.posWidth) =>
            typeof w !== 'number' || w > 32 || largest < 2 ** w;
          const options = {
            dtype,
            posWidth: fits(widths.posWidth) ? widths.posWidth : 32,
            crdWidth: fits(widths.crdWidth) ? widths.crdWidth : 32,
          } as const;
          const built = SparseTensor.fromCoordinates(tuples, values, shape, target, options);
          expectSameStorage(
            built,
            referenceStorage(tuples, values, shape, built.format, dtype),
            `${target} ${dtype} ${spread} ${count} pos ${options.posWidth} crd ${options.crdWidth}`,
          );
        }
    installWasmConversions();
    // Every case from the limit on was built on wasm (two of three counts per spread and dtype).
    expect(onWasm).toBe(2 * SPREADS.length * VALUE_DTYPES.length);
  });

  it('writes every element of its unfilled outputs', () => {
    // Unfilled memory poisoned: anything the loops leave unwritten shows.
    const allocate = Buffer.allocUnsafeSlow;
    vi.spyOn(Buffer, 'allocUnsafeSlow').mockImplementation((size) => allocate(size).fill(0xa5));
    const random = seededRandom(5504);
    for (const width of [4, 8] as const)
      for (const spread of SPREADS) {
        const entries = entriesOf(random, spread, 40000);
        const values = randomBits(random, entries.rows.length, width);
        const { shape, rows, cols } = entries;
        expectBuilt(
          wasmBuiltRows(rows, cols, values, shape[0], shape[1]),
          sortedBuild(entries, values),
          `${spread} width ${width}`,
        );
      }
    expect(vi.mocked(Buffer.allocUnsafeSlow)).toHaveBeenCalled();
  });

  it('declines a build below its limit and one whose arrays would pass the memory bound', () => {
    const few = WASM_ROW_BUILD_MIN_ENTRIES - 1;
    expect(
      wasmBuiltRows(new Int32Array(few), new Int32Array(few), new Float64Array(few), 1, 1),
    ).toBe(undefined);
    // One entry brings 4 + 4 + 8 bytes in, 4 + 8 out and 4 + 4 + 8 of scratch.
    const many = Math.floor(MAX_OPERAND_BYTES / 40) + 1;
    expect(
      wasmBuiltRows(new Int32Array(many), new Int32Array(many), new Float64Array(many), 1, 1),
    ).toBe(undefined);
  });
});
