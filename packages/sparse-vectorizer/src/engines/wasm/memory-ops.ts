/**
 * Memory access: a memref argument is a byte address in linear memory plus its dimension
 * sizes. Scalar loads/stores use the element's natural instruction; vector loads/stores move
 * whole v128 parts; masked ops blend with `v128.bitselect` (masked-off lanes may read past
 * the end of a buffer, which the runtime pads, but never write it); gathers and scatters run
 * per lane.
 */

import type { MemRefType, ScalarType, VectorType } from '../../ir/types.js';
import { EngineUnsupportedError } from '../errors.js';
import type { FunctionBuilder } from './function-builder.js';
import { lanePusher, pushLane, pushMaskFor, setLane } from './lane-access.js';
import { elementBytes, isBool, laneLayoutOf } from './lanes.js';
import type { Push, ScalarContext } from './scalar-ops.js';

/**
 * A memref in linear memory: base byte address (i32 local), one i64 local per dim, and for
 * strided layouts one i64 local per stride plus the offset.
 */
export interface MemSlot {
  readonly base: number;
  readonly dims: readonly number[];
  readonly strided?: { readonly strides: readonly number[]; readonly offset: number };
}

/** Bytes every runtime buffer is padded with, so masked-off vector lanes stay in memory. */
export const BUFFER_PADDING = 1024;

const LOAD: Readonly<Record<string, string>> = {
  1: 'i32.load8_u',
  8: 'i32.load8_s',
  16: 'i32.load16_s',
  32: 'i32.load',
  64: 'i64.load',
};
const STORE: Readonly<Record<string, string>> = {
  1: 'i32.store8',
  8: 'i32.store8',
  16: 'i32.store16',
  32: 'i32.store',
  64: 'i64.store',
};

function scalarElement(t: MemRefType): ScalarType {
  if (t.element.kind === 'vector')
    throw new EngineUnsupportedError('memrefs of vectors are not supported');
  return t.element;
}

function memoryOp(table: Readonly<Record<string, string>>, t: ScalarType): string {
  if (t.kind === 'float') return `${t.format}.${table === LOAD ? 'load' : 'store'}`;
  return table[t.kind === 'index' ? 64 : t.width] as string;
}

/** Pushes the i32 byte address of `m[indices]` (indices are i64 pushers). */
export function pushAddress(
  f: FunctionBuilder,
  slot: MemSlot,
  type: MemRefType,
  indices: readonly Push[],
): void {
  const bytes = elementBytes(scalarElement(type));
  f.op('local.get', slot.base);
  const strided = slot.strided;
  if (strided !== undefined) {
    f.op('local.get', strided.offset);
    indices.forEach((push, k) => {
      push();
      f.op('local.get', strided.strides[k] as number)
        .op('i64.mul')
        .op('i64.add');
    });
  } else {
    if (indices.length === 0) return;
    indices.forEach((push, k) => {
      if (k > 0) f.op('local.get', slot.dims[k] as number).op('i64.mul');
      push();
      if (k > 0) f.op('i64.add');
    });
  }
  f.op('i32.wrap_i64');
  if (bytes > 1) f.constInt('i32', Math.log2(bytes)).op('i32.shl');
  f.op('i32.add');
}

/** Pushes `m[indices]`. */
export function lowerLoad(
  f: FunctionBuilder,
  slot: MemSlot,
  type: MemRefType,
  indices: readonly Push[],
): void {
  pushAddress(f, slot, type, indices);
  const elem = scalarElement(type);
  f.memory(memoryOp(LOAD, elem));
  if (isBool(elem)) f.constInt('i32', 1).op('i32.and'); // i1 bytes hold their value in bit 0
}

/** Stores the value pushed by `value` to `m[indices]`. */
export function lowerStore(
  f: FunctionBuilder,
  slot: MemSlot,
  type: MemRefType,
  indices: readonly Push[],
  value: Push,
): void {
  pushAddress(f, slot, type, indices);
  value();
  f.memory(memoryOp(STORE, scalarElement(type)));
}

/** A vector memory access: where it starts and how many lanes it covers. */
export interface VectorAccess {
  readonly slot: MemSlot;
  readonly memref: MemRefType;
  readonly indices: readonly Push[];
  readonly vector: VectorType;
  readonly lanes: number;
}

/** Number of parts loaded or stored as whole v128s (the rest goes lane by lane). */
function wholeParts(a: VectorAccess): number {
  const elem = scalarElement(a.memref);
  if (isBool(elem)) return 0;
  return Math.floor(a.lanes / laneLayoutOf(elem).perPart);
}

function startAddress(ctx: ScalarContext, a: VectorAccess): number {
  const addr = ctx.temp('i32');
  pushAddress(ctx.f, a.slot, a.memref, a.indices);
  ctx.f.op('local.set', addr);
  return addr;
}

