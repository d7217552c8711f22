/**
 * What one warp of a WebGPU layout pass reads and writes, simulated from the data the pass is
 * generated from (its kind and uniform values, src/webgpu/layout-pass-kind.ts): invocations run
 * the kind's digit steps on its uniforms with the WGSL's i32 arithmetic and issue the same loads
 * and stores as the generated WGSL (src/webgpu/programs/layout-gather-webgpu.ts): a direct pass
 * one vec4 or one scalar per output of its run and a vector store; a staged pass, per workgroup
 * block, its loads down the source's runs and its stores across the outputs. Tests use it to
 * check that consecutive invocations touch consecutive memory, as GPUs need to coalesce them.
 */

import { WEBGPU_WORKGROUP_SIZE as WORKGROUP_SIZE } from '@tilekit/tfjs-backend-support/webgpu-passes';
import { UNBOUNDED } from '../../src/gpu/index-chain.js';
import type { LayoutPassCall } from '../../src/webgpu/layout-pass-kind.js';

/** Lanes of a warp. */
export const WARP = 32;

const ELEMENT_BYTES = 4;

/** One memory access of one lane: a byte address and width, and whether it moves data. */
export interface Access {
  readonly byte: number;
  readonly bytes: number;
  /** A padding output's load (of element 0, selected away) or an idle lane: no data moves. */
  readonly idle: boolean;
}

/** One warp's memory instructions (each the accesses of its lanes) and what it copies. */
export interface WarpAccesses {
  readonly instructions: Access[][];
  /** [output, source] of every output the warp writes (source -1: padding). */
  readonly copies: [number, number][];
}

/** The call's uniform values by name, as the program declares them. */
function uniformsOf(call: LayoutPassCall) {
  const { kind, uniforms } = call;
  const increments = Math.max(1, Math.ceil(kind.movedTerms.length / 4));
  const downIncrements = Math.max(1, Math.ceil((kind.staged?.downTerms.length ?? 0) / 4));
  const terms = 5 + increments + downIncrements;
  return {
    count: uniforms[0]!.data[0]!,
    delta: uniforms[3]!.data[0]!,
    staged: uniforms[4]!.data as [number, number, number, number],
    increments: uniforms.slice(5, 5 + increments).flatMap((u) => u.data),
    downIncrements: uniforms.slice(5 + increments, terms).flatMap((u) => u.data),
    terms: uniforms.slice(terms).map((u) => u.data),
  };
}

/**
 * The kind's digit steps from output index `start`: the source, the slack, and the room left
 * below the bound of each step's bounded moved digit (across and, staged, down).
 */
function runSteps(call: LayoutPassCall, start: number) {
  const { kind } = call;
  const { terms } = uniformsOf(call);
  let at = start;
  let slack = UNBOUNDED;
  const room = new Map<number, number>();
  const roomDown = new Map<number, number>();
  let first = 0;
  kind.stepTerms.forEach((count, s) => {
    let rem = at;
    let next = 0;
    for (let k = 0; k < count; k++) {
      const g = first + k;
      const [x, bound, weight, size] = terms[g]! as [number, number, number, number];
      let v: number;
      if (kind.remainders) {
        if (k === count - 1) v = rem;
        else {
          v = kind.shifts ? rem >> x : Math.trunc(rem / x);
          rem -= kind.shifts ? v << x : v * x;
        }
      } else {
        v = (kind.shifts ? at >> x : Math.trunc(at / x)) % size;
      }
      if (kind.bounded.includes(g)) {
        slack = Math.min(slack, bound - 1 - v);
        if (kind.movedTerms[s] === k) room.set(s, bound - 1 - v);
        if (kind.staged?.downTerms[s] === k) roomDown.set(s, bound - 1 - v);
      }
      next += v * weight;
    }
    first += count;
    at = next;
  });
  return { at, slack, room, roomDown };
}

const element = (index: number, idle = false): Access => ({
  byte: index * ELEMENT_BYTES,
  bytes: ELEMENT_BYTES,
  idle,
});

