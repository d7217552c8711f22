/**
 * The move module: a few copy and fill loops, assembled by hand, that run inside the memory of
 * tfjs's wasm backend (imported, never copied). Its exports take byte addresses in that memory:
 *
 * - `moves(plan, count, dst, src, shift)`: for each of `count` triples (t, f, length) of i32
 *   element units at `plan`, copies `length << shift` bytes from `src + (f << shift)` to
 *   `dst + (t << shift)` (a {@link MovePlan}).
 * - `strided(table, count, dst, src, shift)`: for each of `count` quintuples
 *   (t, tStride, f, fStride, length) at `table`, copies `length` elements of `1 << shift` bytes
 *   (shift 0 or 2) from `src + f`, stepping `fStride`, to `dst + t`, stepping `tStride`.
 * - `fill32(dst, count, bits)` / `fill8(dst, count, byte)`: stores `count` copies of a value.
 *
 * Values move as raw bits (integer or v128 loads and stores), so NaN payloads survive.
 */

import { encodeModule, FunctionBuilder, type ValType } from '@tilekit/wasm-encoder';

/** How the module is built: with 128-bit SIMD, and importing a shared memory or not. */
export interface MoveModuleOptions {
  readonly simd: boolean;
  /** The threaded wasm backend's memory is shared; an import must declare it so. */
  readonly shared: boolean;
}

/** Bytes per move triple / per strided quintuple in the tables `moves` and `strided` read. */
export const MOVE_TRIPLE_BYTES = 12;
export const STRIDED_ENTRY_BYTES = 20;

/**
 * Runs at least this long go through `memory.copy` (the engine's memmove), whose fixed cost per
 * call is then small against the copy; shorter ones (a tile row) through the inline loop.
 */
export const BULK_COPY_MIN_BYTES = 2048;

/** Index of the (unexported) bulkCopy function. */
const BULK_COPY_FUNCTION = 0;

/** Wide chunks per iteration of the unrolled copy loop (8 x 16 bytes with SIMD). */
export const UNROLLED_CHUNKS = 8;

/** Bytes one wide load/store moves: a v128 with SIMD, else an i64. */
export const chunkBytes = (simd: boolean): number => (simd ? 16 : 8);

const i32Params = (count: number): ValType[] => Array.from({ length: count }, () => 'i32');

/** A function of `params` i32 parameters and `locals` i32 locals, no results. */
function i32Function(params: number, locals: number): FunctionBuilder {
  const f = new FunctionBuilder(i32Params(params), []);
  for (let k = 0; k < locals; k++) f.local('i32');
  return f;
}

/** `a += step` for local `a`. */
const bump = (f: FunctionBuilder, local: number, step: number): void => {
  f.op('local.get', local).constInt('i32', step).op('i32.add').op('local.set', local);
};

/** `a += b` for locals a and b. */
const bumpBy = (f: FunctionBuilder, local: number, by: number): void => {
  f.op('local.get', local).op('local.get', by).op('i32.add').op('local.set', local);
};

/** `block loop <exitWhen> br_if 1 <body> br 0 end end`: a while loop. */
function whileNot(f: FunctionBuilder, exitWhen: () => void, body: () => void): void {
  f.structured('block').structured('loop');
  exitWhen();
  f.op('br_if', 1);
  body();
  f.op('br', 0).op('end').op('end');
}

/**
 * Function 0, bulkCopy(d, s, n): `memory.copy`. A function of its own: V8 compiles the
 * instruction to a call into the runtime, and one inside the `moves` loop kept the loop's locals
 * out of registers.
 */
function bulkCopy(): FunctionBuilder {
  const f = i32Function(3, 0);
  f.op('local.get', 0).op('local.get', 1).op('local.get', 2).op('memory.copy', 0, 0);
  return f;
}

/**
 * Copies `n` bytes from address `s` to `d` (three locals, advanced past the copy on the inline
 * path): runs of at least {@link BULK_COPY_MIN_BYTES} through bulkCopy, shorter ones inline,
 * unrolled wide chunks, then single chunks, then bytes. Inline in the `moves` loop: a call per
 * tile row is a large share of an in-cache relayout.
 */
function copyInline(f: FunctionBuilder, simd: boolean, d: number, s: number, n: number): void {
  const chunk = chunkBytes(simd);
  const [load, store] = simd ? ['v128.load', 'v128.store'] : ['i64.load', 'i64.store'];
  const chunkAt = (k: number) => {
    f.op('local.get', d).op('local.get', s).memory(load, k).memory(store, k);
  };
  const advance = (bytes: number) => {
    bump(f, d, bytes);
    bump(f, s, bytes);
    bump(f, n, -bytes);
  };
  const below = (bytes: number) => () => {
    f.op('local.get', n).constInt('i32', bytes).op('i32.lt_u');
  };
  const unrolled = UNROLLED_CHUNKS * chunk;
  f.op('local.get', n).constInt('i32', BULK_COPY_MIN_BYTES).op('i32.ge_u').structured('if');
  f.op('local.get', d).op('local.get', s).op('local.get', n).op('call', BULK_COPY_FUNCTION);
  f.op('else');
  whileNot(f, below(unrolled), () => {
    for (let k = 0; k < UNROLLED_CHUNKS; k++) chunkAt(k * chunk);
    advance(unrolled);
  });
  whileNot(f, below(chunk), () => {
    chunkAt(0);
    advance(chunk);
  });
  whileNot(
    f,
    () => f.op('local.get', n).op('i32.eqz'),
    () => {
      f.op('local.get', d).op('local.get', s).memory('i32.load8_u').memory('i32.store8');
      advance(1);
    },
  );
  f.op('end');
}

