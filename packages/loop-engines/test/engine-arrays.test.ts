/**
 * Engine arrays: typed arrays in the wasm engine's own memory, passed to compiled functions by
 * address. Any mix of engine and plain arrays, as inputs and outputs, with arrays allocated and
 * disposed between calls and kernels interleaved, gives the interpreter's results bit for bit;
 * repeated calls and allocate/dispose cycles do not grow the memory; misuse (a disposed array,
 * a view from before the memory grew, a view of the memory that is no engine array, the wrong
 * element layout) is a typed error that runs nothing.
 */
import { type MemRefData, parseModule } from '@tilekit/loop-ir';
import { thrownBy } from '@tilekit/test-support/thrown-by';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compile,
  EngineArgumentError,
  type EngineArray,
  engineArray,
  markImmutable,
} from '../src/index.js';
import { engineMemory } from '../src/wasm/runtime/engine-memory.js';
import { mixKernel } from './support/resident-pool.js';

type Element = 'f32' | 'f64' | 'i32';
const TYPE = { f32: Float32Array, f64: Float64Array, i32: Int32Array } as const;

/** The mix kernel `k` of `type`: k + 0.5 for floats, k + 2 for i32. */
const mixOf = (k: number, type: Element) => mixKernel(type === 'i32' ? k + 2 : k + 0.5, type);

const bytesOf = (a: MemRefData) => Array.from(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));

const KERNELS = (['f32', 'f64', 'i32'] as const).flatMap((type) =>
  [0, 1].map((k) => ({
    type,
    wasm: compile(mixOf(k, type), 'mix', { engine: 'wasm' }),
    reference: compile(mixOf(k, type), 'mix', { engine: 'interpreter' }),
  })),
);

/** An operand of one call: its values, and whether it is passed as an engine array. */
interface Slot {
  readonly values: number[];
  readonly engine: boolean;
  readonly immutable: boolean;
}

const slot = (min: number) =>
  fc.record({
    values: fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: min, maxLength: 40 }),
    engine: fc.boolean(),
    immutable: fc.boolean(),
  });

const call = fc.record({
  kernel: fc.nat({ max: KERNELS.length - 1 }),
  a: slot(0),
  b: slot(1),
  x: fc.record({ engine: fc.boolean(), junk: fc.integer() }),
  /** Engine arrays allocated before the call (shifting where the operands lie), kept or not. */
  spacer: fc.nat({ max: 3000 }),
  keepSpacer: fc.boolean(),
});

describe('engine arrays are passed to wasm kernels by address', () => {
  it('give the interpreter results bit for bit in any mix with plain arrays (f32, f64, i32)', () => {
    fc.assert(
      fc.property(fc.array(call, { minLength: 1, maxLength: 12 }), (calls) => {
        const live: EngineArray[] = [];
        try {
          for (const c of calls) {
            const { type, wasm, reference } = KERNELS[c.kernel] as (typeof KERNELS)[number];
            const Type = TYPE[type];
            const spacer = engineArray(Float64Array, c.spacer);
            if (c.keepSpacer) live.push(spacer);
            else spacer.dispose();
            const n = c.a.values.length;
            const operand = (s: Slot) => {
              const plain = Type.from(s.values);
              if (s.immutable) markImmutable(plain);
              if (!s.engine) return { plain, passed: () => plain };
              const e = engineArray(Type, plain.length);
              live.push(e);
              e.data.set(plain);
              return { plain, passed: () => e.data };
            };
            const a = operand(c.a);
            const b = operand(c.b);
            const want = new Type(n);
            reference(a.plain, b.plain, { data: want, shape: [n] });
            let read: () => MemRefData;
            if (c.x.engine) {
              const x = engineArray(Type, n);
              live.push(x);
              x.data.fill(c.x.junk);
              wasm(a.passed(), b.passed(), { data: x.data, shape: [n] });
              read = () => x.data;
            } else {
              const x = new Type(n).fill(c.x.junk);
              wasm(a.passed(), b.passed(), { data: x, shape: [n] });
              read = () => x;
            }
            expect(bytesOf(read())).toEqual(bytesOf(want));
            // The inputs are as they were.
            expect(bytesOf(a.passed())).toEqual(bytesOf(a.plain));
            expect(bytesOf(b.passed())).toEqual(bytesOf(b.plain));
          }
        } finally {
          for (const e of live) e.dispose();
        }
      }),
      { seed: 3501, numRuns: 150 },
    );
  });

  it('repeated calls and allocate/dispose cycles do not grow the memory', () => {
    const { wasm } = KERNELS[1] as (typeof KERNELS)[number];
    const n = 50_000;
    const a = engineArray(Float32Array, n);
    const b = engineArray(Float32Array, n);
    const x = engineArray(Float32Array, n);
    a.data.fill(1.5);
    b.data.fill(2);
    const run = () => wasm(a.data, b.data, { data: x.data, shape: [n] });
    run();
    const { memory } = engineMemory();
    const before = memory.buffer.byteLength;
    for (let k = 0; k < 50; k++) {
      run();
      const scratch = engineArray(Float64Array, 1 + (k % 7) * 1000);
      scratch.dispose();
    }
    expect(memory.buffer.byteLength).toBe(before);
    expect(x.data[n - 1]).toBe(1.5 * 1.5 + 2);
    for (const e of [a, b, x]) e.dispose();
    // The regions are reused: the same arrays again fit in the memory as it is.
    const again = [0, 1, 2].map(() => engineArray(Float32Array, n));
    expect(memory.buffer.byteLength).toBe(before);
    for (const e of again) e.dispose();
  });

  it('a fresh engine array is zeroed, even where a disposed one or a call left values', () => {
    const first = engineArray(Int32Array, 100);
    first.data.fill(-7);
    first.dispose();
    const second = engineArray(Int32Array, 100);
    expect(Array.from(second.data)).toEqual(new Array(100).fill(0));
    second.dispose();
  });
});

