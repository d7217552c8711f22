/**
 * Compiles one `func.func` to a wasm function: the wasm engine's backend of the shared
 * lowering skeleton (../../lowering.ts). Every IR value lives in locals (scalars in one, vectors
 * in v128 parts, memrefs as a base address plus dims), so ops compile one at a time;
 * structured control flow maps to `block`/`loop`/`if`, and loop-carried values move by
 * parallel assignment through the operand stack. The op emitters are in wasm-handlers.ts.
 */

import type { MemRefType, Operation, ScalarType, Type, Value, VectorType } from '@tilekit/loop-ir';
import { definingOps, laneCount, usersOf } from '@tilekit/loop-ir';
import type { ValType } from '@tilekit/wasm-encoder';
import { FunctionBuilder } from '@tilekit/wasm-encoder';
import { EngineUnsupportedError } from '../../errors.js';
import type { CountedLoop, EngineBackend } from '../../lowering.js';
import { elementBytes } from '../runtime/memory-layout.js';
import { maskLaneCount, remainingLanesMask } from './full-vector-loop.js';
import type { HostImports } from './host-imports.js';
import { inductionOffset, walkedMemrefs } from './induction-pointers.js';
import { partCount, valTypeOf } from './lanes.js';
import { releasePoints } from './local-reuse.js';
import {
  computedAddress,
  type MemSlot,
  pushAddress,
  type ScalarAddress,
  scalarElement,
  type VectorAccess,
} from './memory-ops.js';
import type { Push } from './scalar-ops.js';
import type { VectorContext, VectorValue } from './vector-ops.js';
import { type ZeroFill, zeroFillOf } from './zero-fill-loop.js';

/** Where one IR value lives. */
export type Slot =
  | { readonly kind: 'scalar'; readonly local: number; readonly type: ScalarType }
  | { readonly kind: 'vector'; readonly value: VectorValue }
  | { readonly kind: 'memref'; readonly mem: MemSlot; readonly type: MemRefType };

/**
 * The wasm parameter types of one IR argument type: memrefs pass a base address and one
 * i64 per dim, plus (strided layouts) one i64 per stride and the offset.
 */
export function paramTypesOf(t: Type): ValType[] {
  if (t.kind === 'memref') {
    const strided =
      t.layout === undefined ? [] : [...t.shape.map((): ValType => 'i64'), 'i64' as const];
    return ['i32', ...t.shape.map((): ValType => 'i64'), ...strided];
  }
  // NOTE: vector arguments are not passed (a kernel takes vectors through memrefs).
  if (t.kind === 'vector' || t.kind === 'function') {
    throw new EngineUnsupportedError(`function arguments of type ${t.kind} are not supported`);
  }
  return [valTypeOf(t)];
}

/** The induction pointers of one `scf.for` (see induction-pointers.ts). */
interface LoopWalk {
  /** Whether the induction variable is never negative (a constant lower bound >= 0). */
  readonly nonNegative: boolean;
  /** By memref: the i32 local holding `&m[iv]`, and log2 of its element size. */
  readonly pointers: ReadonlyMap<Value, { readonly local: number; readonly shift: number }>;
}

/** How one function is compiled (see WasmEngineOptions). */
export interface FunctionCompileOptions {
  /** The value of `vector.vscale`. */
  readonly vscale: number;
  /** Whether loops address memrefs through induction pointers (induction-pointers.ts). */
  readonly inductionPointers: boolean;
  /** The iterations each `scf.while` may run (`undefined`: any number). */
  readonly whileBound?: number | undefined;
}

