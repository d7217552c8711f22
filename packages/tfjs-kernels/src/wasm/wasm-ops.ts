/**
 * Instruction bytes for the hand-assembled move module, as small functions so function bodies
 * read like the text format. Memory accesses take the natural alignment hint.
 */
import { signedLeb, unsignedLeb } from './wasm-encoding.js';

const EMPTY_BLOCK = 0x40;

export const block = (): number[] => [0x02, EMPTY_BLOCK];
export const loop = (): number[] => [0x03, EMPTY_BLOCK];
export const ifThen = (): number[] => [0x04, EMPTY_BLOCK];
export const orElse = (): number[] => [0x05];
export const end = (): number[] => [0x0b];
/** Branch to the `depth`-th enclosing label (0: innermost). */
export const br = (depth: number): number[] => [0x0c, ...unsignedLeb(depth)];
export const brIf = (depth: number): number[] => [0x0d, ...unsignedLeb(depth)];
export const call = (index: number): number[] => [0x10, ...unsignedLeb(index)];

export const get = (local: number): number[] => [0x20, ...unsignedLeb(local)];
export const set = (local: number): number[] => [0x21, ...unsignedLeb(local)];
export const i32 = (value: number): number[] => [0x41, ...signedLeb(value)];

const memarg = (alignLog2: number, offset: number): number[] => [
  ...unsignedLeb(alignLog2),
  ...unsignedLeb(offset),
];
export const i32Load = (offset = 0): number[] => [0x28, ...memarg(2, offset)];
export const i64Load = (offset = 0): number[] => [0x29, ...memarg(3, offset)];
export const i32Load8 = (offset = 0): number[] => [0x2d, ...memarg(0, offset)];
export const i32Store = (offset = 0): number[] => [0x36, ...memarg(2, offset)];
export const i64Store = (offset = 0): number[] => [0x37, ...memarg(3, offset)];
export const i32Store8 = (offset = 0): number[] => [0x3a, ...memarg(0, offset)];

export const eqz = (): number[] => [0x45];
export const eq = (): number[] => [0x46];
export const ltU = (): number[] => [0x49];
export const geU = (): number[] => [0x4f];
export const add = (): number[] => [0x6a];
export const sub = (): number[] => [0x6b];
export const mul = (): number[] => [0x6c];
export const shl = (): number[] => [0x74];
export const i64ExtendU = (): number[] => [0xad];
export const i64Mul = (): number[] => [0x7e];
export const i64 = (value: number): number[] => [0x42, ...signedLeb(value)];

/** `memory.copy` (bulk memory): dst, src, length on the stack. */
export const memoryCopy = (): number[] => [0xfc, ...unsignedLeb(10), 0x00, 0x00];
/** `memory.fill` (bulk memory): dst, byte value, length on the stack. */
export const memoryFill = (): number[] => [0xfc, ...unsignedLeb(11), 0x00];

/** SIMD (fixed-width 128-bit) instructions. */
export const v128Load = (offset = 0): number[] => [0xfd, ...unsignedLeb(0), ...memarg(4, offset)];
export const v128Store = (offset = 0): number[] => [0xfd, ...unsignedLeb(11), ...memarg(4, offset)];
export const i32x4Splat = (): number[] => [0xfd, ...unsignedLeb(17)];
export const ret = (): number[] => [0x0f];