/** Warp `w` of a direct pass: invocations 32w .. 32w + 31, one run of outputs each. */
function directWarp(call: LayoutPassCall, w: number): WarpAccesses {
  const { kind } = call;
  const { count, delta, increments } = uniformsOf(call);
  const lanes: { loads: Access[]; store: Access }[] = [];
  const copies: [number, number][] = [];
  for (let p = w * WARP; p < Math.min(count, (w + 1) * WARP); p++) {
    const { at, slack, room } = runSteps(call, p * kind.width);
    const padding = Array.from(
      { length: kind.width },
      (_, k) => slack < 0 || (k > 0 && [...room].some(([s, left]) => left < k * increments[s]!)),
    );
    padding.forEach((pad, k) => {
      copies.push([p * kind.width + k, pad ? -1 : at + k * delta]);
    });
    const loads = kind.vectorLoads
      ? [{ byte: ((slack < 0 ? 0 : at) >> 2) * 16, bytes: 16, idle: slack < 0 }]
      : padding.map((pad, k) => element(pad ? 0 : at + k * delta, pad));
    const bytes = kind.width * ELEMENT_BYTES;
    lanes.push({ loads, store: { byte: p * bytes, bytes, idle: false } });
  }
  const loadSlots = lanes[0]?.loads.length ?? 0;
  return {
    instructions: [
      ...Array.from({ length: loadSlots }, (_, k) => lanes.map((lane) => lane.loads[k]!)),
      lanes.map((lane) => lane.store),
    ],
    copies,
  };
}

/**
 * Warp `w` of a staged pass: half `w % 2` of the workgroup that takes block `w >> 1`, over every
 * iteration of its load and store loops.
 */
function stagedWarp(call: LayoutPassCall, w: number): WarpAccesses {
  const tile = call.kind.staged!;
  const { delta, staged, increments, downIncrements } = uniformsOf(call);
  const [stride, blocksPerBand] = staged;
  const block = w >> 1;
  const band = Math.trunc(block / blocksPerBand);
  const first = band * tile.down * stride + (block - band * blocksPerBand) * tile.across;
  const { at, slack, room, roomDown } = runSteps(call, first);
  const padding = (a: number, b: number) =>
    slack < 0 ||
    [...room].some(([s, left]) => left < a * increments[s]!) ||
    [...roomDown].some(([s, left]) => left < b * downIncrements[s]!);
  const lanes = Array.from({ length: WARP }, (_, k) => (w & 1) * WARP + k);
  const instructions: Access[][] = [];
  const copies: [number, number][] = [];
  const elements = tile.across * tile.down;
  /** One instruction per round of the workgroup over the block: element `e`'s access per lane. */
  const eachRound = (access: (e: number) => Access) => {
    for (let base = 0; base < elements; base += WORKGROUP_SIZE) {
      instructions.push(lanes.map((lane) => access(base + lane)));
    }
  };
  // The loads, element e of the block as (a, b) = (e / down, e % down).
  eachRound((e) => {
    const a = Math.trunc(e / tile.down);
    const b = e - a * tile.down;
    const pad = e >= elements || padding(a, b);
    return element(pad ? 0 : at + a * delta + b, pad);
  });
  // The stores, element e as (a, b) = (e % across, e / across).
  eachRound((e) => {
    const b = Math.trunc(e / tile.across);
    const a = e - b * tile.across;
    if (e < elements) {
      copies.push([first + a + b * stride, padding(a, b) ? -1 : at + a * delta + b]);
    }
    return element(first + a + b * stride, e >= elements);
  });
  return { instructions, copies };
}

/** Warps of the pass of `call`. */
export function warpCount(call: LayoutPassCall): number {
  return call.kind.staged === null
    ? Math.ceil(uniformsOf(call).count / WARP)
    : uniformsOf(call).count * (WORKGROUP_SIZE / WARP);
}

/** Warp `w` of the pass of `call`. */
export function simulateWarp(call: LayoutPassCall, w: number): WarpAccesses {
  return call.kind.staged === null ? directWarp(call, w) : stagedWarp(call, w);
}

/** Bytes of a memory transaction segment (a GPU's sector). */
export const SECTOR_BYTES = 32;

/**
 * How many more 32-byte sectors one instruction's working accesses touch than the fewest that
 * could hold their bytes: 0 when the warp reads or writes whole sectors (contiguous runs of
 * at least 32 bytes), up to one per lane for a stride.
 */
export function wastedSectors(accesses: readonly Access[]): number {
  const working = accesses.filter((a) => !a.idle);
  const sectors = new Set<number>();
  const bytes = new Set<number>();
  for (const a of working) {
    for (let b = a.byte; b < a.byte + a.bytes; b += ELEMENT_BYTES) bytes.add(b);
    for (
      let s = Math.floor(a.byte / SECTOR_BYTES);
      s <= Math.floor((a.byte + a.bytes - 1) / SECTOR_BYTES);
      s++
    ) {
      sectors.add(s);
    }
  }
  return sectors.size - Math.ceil((bytes.size * ELEMENT_BYTES) / SECTOR_BYTES);
}
