/**
 * Memory access: a memref argument is a byte address in linear memory plus its dimension
 * sizes. Scalar loads/stores use the element's natural instruction; vector loads/stores move
 * whole v128 parts; masked ops blend with `v128.bitselect` (masked-off lanes may read past
 * the end of a buffer, which the runtime pads, but never write it); gathers and scatters run
 * per lane.
 */

import type { MemRefType, ScalarType, VectorType } from '@tilekit/loop-ir';
import type { FunctionBuilder } from '@tilekit/wasm-encoder';
import { EngineUnsupportedError } from '../../errors.js';
import { elementBytes } from '../runtime/memory-layout.js';
import { pushLane, pushMaskFor, setLane } from './lane-access.js';
import { isBool, laneLayoutOf, valTypeOf } from './lanes.js';
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

/** Scalar loads by integer width (floats use `f32.load`/`f64.load`). */
export const LOAD: Readonly<Record<string, string>> = {
  1: 'i32.load8_u',
  8: 'i32.load8_s',
  16: 'i32.load16_s',
  32: 'i32.load',
  64: 'i64.load',
};
/** Scalar stores by integer width. */
export const STORE: Readonly<Record<string, string>> = {
  1: 'i32.store8',
  8: 'i32.store8',
  16: 'i32.store16',
  32: 'i32.store',
  64: 'i64.store',
};

/** The scalar element type of a memref (memrefs of vectors are rejected). */
export function scalarElement(t: MemRefType): ScalarType {
  if (t.element.kind === 'vector')
    throw new EngineUnsupportedError('memrefs of vectors are not supported');
  return t.element;
}

/** The scalar load or store instruction of an element type. */
export function memoryOp(table: Readonly<Record<string, string>>, t: ScalarType): string {
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

/**
 * Where a scalar access reads or writes: `push` leaves an i32 address on the stack and
 * `offset` more bytes go in the instruction's offset (see induction-pointers.ts).
 */
export interface ScalarAddress {
  readonly push: () => void;
  readonly offset: number;
}

/** The address of `m[indices]` computed from the indices (indices are i64 pushers). */
export function computedAddress(
  f: FunctionBuilder,
  slot: MemSlot,
  type: MemRefType,
  indices: readonly Push[],
): ScalarAddress {
  return { push: () => pushAddress(f, slot, type, indices), offset: 0 };
}

// NOTE: compiled accesses are not bounds-checked; the interpreter diagnoses out-of-bounds kernels.
/** Pushes the element of `type` at `at`. */
export function lowerLoad(f: FunctionBuilder, at: ScalarAddress, type: MemRefType): void {
  at.push();
  const elem = scalarElement(type);
  f.memory(memoryOp(LOAD, elem), at.offset);
  if (isBool(elem)) f.constInt('i32', 1).op('i32.and'); // i1 bytes hold their value in bit 0
}

/** Stores the value pushed by `value` to the element of `type` at `at`. */
export function lowerStore(
  f: FunctionBuilder,
  at: ScalarAddress,
  type: MemRefType,
  value: Push,
): void {
  at.push();
  value();
  f.memory(memoryOp(STORE, scalarElement(type)), at.offset);
}

/** A vector memory access: where it starts and how many lanes it covers. */
export interface VectorAccess {
  readonly slot: MemSlot;
  readonly memref: MemRefType;
  readonly indices: readonly Push[];
  readonly vector: VectorType;
  readonly lanes: number;
  /** An induction pointer to the first lane and the bytes past it, where one stands for it. */
  readonly walked?: { readonly local: number; readonly offset: number };
}

/** Number of parts loaded or stored as whole v128s (the rest goes lane by lane). */
function wholeParts(a: VectorAccess): number {
  const elem = scalarElement(a.memref);
  if (isBool(elem)) return 0;
  return Math.floor(a.lanes / laneLayoutOf(elem).perPart);
}

/**
 * The local holding the access's first-lane byte address: its induction pointer, or a fresh
 * local it is computed into. Callers only read it.
 */
export function startAddress(ctx: ScalarContext, a: VectorAccess): number {
  if (a.walked !== undefined && a.walked.offset === 0) return a.walked.local;
  const addr = ctx.temp('i32');
  if (a.walked === undefined) pushAddress(ctx.f, a.slot, a.memref, a.indices);
  else ctx.f.op('local.get', a.walked.local).constInt('i32', a.walked.offset).op('i32.add');
  ctx.f.op('local.set', addr);
  return addr;
}

/**
 * What a vector load and store both need: the element type, lanes per v128 part, the start
 * address (computed into a fresh local), element bytes, and how many parts move whole.
 */
function accessLayout(ctx: ScalarContext, a: VectorAccess) {
  const elem = scalarElement(a.memref);
  return {
    elem,
    perPart: laneLayoutOf(elem).perPart,
    addr: startAddress(ctx, a),
    bytes: elementBytes(elem),
    whole: wholeParts(a),
  };
}

/** `vector.load` / `vector.maskedload` into `result` parts. */
export function lowerVectorLoad(
  ctx: ScalarContext,
  a: VectorAccess,
  result: readonly number[],
  masked?: { readonly mask: readonly number[]; readonly passThru: readonly number[] | 'zero' },
): void {
  const { f } = ctx;
  const { elem, perPart, addr, bytes, whole } = accessLayout(ctx, a);
  for (let k = 0; k < whole; k++) {
    f.op('local.get', addr).memory('v128.load', 16 * k);
    if (masked !== undefined) {
      // A zero pass-through makes the blend a plain AND with the mask.
      if (masked.passThru !== 'zero') f.op('local.get', masked.passThru[k] as number);
      pushMaskFor(f, masked.mask, elem, k);
      f.op(masked.passThru === 'zero' ? 'v128.and' : 'v128.bitselect');
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
      if (masked.passThru === 'zero') f.constInt(valTypeOf(elem) === 'i64' ? 'i64' : 'i32', 0);
      if (masked.passThru === 'zero' && elem.kind === 'float')
        f.op('drop').constFloat(valTypeOf(elem) as 'f32' | 'f64', 0);
      if (masked.passThru !== 'zero') pushLane(f, elem, masked.passThru, lane);
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
  const { elem, perPart, addr, bytes, whole } = accessLayout(ctx, a);
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