/** `vector.load` / `vector.maskedload` into `result` parts. */
export function lowerVectorLoad(
  ctx: ScalarContext,
  a: VectorAccess,
  result: readonly number[],
  masked?: { readonly mask: readonly number[]; readonly passThru: readonly number[] },
): void {
  const { f } = ctx;
  const elem = scalarElement(a.memref);
  const { perPart } = laneLayoutOf(elem);
  const addr = startAddress(ctx, a);
  const bytes = elementBytes(elem);
  const whole = wholeParts(a);
  for (let k = 0; k < whole; k++) {
    f.op('local.get', addr).memory('v128.load', 16 * k);
    if (masked !== undefined) {
      f.op('local.get', masked.passThru[k] as number);
      pushMaskFor(f, masked.mask, elem, k);
      f.op('v128.bitselect');
    }
    f.op('local.set', result[k] as number);
  }
  for (let lane = whole * perPart; lane < a.lanes; lane++) {
    const load = (): void => {
      f.op('local.get', addr).memory(memoryOp(LOAD, elem), lane * bytes);
    };
    setLane(f, elem, result, lane, () => {
      if (masked === undefined) return load();
      load();
      pushLane(f, elem, masked.passThru, lane);
      pushLane(f, { kind: 'integer', width: 1 }, masked.mask, lane);
      f.op('select');
    });
  }
}

/** `vector.store` / `vector.maskedstore` of `value` parts. */
export function lowerVectorStore(
  ctx: ScalarContext,
  a: VectorAccess,
  value: readonly number[],
  mask?: readonly number[],
): void {
  const { f } = ctx;
  const elem = scalarElement(a.memref);
  const { perPart } = laneLayoutOf(elem);
  const addr = startAddress(ctx, a);
  const bytes = elementBytes(elem);
  const whole = wholeParts(a);
  for (let k = 0; k < whole; k++) {
    f.op('local.get', addr);
    f.op('local.get', value[k] as number);
    if (mask !== undefined) {
      f.op('local.get', addr).memory('v128.load', 16 * k);
      pushMaskFor(f, mask, elem, k);
      f.op('v128.bitselect');
    }
    f.memory('v128.store', 16 * k);
  }
  for (let lane = whole * perPart; lane < a.lanes; lane++) {
    if (mask !== undefined) {
      pushLane(f, { kind: 'integer', width: 1 }, mask, lane);
      f.structured('if');
    }
    f.op('local.get', addr);
    pushLane(f, elem, value, lane);
    f.memory(memoryOp(STORE, elem), lane * bytes);
    if (mask !== undefined) f.op('end');
  }
}

/**
 * Pushes the i32 byte address of lane `lane` of a gather/scatter: the start address plus the
 * lane's index times the innermost stride (1 for identity layouts) times the element size.
 */
function pushLaneAddress(
  f: FunctionBuilder,
  addr: number,
  index: { readonly parts: readonly number[]; readonly element: ScalarType },
  lane: number,
  bytes: number,
  stride: number | undefined,
): void {
  f.op('local.get', addr);
  pushLane(f, index.element, index.parts, lane);
  const wide =
    index.element.kind === 'index' ||
    (index.element.kind === 'integer' && index.element.width === 64);
  if (stride !== undefined) {
    if (!wide) f.op('i64.extend_i32_s');
    f.op('local.get', stride).op('i64.mul');
  }
  if (wide || stride !== undefined) f.op('i32.wrap_i64');
  if (bytes > 1) f.constInt('i32', Math.log2(bytes)).op('i32.shl');
  f.op('i32.add');
}

function innermostStride(slot: MemSlot): number | undefined {
  const strides = slot.strided?.strides;
  return strides === undefined ? undefined : strides[strides.length - 1];
}

/** `vector.gather`: per-lane loads (masked-off lanes read the base element), then a blend. */
export function lowerGather(
  ctx: ScalarContext,
  a: VectorAccess,
  indexVec: { readonly parts: readonly number[]; readonly element: ScalarType },
  mask: readonly number[],
  passThru: readonly number[],
  result: readonly number[],
): void {
  const { f } = ctx;
  const elem = scalarElement(a.memref);
  const bytes = elementBytes(elem);
  const addr = startAddress(ctx, a);
  const bool = { kind: 'integer', width: 1 } as const;
  for (let lane = 0; lane < a.lanes; lane++) {
    setLane(f, elem, result, lane, () => {
      pushLaneAddress(f, addr, indexVec, lane, bytes, innermostStride(a.slot));
      f.op('local.get', addr);
      pushLane(f, bool, mask, lane);
      f.op('select').memory(memoryOp(LOAD, elem));
    });
  }
  const whole = Math.ceil(a.lanes / laneLayoutOf(elem).perPart);
  for (let k = 0; k < whole; k++) {
    f.op('local.get', result[k] as number).op('local.get', passThru[k] as number);
    pushMaskFor(f, mask, elem, k);
    f.op('v128.bitselect').op('local.set', result[k] as number);
  }
}

/** `vector.scatter`: per-lane guarded stores, in lane order. */
export function lowerScatter(
  ctx: ScalarContext,
  a: VectorAccess,
  indexVec: { readonly parts: readonly number[]; readonly element: ScalarType },
  mask: readonly number[],
  value: readonly number[],
): void {
  const { f } = ctx;
  const elem = scalarElement(a.memref);
  const bytes = elementBytes(elem);
  const addr = startAddress(ctx, a);
  for (let lane = 0; lane < a.lanes; lane++) {
    lanePusher(f, { kind: 'integer', width: 1 }, mask, lane)();
    f.structured('if');
    pushLaneAddress(f, addr, indexVec, lane, bytes, innermostStride(a.slot));
    pushLane(f, elem, value, lane);
    f.memory(memoryOp(STORE, elem)).op('end');
  }
}