/** Compiles function bodies; one instance per function. Its carried storage is a slot. */
export class FunctionCompiler implements VectorContext, EngineBackend<Slot> {
  readonly engineName = 'wasm';
  readonly f: FunctionBuilder;
  readonly vscale: number;
  readonly #slots = new Map<Value, Slot>();
  readonly #defs: ReadonlyMap<Value, Operation>;
  readonly #users: ReadonlyMap<Value, readonly Operation[]>;
  readonly #allTrue = new Set<Value>();
  readonly #host: HostImports;
  /** Values whose locals return to the pool once an op is compiled (see local-reuse.ts). */
  readonly #releases: ReadonlyMap<Operation, readonly Value[]>;
  /** Released locals by type, handed out again before new ones are declared. */
  readonly #free = new Map<ValType, number[]>();
  /** How many values live in each defined slot (block arguments hold theirs for good). */
  readonly #holders = new Map<Slot, number>();
  /** Temps of the ops being compiled (a stack: nested ops release theirs first). */
  readonly #temps: { readonly local: number; readonly type: ValType }[] = [];
  /** Whether loops get induction pointers. */
  readonly #inductionPointers: boolean;
  readonly #whileBound: number | undefined;
  /** The induction pointers of the loops being compiled, by induction variable. */
  readonly #walks = new Map<Value, LoopWalk>();
  /** How induction-pointers.ts reads the IR. */
  readonly #offsetQuery = {
    definingOp: (v: Value) => this.#defs.get(v),
    constantOf: (v: Value) => this.#constantOf(v),
  };
  /** The next wasm parameter to bind to an entry argument. */
  #param = 0;

  constructor(func: Operation, host: HostImports, options: FunctionCompileOptions) {
    this.vscale = options.vscale;
    this.#inductionPointers = options.inductionPointers;
    this.#whileBound = options.whileBound;
    this.#host = host;
    this.#defs = definingOps(func);
    this.#users = usersOf(func);
    this.#releases = releasePoints(func);
    const type = func.attributes.function_type;
    if (type?.kind !== 'type' || type.type.kind !== 'function')
      throw new EngineUnsupportedError('func.func without a function_type');
    const fnType = type.type;
    const results = fnType.results.map((t) => {
      if (t.kind === 'memref' || t.kind === 'vector' || t.kind === 'function') {
        throw new EngineUnsupportedError(`results of type ${t.kind} are not supported`);
      }
      return valTypeOf(t);
    });
    this.f = new FunctionBuilder(fnType.inputs.flatMap(paramTypesOf), results);
  }

  /** Memrefs take a base address, one parameter per dim and (strided) per stride plus the offset. */
  bindArgument(arg: Value): void {
    const t = arg.type;
    if (t.kind === 'memref') {
      const base = this.#param++;
      const dims = t.shape.map(() => this.#param++);
      const strided =
        t.layout === undefined
          ? undefined
          : { strides: t.shape.map(() => this.#param++), offset: this.#param++ };
      this.#slots.set(arg, {
        kind: 'memref',
        type: t,
        mem: { base, dims, ...(strided === undefined ? {} : { strided }) },
      });
    } else {
      this.#slots.set(arg, { kind: 'scalar', local: this.#param++, type: t as ScalarType });
    }
  }

  returnValues(values: readonly Value[]): void {
    for (const v of values) this.#push(v);
  }

  /** Frees the op's temps and the values whose last use it was (see local-reuse.ts). */
  scopeOp(op: Operation, emit: () => void): void {
    const temps = this.#temps.length;
    emit();
    for (const t of this.#temps.splice(temps)) this.#release(t.local, t.type);
    for (const v of this.#releases.get(op) ?? []) this.#releaseValue(v);
  }

  /** The value of an integer `arith.constant`, else undefined. */
  #constantOf(v: Value): bigint | undefined {
    const attr = this.#defs.get(v)?.attributes.value;
    return this.#defs.get(v)?.name === 'arith.constant' && attr?.kind === 'integer'
      ? attr.value
      : undefined;
  }

  /** True when `v` is a mask known to be all-true here (see full-vector-loop.ts). */
  isAllTrue(v: Value): boolean {
    return this.#allTrue.has(v);
  }

  /** True when `v` is a vector constant whose bits are all zero (`dense<0>`, `dense<0.0>`). */
  isZeroVector(v: Value): boolean {
    const def = this.#defs.get(v);
    const attr = def?.name === 'arith.constant' ? def.attributes.value : undefined;
    return (
      attr?.kind === 'dense' &&
      attr.values.every((x) => (typeof x === 'bigint' ? x === 0n : Object.is(x, 0)))
    );
  }

  /** The op defining `v` (undefined for block arguments). */
  definingOp(v: Value): Operation | undefined {
    return this.#defs.get(v);
  }

  /** The ops that use `v` as an operand. */
  usersOf(v: Value): readonly Operation[] {
    return this.#users.get(v) ?? [];
  }

  /** A scratch local, free again once the op being compiled is done. */
  temp(type: ValType): number {
    const local = this.#local(type);
    this.#temps.push({ local, type });
    return local;
  }

  /** A released local of `type`, else a new one. */
  #local(type: ValType): number {
    return this.#free.get(type)?.pop() ?? this.f.local(type);
  }

  #release(local: number, type: ValType): void {
    const list = this.#free.get(type);
    if (list === undefined) this.#free.set(type, [local]);
    else list.push(local);
  }

  /**
   * Drops `v`'s hold on its slot; the locals return to the pool when no live value holds the
   * slot any more (an all-true select and loop results alias another value's slot).
   */
  #releaseValue(v: Value): void {
    const s = this.#slots.get(v);
    const holders = s === undefined ? undefined : this.#holders.get(s);
    if (s === undefined || holders === undefined) return;
    if (holders > 1) {
      this.#holders.set(s, holders - 1);
      return;
    }
    this.#holders.delete(s);
    if (s.kind === 'scalar') this.#release(s.local, valTypeOf(s.type));
    else if (s.kind === 'vector') for (const p of s.value.parts) this.#release(p, 'v128');
  }

  callHost(name: string, params: readonly ValType[], result: ValType): void {
    this.f.op('call', this.#host.index(name, params, [result]));
  }

  /** The slot of a value (throws for values never defined: malformed IR). */
  slot(v: Value): Slot {
    const s = this.#slots.get(v);
    if (s === undefined)
      throw new EngineUnsupportedError('use of a value with no definition in scope');
    return s;
  }

  /** Allocates the locals of a new value. */
  define(v: Value): Slot {
    const t = v.type;
    let s: Slot;
    if (t.kind === 'vector') {
      const parts = Array.from({ length: partCount(t, this.vscale) }, () => this.#local('v128'));
      s = { kind: 'vector', value: { type: t, parts } };
    } else if (t.kind === 'memref' || t.kind === 'function') {
      throw new EngineUnsupportedError(`values of type ${t.kind} cannot be created`);
    } else {
      s = { kind: 'scalar', local: this.#local(valTypeOf(t)), type: t };
    }
    this.#slots.set(v, s);
    this.#holders.set(s, 1);
    return s;
  }

  /** Makes `v` live in an existing slot (loop results alias the loop-carried locals). */
  alias(v: Value, s: Slot): void {
    this.#slots.set(v, s);
    const holders = this.#holders.get(s);
    if (holders !== undefined) this.#holders.set(s, holders + 1);
  }

  scalarLocal(v: Value): number {
    const s = this.slot(v);
    if (s.kind !== 'scalar') throw new EngineUnsupportedError('expected a scalar value');
    return s.local;
  }

  vectorOf(v: Value): VectorValue {
    const s = this.slot(v);
    if (s.kind !== 'vector') throw new EngineUnsupportedError('expected a vector value');
    return s.value;
  }

  memOf(v: Value): { mem: MemSlot; type: MemRefType } {
    const s = this.slot(v);
    if (s.kind !== 'memref') throw new EngineUnsupportedError('expected a memref value');
    return s;
  }

  /**
   * The induction pointer standing for `memref[indices]` and the bytes past it (see
   * induction-pointers.ts), with whether those bytes may go in an instruction's offset.
   */
  #walked(
    memref: Value,
    indices: readonly Value[],
  ): { local: number; offset: number; inOffset: boolean } | undefined {
    const [index] = indices;
    if (indices.length !== 1 || index === undefined) return undefined;
    for (const [iv, walk] of this.#walks) {
      const pointer = walk.pointers.get(memref);
      const c = pointer && inductionOffset(index, iv, this.#offsetQuery);
      if (pointer === undefined || c === undefined) continue;
      return {
        local: pointer.local,
        offset: Number(c) << pointer.shift,
        inOffset: walk.nonNegative,
      };
    }
    return undefined;
  }

  /** Where a scalar `memref.load` / `memref.store` of `memref[indices]` accesses. */
  scalarAddress(memref: Value, indices: readonly Value[]): ScalarAddress {
    const walked = this.#walked(memref, indices);
    const f = this.f;
    if (walked === undefined) {
      const { mem, type } = this.memOf(memref);
      return computedAddress(
        f,
        mem,
        type,
        indices.map((v) => this.pusher(v)),
      );
    }
    const { local, offset, inOffset } = walked;
    if (inOffset || offset === 0) return { push: () => f.op('local.get', local), offset };
    return {
      push: () => f.op('local.get', local).constInt('i32', offset).op('i32.add'),
      offset: 0,
    };
  }

  /** A vector access of `vector`'s lanes from `memref[indices]` (its induction pointer, if any). */
  vectorAccess(memref: Value, indices: readonly Value[], vector: VectorType): VectorAccess {
    const { mem, type } = this.memOf(memref);
    const walked = this.#walked(memref, indices);
    return {
      slot: mem,
      memref: type,
      indices: indices.map((v) => this.pusher(v)),
      vector,
      lanes: laneCount(vector, this.vscale),
      ...(walked === undefined ? {} : { walked: { local: walked.local, offset: walked.offset } }),
    };
  }

  pusher(v: Value): Push {
    const local = this.scalarLocal(v);
    return () => this.f.op('local.get', local);
  }

  #push(v: Value): void {
    const s = this.slot(v);
    if (s.kind === 'scalar') this.f.op('local.get', s.local);
    else if (s.kind === 'vector') for (const p of s.value.parts) this.f.op('local.get', p);
    else throw new EngineUnsupportedError('memrefs cannot be loop-carried');
  }

  /** Pops the operand stack into `s`'s locals (the last part is on top). */
  popInto(s: Slot): void {
    if (s.kind === 'scalar') this.f.op('local.set', s.local);
    else if (s.kind === 'vector')
      for (const p of [...s.value.parts].reverse()) this.f.op('local.set', p);
  }

  carry(values: readonly Value[]): Slot[] {
    return values.map((v) => this.define(v));
  }

  bindCarried(value: Value, storage: Slot): void {
    this.alias(value, storage);
  }

  /** Parallel assignment `targets := values` (all values are read before any is written). */
  assign(targets: readonly Slot[], values: readonly Value[]): void {
    for (const v of values) this.#push(v);
    for (const t of [...targets].reverse()) this.popInto(t);
  }

  forLoop(loop: CountedLoop, body: () => void): void {
    const fill = zeroFillOf(
      loop,
      (v) => this.#constantOf(v),
      (v) => this.#defs.get(v),
    );
    if (fill !== undefined) {
      this.#zeroFill(loop, fill);
      return;
    }
    const { upperBound: hi, step } = loop;
    const ivType = valTypeOf(loop.lowerBound.type as ScalarType);
    const ivLocal = this.scalarLocal(loop.inductionVariable);
    const [hiLocal, stepLocal] = [this.scalarLocal(hi), this.scalarLocal(step)];
    const f = this.f;
    const walk =
      this.#inductionPointers && ivType === 'i64' ? this.#startWalk(loop, ivLocal) : undefined;
    // A non-positive step would never terminate; the interpreter raises, so do we (a positive
    // constant step needs no check).
    const constantStep = this.#constantOf(step);
    if (constantStep === undefined || constantStep <= 0n) {
      f.op('local.get', stepLocal)
        .constInt(ivType as 'i32' | 'i64', 0)
        .op(`${ivType}.le_s`)
        .structured('if');
      this.callHost('scf.for.badStep', [], 'i32');
      f.op('drop').op('end');
    }
    const emitLoop = (exitWhen: () => void): void => {
      f.structured('block').structured('loop');
      exitWhen();
      f.op('br_if', 1);
      body();
      f.op('local.get', ivLocal)
        .op('local.get', stepLocal)
        .op(`${ivType}.add`)
        .op('local.set', ivLocal);
      for (const { local, shift } of walk?.pointers.values() ?? []) {
        f.op('local.get', local);
        if (constantStep !== undefined) f.constInt('i32', constantStep << BigInt(shift));
        else f.op('local.get', stepLocal).op('i32.wrap_i64').constInt('i32', shift).op('i32.shl');
        f.op('i32.add').op('local.set', local);
      }
      f.op('br', 0).op('end').op('end');
    };
    const mask = remainingLanesMask(loop.body, hi, step, (v) => this.#constantOf(v));
    // Whole vectors first (hi - iv < step exits). There min(step, hi - iv) is the step, and
    // create_mask(step) is all-true only when step >= lanes: a smaller step (hand-written IR)
    // leaves lanes off on every iteration. A constant step decides it here, any other step
    // (VLA's c * vscale, an argument) once before the loop.
    const lanes = mask === undefined ? undefined : maskLaneCount(mask, this.vscale);
    if (
      mask !== undefined &&
      lanes !== undefined &&
      (constantStep ?? BigInt(lanes)) >= BigInt(lanes)
    ) {
      const checkStep = constantStep === undefined;
      if (checkStep) {
        f.op('local.get', stepLocal)
          .constInt(ivType as 'i32' | 'i64', lanes)
          .op(`${ivType}.ge_s`)
          .structured('if');
      }
      this.#allTrue.add(mask);
      emitLoop(() =>
        f
          .op('local.get', hiLocal)
          .op('local.get', ivLocal)
          .op(`${ivType}.sub`)
          .op('local.get', stepLocal)
          .op(`${ivType}.lt_s`),
      );
      this.#allTrue.delete(mask);
      if (checkStep) f.op('end');
    }
    emitLoop(() => f.op('local.get', ivLocal).op('local.get', hiLocal).op(`${ivType}.ge_s`));
    if (walk !== undefined) this.#endWalk(loop.inductionVariable, walk);
  }

  /**
   * Sets up the induction pointers of `loop` (see induction-pointers.ts): one i32 local per
   * rank-1 memref its body indexes by the induction variable, set to `&m[iv]` (`iv` holds the
   * lower bound here). Undefined when the body has no such access.
   */
  #startWalk(loop: CountedLoop, ivLocal: number): LoopWalk | undefined {
    const iv = loop.inductionVariable;
    const memrefs = walkedMemrefs(loop.body, iv, this.#offsetQuery);
    if (memrefs.length === 0) return undefined;
    const pointers = new Map<Value, { local: number; shift: number }>();
    for (const memref of memrefs) {
      const { mem, type } = this.memOf(memref);
      const shift = Math.log2(elementBytes(scalarElement(type)));
      const local = this.#local('i32');
      pushAddress(this.f, mem, type, [() => this.f.op('local.get', ivLocal)]);
      this.f.op('local.set', local);
      pointers.set(memref, { local, shift });
    }
    const lowerBound = this.#constantOf(loop.lowerBound);
    const walk = { nonNegative: lowerBound !== undefined && lowerBound >= 0n, pointers };
    this.#walks.set(iv, walk);
    return walk;
  }

  /** Retires `walk` once its loop is emitted; its locals return to the pool. */
  #endWalk(iv: Value, walk: LoopWalk): void {
    this.#walks.delete(iv);
    for (const { local } of walk.pointers.values()) this.#release(local, 'i32');
  }

  /** `if (hi > lo) memory.fill(&m[.., lo], 0, (hi - lo) * bytes)` (see zero-fill-loop.ts). */
  #zeroFill(loop: CountedLoop, fill: ZeroFill): void {
    const f = this.f;
    const [lo, hi] = [this.scalarLocal(loop.lowerBound), this.scalarLocal(loop.upperBound)];
    const { mem } = this.memOf(fill.memref);
    const pushers = fill.indices.map((v) =>
      v === loop.inductionVariable ? () => f.op('local.get', lo) : this.pusher(v),
    );
    f.op('local.get', hi).op('local.get', lo).op('i64.gt_s').structured('if');
    pushAddress(f, mem, fill.type, pushers);
    f.constInt('i32', 0);
    f.op('local.get', hi).op('local.get', lo).op('i64.sub').op('i32.wrap_i64');
    const bytes = elementBytes(scalarElement(fill.type));
    if (bytes > 1) f.constInt('i32', Math.log2(bytes)).op('i32.shl');
    f.op('memory.fill', 0).op('end');
  }

  whileLoop(body: () => void): void {
    const f = this.f;
    const bound = this.#whileBound;
    // Pass p (from 0) starts only while p <= bound, as the interpreter counts.
    const passes = bound === undefined ? undefined : f.local('i64');
    if (passes !== undefined) f.constInt('i64', 0).op('local.set', passes);
    f.structured('block').structured('loop');
    if (passes !== undefined && bound !== undefined) {
      f.op('local.get', passes).constInt('i64', bound).op('i64.gt_u').structured('if');
      f.constFloat('f64', bound);
      this.callHost('scf.while.limit', ['f64'], 'i32');
      f.op('drop').op('end');
      f.op('local.get', passes).constInt('i64', 1).op('i64.add').op('local.set', passes);
    }
    body();
    f.op('br', 0).op('end').op('end');
  }

  exitUnless(condition: Value): void {
    this.f.op('local.get', this.scalarLocal(condition)).op('i32.eqz').op('br_if', 1);
  }

  ifElse(condition: Value, then: () => void, otherwise: (() => void) | undefined): void {
    this.f.op('local.get', this.scalarLocal(condition)).structured('if');
    then();
    if (otherwise !== undefined) {
      this.f.op('else');
      otherwise();
    }
    this.f.op('end');
  }
}