/**
 * Loads the fields of the table entry at local `table` into locals: each `[local, offset, base]`
 * sets `local = base + (table[offset] << shift)` (without `base` when it is null).
 */
function loadScaledFields(
  f: FunctionBuilder,
  table: number,
  shift: number,
  fields: readonly (readonly [local: number, offset: number, base: number | null])[],
): void {
  for (const [local, offset, base] of fields) {
    if (base !== null) f.op('local.get', base);
    f.op('local.get', table).memory('i32.load', offset).op('local.get', shift).op('i32.shl');
    if (base !== null) f.op('i32.add');
    f.op('local.set', local);
  }
}

/** `end = table + count * entryBytes`, then a loop over the table's entries until `end`. */
function tableLoop(
  f: FunctionBuilder,
  [table, count, end]: readonly [number, number, number],
  entryBytes: number,
  entry: () => void,
): void {
  f.op('local.get', table).op('local.get', count).constInt('i32', entryBytes).op('i32.mul');
  f.op('i32.add').op('local.set', end);
  whileNot(
    f,
    () => f.op('local.get', table).op('local.get', end).op('i32.ge_u'),
    () => {
      entry();
      bump(f, table, entryBytes);
    },
  );
}

/**
 * moves(plan, count, dst, src, shift): the whole plan in one call, each move copied inline;
 * locals 5..8: the table's end, then d, s, n of the current move.
 */
function moves(simd: boolean): FunctionBuilder {
  const f = i32Function(5, 4);
  const [plan, count, dst, src, shift] = [0, 1, 2, 3, 4];
  const [end, d, s, n] = [5, 6, 7, 8];
  tableLoop(f, [plan, count, end], MOVE_TRIPLE_BYTES, () => {
    loadScaledFields(f, plan, shift, [
      [d, 0, dst],
      [s, 4, src],
      [n, 8, null],
    ]);
    copyInline(f, simd, d, s, n);
  });
  return f;
}

/** strided(table, count, dst, src, shift); locals 5..10: end, d, s, dStep, sStep, n. */
function strided(): FunctionBuilder {
  const f = i32Function(5, 6);
  const [table, count, dst, src, shift] = [0, 1, 2, 3, 4];
  const [end, d, s, dStep, sStep, n] = [5, 6, 7, 8, 9, 10];
  const elementLoop = (load: string, store: string) =>
    whileNot(
      f,
      () => f.op('local.get', n).op('i32.eqz'),
      () => {
        f.op('local.get', d).op('local.get', s).memory(load).memory(store);
        bumpBy(f, d, dStep);
        bumpBy(f, s, sStep);
        bump(f, n, -1);
      },
    );
  tableLoop(f, [table, count, end], STRIDED_ENTRY_BYTES, () => {
    loadScaledFields(f, table, shift, [
      [d, 0, dst],
      [dStep, 4, null],
      [s, 8, src],
      [sStep, 12, null],
    ]);
    f.op('local.get', table).memory('i32.load', 16).op('local.set', n);
    f.op('local.get', shift).op('i32.eqz').structured('if');
    elementLoop('i32.load8_u', 'i32.store8');
    f.op('else');
    elementLoop('i32.load', 'i32.store');
    f.op('end');
  });
  return f;
}

/** fill32(dst, count, bits): four lanes per store with SIMD, then one word at a time. */
function fill32(simd: boolean): FunctionBuilder {
  const f = i32Function(3, 0);
  const [dst, count, bits] = [0, 1, 2];
  if (simd)
    whileNot(
      f,
      () => f.op('local.get', count).constInt('i32', 4).op('i32.lt_u'),
      () => {
        f.op('local.get', dst).op('local.get', bits).op('i32x4.splat').memory('v128.store');
        bump(f, dst, 16);
        bump(f, count, -4);
      },
    );
  whileNot(
    f,
    () => f.op('local.get', count).op('i32.eqz'),
    () => {
      f.op('local.get', dst).op('local.get', bits).memory('i32.store');
      bump(f, dst, 4);
      bump(f, count, -1);
    },
  );
  return f;
}

/** fill8(dst, count, byte). */
function fill8(): FunctionBuilder {
  const f = i32Function(3, 0);
  f.op('local.get', 0).op('local.get', 2).op('local.get', 1).op('memory.fill', 0);
  return f;
}

/** The move module's bytes for the given features (see the file comment for its exports). */
export function moveModuleBytes(options: MoveModuleOptions): Uint8Array<ArrayBuffer> {
  const bytes = encodeModule({
    memoryMinPages: 0,
    memoryShared: options.shared,
    imports: [],
    functions: [
      { name: null, body: bulkCopy() },
      { name: 'moves', body: moves(options.simd) },
      { name: 'strided', body: strided() },
      { name: 'fill32', body: fill32(options.simd) },
      { name: 'fill8', body: fill8() },
    ],
  });
  return new Uint8Array(bytes);
}
