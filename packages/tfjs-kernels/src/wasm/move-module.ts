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

import { I32, name, SECTION, section, unsignedLeb, vector } from './wasm-encoding.js';
import * as op from './wasm-ops.js';

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

/** Maximum pages of a 32-bit memory (4 GiB): the bound a shared import must declare. */
const MAX_PAGES = 65536;

const FUNCTION_TYPES = {
  threeI32: [0x60, ...vector([[I32], [I32], [I32]]), 0x00],
  fiveI32: [0x60, ...vector([[I32], [I32], [I32], [I32], [I32]]), 0x00],
} as const;

/** `a += step` for local `a`. */
const bump = (local: number, step: number): number[] => [
  ...op.get(local),
  ...op.i32(step),
  ...op.add(),
  ...op.set(local),
];

/** `a += b` for locals a and b. */
const bumpBy = (local: number, by: number): number[] => [
  ...op.get(local),
  ...op.get(by),
  ...op.add(),
  ...op.set(local),
];

/** `block loop <exitWhen> brIf 1 <body> br 0 end end`: a while loop. */
const whileNot = (exitWhen: number[], body: number[]): number[] => [
  ...op.block(),
  ...op.loop(),
  ...exitWhen,
  ...op.brIf(1),
  ...body,
  ...op.br(0),
  ...op.end(),
  ...op.end(),
];

/** Wide chunks per iteration of the unrolled copy loop (8 x 16 bytes with SIMD). */
export const UNROLLED_CHUNKS = 8;

/** Bytes one wide load/store moves: a v128 with SIMD, else an i64. */
export const chunkBytes = (simd: boolean): number => (simd ? 16 : 8);

/**
 * Function 0, bulkCopy(d, s, n): `memory.copy`. A function of its own: V8 compiles the
 * instruction to a call into the runtime, and one inside the `moves` loop made the whole loop
 * about 15% slower on tile rows (its locals no longer stayed in registers).
 */
const bulkCopyBody = (): number[] => [...op.get(0), ...op.get(1), ...op.get(2), ...op.memoryCopy()];

/**
 * Copies `n` bytes from address `s` to `d` (three locals, advanced past the copy on the inline
 * path): runs of at least {@link BULK_COPY_MIN_BYTES} through bulkCopy, shorter ones inline,
 * unrolled wide chunks, then single chunks, then bytes. Inline in the `moves` loop: a call per
 * tile row cost about a third of an in-cache relayout.
 */
function copyInline(simd: boolean, d: number, s: number, n: number): number[] {
  const chunk = chunkBytes(simd);
  const load = simd ? op.v128Load : op.i64Load;
  const store = simd ? op.v128Store : op.i64Store;
  const chunkAt = (k: number) => [...op.get(d), ...op.get(s), ...load(k), ...store(k)];
  const advance = (bytes: number) => [...bump(d, bytes), ...bump(s, bytes), ...bump(n, -bytes)];
  const unrolled = UNROLLED_CHUNKS * chunk;
  return [
    ...op.get(n),
    ...op.i32(BULK_COPY_MIN_BYTES),
    ...op.geU(),
    ...op.ifThen(),
    ...op.get(d),
    ...op.get(s),
    ...op.get(n),
    ...op.call(BULK_COPY_FUNCTION),
    ...op.orElse(),
    ...whileNot(
      [...op.get(n), ...op.i32(unrolled), ...op.ltU()],
      [
        ...Array.from({ length: UNROLLED_CHUNKS }, (_, k) => chunkAt(k * chunk)).flat(),
        ...advance(unrolled),
      ],
    ),
    ...whileNot([...op.get(n), ...op.i32(chunk), ...op.ltU()], [...chunkAt(0), ...advance(chunk)]),
    ...whileNot(
      [...op.get(n), ...op.eqz()],
      [...op.get(d), ...op.get(s), ...op.i32Load8(), ...op.i32Store8(), ...advance(1)],
    ),
    ...op.end(),
  ];
}

/** `base + (table[offset] << shift)` on the stack. */
const scaledField = (base: number | null, table: number, offset: number, shift: number) => [
  ...(base === null ? [] : op.get(base)),
  ...op.get(table),
  ...op.i32Load(offset),
  ...op.get(shift),
  ...op.shl(),
  ...(base === null ? [] : op.add()),
];

/**
 * moves(plan, count, dst, src, shift): the whole plan in one call, each move copied inline;
 * locals 5..8: the table's end, then d, s, n of the current move.
 */
