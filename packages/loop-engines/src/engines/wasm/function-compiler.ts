/**
 * Compiles one `func.func` to a wasm function. Every IR value lives in locals (scalars in
 * one, vectors in v128 parts, memrefs as a base address plus dims), so ops compile one at a
 * time; structured control flow maps to `block`/`loop`/`if`, and loop-carried values move by
 * parallel assignment through the operand stack.
 */

import type { Block, MemRefType, Operation, ScalarType, Type, Value } from '@tilekit/loop-ir';
import { definingOps, usersOf } from '@tilekit/loop-ir';
import { EngineUnsupportedError } from '../errors.js';
import { computeOperandIndex, isVectorOp } from '../op-classes.js';
import { pushAffineMap } from './affine-lowering.js';
import { maskLaneCount, remainingLanesMask } from './full-vector-loop.js';
import { FunctionBuilder } from './function-builder.js';
import type { HostImports } from './host-imports.js';
import { partCount, valTypeOf } from './lanes.js';
import { releasePoints } from './local-reuse.js';
import { lowerLoad, lowerStore, type MemSlot } from './memory-ops.js';
import type { ValType } from './opcodes.js';
import { lowerScalarConstant } from './scalar-cmp-cast.js';
import type { Push } from './scalar-ops.js';
import { lowerVectorOp } from './vector-dispatch.js';
import { lowerScalarOp, type VectorContext, type VectorValue } from './vector-ops.js';

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
  if (t.kind === 'vector' || t.kind === 'function') {
    throw new EngineUnsupportedError(`function arguments of type ${t.kind} are not supported`);
  }
  return [valTypeOf(t)];
}

/** Compiles function bodies; one instance per function. */
export class FunctionCompiler implements VectorContext {
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

