/**
 * `vector.gather` / `vector.scatter`. SIMD128 has no gather, so lanes are moved one by one,
 * but the addresses are computed four at a time: i32 index lanes (an i64 index vector is
 * narrowed; its low 32 bits are the address bits wasm32 uses), masked-off lanes zeroed so
 * they read the first element, scaled by the innermost stride and element size and added to
 * the start address with i32x4 ops. Each lane is then one `v128.load*_lane` (or, for stores,
 * a mask test and one `v128.store*_lane`). Masked-off gather lanes take the pass-through
 * value in a final `v128.bitselect`.
 */
import type { ScalarType } from '@tilekit/loop-ir';
import { EngineUnsupportedError } from '../../errors.js';
import { elementBytes } from '../runtime/memory-layout.js';
import { LOW_HALVES_OF_PAIR, pushLane, pushMaskFor } from './lane-access.js';
import { isBool, type LaneLayout, laneLayoutOf } from './lanes.js';
import { scalarElement, startAddress, type VectorAccess } from './memory-ops.js';
import type { ScalarContext } from './scalar-ops.js';

/** An index vector: its parts and element type. */
export interface IndexVector {
  readonly parts: readonly number[];
  readonly element: ScalarType;
  /** True when its masked-off lanes are known to be zero (a zero-pass-through masked load). */
  readonly zeroWhereMasked?: boolean;
  /**
   * The i32 local holding the byte address of lane 0 when the (i32) index lanes were loaded
   * from consecutive memory with every lane active: lanes are then re-read as scalars, which
   * costs a load instead of a lane extract (a shuffle-port µop on x86).
   */
  readonly inMemory?: number;
}

const BOOL = { kind: 'integer', width: 1 } as const;
const LANE_SUFFIX: Readonly<Record<number, string>> = { 1: '8', 2: '16', 4: '32', 8: '64' };

/** The index lanes as i32x4 parts (4 lanes each). */
function i32IndexParts(ctx: ScalarContext, index: IndexVector, lanes: number): readonly number[] {
  const { f } = ctx;
  const e = index.element;
  const width = e.kind === 'index' ? 64 : e.kind === 'integer' ? e.width : 0;
  if (width === 32) return index.parts;
  if (width !== 64)
    throw new EngineUnsupportedError(
      `gather/scatter indices of ${width}-bit lanes are not supported`,
    );
  return Array.from({ length: Math.ceil(lanes / 4) }, (_, q) => {
    const part = ctx.temp('v128');
    f.op('local.get', index.parts[2 * q] as number);
    f.op('local.get', (index.parts[2 * q + 1] ?? index.parts[2 * q]) as number);
    f.shuffle(LOW_HALVES_OF_PAIR).op('local.set', part);
    return part;
  });
}

/**
 * Per 4 lanes: `start + ((index & mask) * stride) << log2(bytes)` as i32x4 byte addresses
 * (`mask` undefined: the index lanes of masked-off lanes are known to be zero already).
 */
function addressParts(
  ctx: ScalarContext,
  a: VectorAccess,
  index: IndexVector,
  mask: readonly number[] | undefined,
): number[] {
  const { f } = ctx;
  const bytes = elementBytes(scalarElement(a.memref));
  const start = ctx.temp('v128');
  f.op('local.get', startAddress(ctx, a)).op('i32x4.splat').op('local.set', start);
  const strides = a.slot.strided?.strides;
  const stride = strides?.[strides.length - 1];
  return i32IndexParts(ctx, index, a.lanes).map((idx, q) => {
    const out = ctx.temp('v128');
    f.op('local.get', idx);
    if (mask !== undefined) f.op('local.get', mask[q] as number).op('v128.and');
    if (stride !== undefined)
      f.op('local.get', stride).op('i32.wrap_i64').op('i32x4.splat').op('i32x4.mul');
    if (bytes > 1) f.constInt('i32', Math.log2(bytes)).op('i32x4.shl');
    f.op('local.get', start).op('i32x4.add').op('local.set', out);
    return out;
  });
}

function pushAddressLane(ctx: ScalarContext, addresses: readonly number[], lane: number): void {
  ctx.f.op('local.get', addresses[lane >> 2] as number).lane('i32x4.extract_lane', lane & 3);
}