function movesBody(simd: boolean): number[] {
  const [plan, count, dst, src, shift] = [0, 1, 2, 3, 4];
  const [end, d, s, n] = [5, 6, 7, 8];
  return [
    ...op.get(plan),
    ...op.get(count),
    ...op.i32(MOVE_TRIPLE_BYTES),
    ...op.mul(),
    ...op.add(),
    ...op.set(end),
    ...whileNot(
      [...op.get(plan), ...op.get(end), ...op.geU()],
      [
        ...scaledField(dst, plan, 0, shift),
        ...op.set(d),
        ...scaledField(src, plan, 4, shift),
        ...op.set(s),
        ...scaledField(null, plan, 8, shift),
        ...op.set(n),
        ...copyInline(simd, d, s, n),
        ...bump(plan, MOVE_TRIPLE_BYTES),
      ],
    ),
  ];
}

/** strided(table, count, dst, src, shift); locals 5..10: end, d, s, dStep, sStep, n. */
function stridedBody(): number[] {
  const [table, count, dst, src, shift] = [0, 1, 2, 3, 4];
  const [end, d, s, dStep, sStep, n] = [5, 6, 7, 8, 9, 10];
  const elementLoop = (load: number[], store: number[]) =>
    whileNot(
      [...op.get(n), ...op.eqz()],
      [
        ...op.get(d),
        ...op.get(s),
        ...load,
        ...store,
        ...bumpBy(d, dStep),
        ...bumpBy(s, sStep),
        ...bump(n, -1),
      ],
    );
  return [
    ...op.get(table),
    ...op.get(count),
    ...op.i32(STRIDED_ENTRY_BYTES),
    ...op.mul(),
    ...op.add(),
    ...op.set(end),
    ...whileNot(
      [...op.get(table), ...op.get(end), ...op.geU()],
      [
        ...scaledField(dst, table, 0, shift),
        ...op.set(d),
        ...scaledField(null, table, 4, shift),
        ...op.set(dStep),
        ...scaledField(src, table, 8, shift),
        ...op.set(s),
        ...scaledField(null, table, 12, shift),
        ...op.set(sStep),
        ...op.get(table),
        ...op.i32Load(16),
        ...op.set(n),
        ...op.get(shift),
        ...op.eqz(),
        ...op.ifThen(),
        ...elementLoop(op.i32Load8(), op.i32Store8()),
        ...op.orElse(),
        ...elementLoop(op.i32Load(), op.i32Store()),
        ...op.end(),
        ...bump(table, STRIDED_ENTRY_BYTES),
      ],
    ),
  ];
}

/** fill32(dst, count, bits): four lanes per store with SIMD, then one word at a time. */
function fill32Body(simd: boolean): number[] {
  const [dst, count, bits] = [0, 1, 2];
  const lanes = simd
    ? whileNot(
        [...op.get(count), ...op.i32(4), ...op.ltU()],
        [
          ...op.get(dst),
          ...op.get(bits),
          ...op.i32x4Splat(),
          ...op.v128Store(),
          ...bump(dst, 16),
          ...bump(count, -4),
        ],
      )
    : [];
  return [
    ...lanes,
    ...whileNot(
      [...op.get(count), ...op.eqz()],
      [...op.get(dst), ...op.get(bits), ...op.i32Store(), ...bump(dst, 4), ...bump(count, -1)],
    ),
  ];
}

/** fill8(dst, count, byte). */
const fill8Body = (): number[] => [...op.get(0), ...op.get(2), ...op.get(1), ...op.memoryFill()];

/** A function body entry of the code section: locals (all i32), instructions, `end`. */
function code(i32Locals: number, instructions: readonly number[]): number[] {
  const locals = i32Locals === 0 ? vector([]) : vector([[...unsignedLeb(i32Locals), I32]]);
  const body = [...locals, ...instructions, ...op.end()];
  return [...unsignedLeb(body.length), ...body];
}

/** The move module's bytes for the given features (see the file comment for its exports). */
export function moveModuleBytes(options: MoveModuleOptions): Uint8Array<ArrayBuffer> {
  const limits = options.shared
    ? [0x03, ...unsignedLeb(0), ...unsignedLeb(MAX_PAGES)]
    : [0x00, ...unsignedLeb(0)];
  const functions = [
    { type: 0, body: code(0, bulkCopyBody()), export: null },
    { type: 1, body: code(4, movesBody(options.simd)), export: 'moves' },
    { type: 1, body: code(6, stridedBody()), export: 'strided' },
    { type: 0, body: code(0, fill32Body(options.simd)), export: 'fill32' },
    { type: 0, body: code(0, fill8Body()), export: 'fill8' },
  ];
  const exports = functions.flatMap((f, index) =>
    f.export === null ? [] : [[...name(f.export), 0x00, ...unsignedLeb(index)]],
  );
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(SECTION.type, vector([FUNCTION_TYPES.threeI32, FUNCTION_TYPES.fiveI32])),
    ...section(SECTION.import, vector([[...name('env'), ...name('memory'), 0x02, ...limits]])),
    ...section(SECTION.function, vector(functions.map((f) => unsignedLeb(f.type)))),
    ...section(SECTION.export, vector(exports)),
    ...section(SECTION.code, vector(functions.map((f) => f.body))),
  ]);
}