describe('misuse of engine arrays is a typed error', () => {
  const { wasm } = KERNELS[3] as (typeof KERNELS)[number]; // f64, k = 1.5
  const expectArgumentError = (f: () => unknown, argument: string, text: string) => {
    const caught = thrownBy(f);
    expect(caught).toBeInstanceOf(EngineArgumentError);
    expect((caught as EngineArgumentError).argument).toBe(argument);
    expect((caught as Error).message).toContain(text);
  };

  it('a disposed array: its data throws, and a view kept from before is refused', () => {
    const e = engineArray(Float64Array, 8);
    const view = e.data;
    e.dispose();
    expect(e.disposed).toBe(true);
    expectArgumentError(() => e.data, 'array', 'was disposed');
    const out = new Float64Array(8).fill(3);
    expectArgumentError(
      () => wasm(view, Float64Array.of(1), { data: out, shape: [8] }),
      '#0',
      'outside every live engine array',
    );
    expect(Array.from(out)).toEqual(new Array(8).fill(3));
    e.dispose(); // a second dispose does nothing
  });

  it('a view from before the memory grew is refused; data read again works', () => {
    const e = engineArray(Float64Array, 4);
    e.data.set([1, 2, 3, 4]);
    const stale = e.data;
    const { memory } = engineMemory();
    const grown = engineArray(Uint8Array, memory.buffer.byteLength + 65536);
    const out = new Float64Array(4);
    expectArgumentError(
      () => wasm(stale, Float64Array.of(0), { data: out, shape: [4] }),
      '#0',
      'from before it grew',
    );
    wasm(e.data, Float64Array.of(0), { data: out, shape: [4] });
    expect(Array.from(out)).toEqual([1, 2, 3, 4].map((v) => v * 1.5));
    grown.dispose();
    e.dispose();
  });

  it('a view of engine memory outside the arrays, or in the wrong element layout, is refused', () => {
    const e = engineArray(Float32Array, 16);
    const { memory } = engineMemory();
    const outside = new Float64Array(memory.buffer, memory.buffer.byteLength - 64, 8);
    expectArgumentError(
      () => wasm(outside, Float64Array.of(0), { data: new Float64Array(8), shape: [8] }),
      '#0',
      'outside every live engine array',
    );
    // An f32 memref takes a Float32Array only, an engine array's view too.
    const f32 = KERNELS[0] as (typeof KERNELS)[number];
    const wide = engineArray(Float64Array, 16);
    expectArgumentError(
      () => f32.wasm(wide.data, Float32Array.of(0), { data: new Float32Array(16), shape: [16] }),
      '#0',
      'expected one of Float32Array, got Float64Array',
    );
    wide.dispose();
    // An index memref reads a plain Int32Array through a widening copy, never in place.
    const copyIndex = compile(
      parseModule(`func.func @copy(%a: memref<?xindex>, %o: memref<?xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xindex>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %a[%i] : memref<?xindex>
    memref.store %x, %o[%i] : memref<?xindex>
  }
  return
}`),
      'copy',
      { engine: 'wasm' },
    );
    const narrow = engineArray(Int32Array, 4);
    expectArgumentError(
      () => copyIndex(narrow.data, new BigInt64Array(4)),
      '#0',
      'cannot read in place',
    );
    narrow.dispose();
    const i32 = KERNELS[4] as (typeof KERNELS)[number];
    const asInt = engineArray(Float32Array, 4);
    expectArgumentError(
      () => i32.wasm(new Int32Array(4), Int32Array.of(1), { data: asInt.data, shape: [4] }),
      '#2',
      'Float32Array',
    );
    e.dispose();
    asInt.dispose();
  });

  it('junk types and lengths', () => {
    expectArgumentError(() => engineArray(Array as never, 4), 'type', 'typed-array constructor');
    for (const length of [-1, 1.5, Number.NaN, '4', 2 ** 31])
      expectArgumentError(() => engineArray(Float64Array, length as never), 'length', '');
    expectArgumentError(() => engineArray(Float64Array, 2 ** 31 - 1), 'length', 'do not fit');
  });
});