  constructor(func: Operation, vscale: number, host: HostImports) {
    this.vscale = vscale;
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
    const entry = func.regions[0]?.blocks[0];
    if (entry === undefined) throw new EngineUnsupportedError('function without a body');
    let param = 0;
    for (const arg of entry.arguments) {
      const t = arg.type;
      if (t.kind === 'memref') {
        const base = param++;
        const dims = t.shape.map(() => param++);
        const strided =
          t.layout === undefined
            ? undefined
            : { strides: t.shape.map(() => param++), offset: param++ };
        this.#slots.set(arg, {
          kind: 'memref',
          type: t,
          mem: { base, dims, ...(strided === undefined ? {} : { strided }) },
        });
      } else {
        this.#slots.set(arg, { kind: 'scalar', local: param++, type: t as ScalarType });
      }
    }
    this.#block(entry);
    const ret = entry.operations[entry.operations.length - 1];
    if (ret?.name === 'func.return') for (const v of ret.operands) this.#push(v);
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

  #popInto(s: Slot): void {
    if (s.kind === 'scalar') this.f.op('local.set', s.local);
    else if (s.kind === 'vector')
      for (const p of [...s.value.parts].reverse()) this.f.op('local.set', p);
  }

  /** Parallel assignment `targets := values` (all values are read before any is written). */
  #assign(targets: readonly Slot[], values: readonly Value[]): void {
    for (const v of values) this.#push(v);
    for (const t of [...targets].reverse()) this.#popInto(t);
  }

  #block(block: Block): void {
    for (const op of block.operations) {
      const temps = this.#temps.length;
      this.#op(op);
      for (const t of this.#temps.splice(temps)) this.#release(t.local, t.type);
      for (const v of this.#releases.get(op) ?? []) this.#releaseValue(v);
    }
  }

  #op(op: Operation): void {
    switch (op.name) {
      case 'func.return':
      case 'scf.yield':
      case 'scf.condition':
        return; // handled by the parent
      case 'scf.for':
        this.#for(op);
        return;
      case 'scf.while':
        this.#while(op);
        return;
      case 'scf.if':
        this.#if(op);
        return;
      case 'memref.load': {
        const { mem, type } = this.memOf(op.operands[0] as Value);
        const out = this.define(op.results[0] as Value);
        lowerLoad(
          this.f,
          mem,
          type,
          op.operands.slice(1).map((v) => this.pusher(v)),
        );
        this.#popInto(out);
        return;
      }
      case 'memref.store': {
        const { mem, type } = this.memOf(op.operands[1] as Value);
        lowerStore(
          this.f,
          mem,
          type,
          op.operands.slice(2).map((v) => this.pusher(v)),
          this.pusher(op.operands[0] as Value),
        );
        return;
      }
      case 'memref.dim':
        this.#dim(op);
        return;
      case 'affine.apply':
      case 'affine.min':
      case 'affine.max': {
        const map = op.attributes.map;
        if (map?.kind !== 'affineMap') throw new EngineUnsupportedError(`${op.name} without a map`);
        const out = this.define(op.results[0] as Value);
        pushAffineMap(
          this,
          op.name.slice(7) as 'apply' | 'min' | 'max',
          map.map,
          op.operands.map((v) => this.pusher(v)),
        );
        this.#popInto(out);
        return;
      }
      case 'arith.constant':
        if ((op.results[0] as Value).type.kind !== 'vector') {
          const out = this.define(op.results[0] as Value);
          lowerScalarConstant(
            this.f,
            op.attributes.value as NonNullable<Operation['attributes']['value']>,
            (op.results[0] as Value).type as ScalarType,
          );
          this.#popInto(out);
          return;
        }
        lowerVectorOp(this, op);
        return;
      default:
        if (isVectorOp(op)) {
          lowerVectorOp(this, op);
        } else {
          this.#scalarOp(op);
        }
    }
  }

  #scalarOp(op: Operation): void {
    const result = op.results[0];
    if (result === undefined || op.regions.length > 0)
      throw new EngineUnsupportedError(`the wasm engine cannot compile ${op.name}`);
    const opType = (op.operands[computeOperandIndex(op.name)] as Value).type as ScalarType;
    const args = op.operands.map((v) => this.pusher(v));
    const out = this.define(result);
    lowerScalarOp(this, op.name, args, opType, result.type as ScalarType, op.attributes);
    this.#popInto(out);
  }

  #dim(op: Operation): void {
    const { mem } = this.memOf(op.operands[0] as Value);
    const which = this.pusher(op.operands[1] as Value);
    const out = this.scalarLocal(this.#defineScalar(op.results[0] as Value));
    if (mem.dims.length === 0) throw new EngineUnsupportedError('memref.dim of a rank-0 memref');
    this.f.op('local.get', mem.dims[0] as number).op('local.set', out);
    for (const [k, d] of mem.dims.entries()) {
      if (k === 0) continue;
      this.f.op('local.get', d).op('local.get', out);
      which();
      this.f.constInt('i64', k).op('i64.eq').op('select').op('local.set', out);
    }
  }

  #defineScalar(v: Value): Value {
    this.define(v);
    return v;
  }

  #for(op: Operation): void {
    const [lo, hi, step, ...inits] = op.operands as Value[];
    const body = op.regions[0]?.blocks[0] as Block;
    const [ivArg, ...iterArgs] = body.arguments as Value[];
    const iv = this.define(ivArg as Value);
    const carried = iterArgs.map((a) => this.define(a));
    this.#assign([iv, ...carried], [lo as Value, ...inits]);
    const ivType = valTypeOf((lo as Value).type as ScalarType);
    const ivLocal = this.scalarLocal(ivArg as Value);
    const [hiLocal, stepLocal] = [this.scalarLocal(hi as Value), this.scalarLocal(step as Value)];
    const f = this.f;
    // A non-positive step would never terminate; the interpreter raises, so do we (a positive
    // constant step needs no check).
    const constantStep = this.#constantOf(step as Value);
    if (constantStep === undefined || constantStep <= 0n) {
      f.op('local.get', stepLocal)
        .constInt(ivType as 'i32' | 'i64', 0)
        .op(`${ivType}.le_s`)
        .structured('if');
      this.callHost('scf.for.badStep', [], 'i32');
      f.op('drop').op('end');
    }
    const loop = (exitWhen: () => void): void => {
      f.structured('block').structured('loop');
      exitWhen();
      f.op('br_if', 1);
      this.#block(body);
      this.#assign(carried, terminatorOperands(body));
      f.op('local.get', ivLocal)
        .op('local.get', stepLocal)
        .op(`${ivType}.add`)
        .op('local.set', ivLocal);
      f.op('br', 0).op('end').op('end');
    };
    const mask = remainingLanesMask(body, hi as Value, step as Value, (v) => this.#constantOf(v));
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
      loop(() =>
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
    loop(() => f.op('local.get', ivLocal).op('local.get', hiLocal).op(`${ivType}.ge_s`));
    op.results.forEach((r, k) => {
      this.alias(r, carried[k] as Slot);
    });
  }

  #while(op: Operation): void {
    const before = op.regions[0]?.blocks[0] as Block;
    const after = op.regions[1]?.blocks[0] as Block;
    const beforeSlots = before.arguments.map((a) => this.define(a));
    const afterSlots = after.arguments.map((a) => this.define(a));
    this.#assign(beforeSlots, op.operands);
    const f = this.f;
    f.structured('block').structured('loop');
    this.#block(before);
    const [cond, ...forwarded] = terminatorOperands(before);
    this.#assign(afterSlots, forwarded);
    f.op('local.get', this.scalarLocal(cond as Value))
      .op('i32.eqz')
      .op('br_if', 1);
    this.#block(after);
    this.#assign(beforeSlots, terminatorOperands(after));
    f.op('br', 0).op('end').op('end');
    op.results.forEach((r, k) => {
      this.alias(r, afterSlots[k] as Slot);
    });
  }

  #if(op: Operation): void {
    const results = op.results.map((r) => this.define(r));
    const f = this.f;
    f.op('local.get', this.scalarLocal(op.operands[0] as Value)).structured('if');
    const branch = (region: number): void => {
      const block = op.regions[region]?.blocks[0];
      if (block === undefined) return;
      this.#block(block);
      this.#assign(results, terminatorOperands(block));
    };
    branch(0);
    if ((op.regions[1]?.blocks.length ?? 0) > 0) {
      f.op('else');
      branch(1);
    }
    f.op('end');
  }
}

function terminatorOperands(block: Block): readonly Value[] {
  return block.operations[block.operations.length - 1]?.operands ?? [];
}