/** The lane layout of `elem`, which a gather or scatter moves one lane at a time. */
function movedLanes(elem: ScalarType, what: 'gathers' | 'scatters'): LaneLayout {
  // NOTE: i1 memrefs hold bytes and i1 vectors 32-bit lanes: no conversion between them yet.
  if (isBool(elem)) throw new EngineUnsupportedError(`${what} of i1 elements are not supported`);
  return laneLayoutOf(elem);
}

/**
 * `vector.gather`: lane loads from vector-computed addresses, then a blend with pass-through
 * (`'unused'`: masked-off lanes are never observed, so no blend).
 */
export function lowerGather(
  ctx: ScalarContext,
  a: VectorAccess,
  index: IndexVector,
  mask: readonly number[] | 'all',
  passThru: readonly number[] | 'zero' | 'unused',
  result: readonly number[],
): void {
  const { f } = ctx;
  const elem = scalarElement(a.memref);
  const { perPart, bytes } = movedLanes(elem, 'gathers');
  if (mask === 'all' && index.inMemory !== undefined && a.slot.strided === undefined) {
    gatherFromMemoryIndices(ctx, a, index.inMemory, result);
    return;
  }
  const guard = mask === 'all' || index.zeroWhereMasked === true ? undefined : mask;
  const addresses = addressParts(ctx, a, index, guard);
  for (let lane = 0; lane < a.lanes; lane++) {
    const part = result[Math.floor(lane / perPart)] as number;
    pushAddressLane(ctx, addresses, lane);
    loadLane(ctx, part, lane % perPart, bytes);
    f.op('local.set', part);
  }
  if (mask === 'all' || passThru === 'unused') return;
  result.forEach((part, k) => {
    f.op('local.get', part);
    if (passThru !== 'zero') f.op('local.get', passThru[k] as number);
    pushMaskFor(f, mask, elem, k);
    f.op(passThru === 'zero' ? 'v128.and' : 'v128.bitselect').op('local.set', part);
  });
}

/**
 * All-active gather with in-memory i32 indices: per lane, `start + (index << log2(bytes))`
 * in scalar registers, then a lane load (`load*_zero` starts each part, breaking the
 * dependency on the part's previous value).
 */
function gatherFromMemoryIndices(
  ctx: ScalarContext,
  a: VectorAccess,
  indices: number,
  result: readonly number[],
): void {
  const { f } = ctx;
  const { perPart, bytes } = laneLayoutOf(scalarElement(a.memref));
  const start = startAddress(ctx, a);
  for (let lane = 0; lane < a.lanes; lane++) {
    const part = result[Math.floor(lane / perPart)] as number;
    f.op('local.get', start)
      .op('local.get', indices)
      .memory('i32.load', 4 * lane);
    if (bytes > 1) f.constInt('i32', Math.log2(bytes)).op('i32.shl');
    f.op('i32.add');
    loadLane(ctx, part, lane % perPart, bytes);
    f.op('local.set', part);
  }
}

/**
 * Loads the element at the pushed address into lane `lane` of `part`, leaving the part on
 * the stack. Every lane of a part is loaded in turn, so lane 0 uses `load*_zero` where one
 * exists: it breaks the dependency on the part's previous value.
 */
function loadLane(ctx: ScalarContext, part: number, lane: number, bytes: number): void {
  if (lane === 0 && bytes >= 4) ctx.f.memory(`v128.load${LANE_SUFFIX[bytes]}_zero`);
  else ctx.f.op('local.get', part).memoryLane(`v128.load${LANE_SUFFIX[bytes]}_lane`, lane);
}

/** `vector.scatter`: per lane, in lane order, a mask test and a lane store. */
export function lowerScatter(
  ctx: ScalarContext,
  a: VectorAccess,
  index: IndexVector,
  mask: readonly number[] | 'all',
  value: readonly number[],
): void {
  const { f } = ctx;
  const { perPart, bytes } = movedLanes(scalarElement(a.memref), 'scatters');
  const addresses = addressParts(ctx, a, index, undefined);
  for (let lane = 0; lane < a.lanes; lane++) {
    if (mask !== 'all') {
      pushLane(f, BOOL, mask, lane);
      f.structured('if');
    }
    pushAddressLane(ctx, addresses, lane);
    f.op('local.get', value[Math.floor(lane / perPart)] as number);
    f.memoryLane(`v128.store${LANE_SUFFIX[bytes]}_lane`, lane % perPart);
    if (mask !== 'all') f.op('end');
  }
}
