/**
 * Emits one function body instruction by instruction, by text-format name, and allocates its
 * locals. Immediates follow the binary format: memory instructions take `(align, offset)`,
 * lane instructions a lane index, `v128.const`/`i8x16.shuffle` 16 bytes.
 */

import { ByteWriter } from './bytes.js';
import { MISC_OPCODES, PLAIN_OPCODES, SIMD_OPCODES, VALTYPE, type ValType } from './opcodes.js';
import { UnknownInstructionError } from './wasm-encoder-error.js';

const MEMORY_ALIGN: Readonly<Record<string, number>> = {
  load8: 0,
  store8: 0,
  load16: 1,
  store16: 1,
  load32: 2,
  store32: 2,
};

/** Natural alignment (log2 bytes) of a memory instruction, from its name. */
function naturalAlign(name: string): number {
  const suffix = /\.(load|store)(8|16|32)?/.exec(name);
  const sized = /^v128\.(?:load|store)(8|16|32|64)_(?:lane|splat|zero)$/.exec(name);
  if (sized !== null) return Math.log2(Number(sized[1]) / 8);
  if (name.startsWith('v128')) return 4;
  if (suffix?.[2] !== undefined) return MEMORY_ALIGN[`${suffix[1]}${suffix[2]}`] ?? 0;
  return name.startsWith('i64') || name.startsWith('f64') ? 3 : 2;
}

/** Builds a function body: locals plus an instruction stream. */
export class FunctionBuilder {
  readonly params: readonly ValType[];
  readonly results: readonly ValType[];
  readonly #locals: ValType[] = [];
  readonly #code = new ByteWriter();

  constructor(params: readonly ValType[], results: readonly ValType[]) {
    this.params = params;
    this.results = results;
  }

  /** Locals declared so far (parameters not included). */
  get localCount(): number {
    return this.#locals.length;
  }

  /** Declares a new local of `type`; returns its index. */
  local(type: ValType): number {
    this.#locals.push(type);
    return this.params.length + this.#locals.length - 1;
  }

  /** Emits an instruction without immediates or with plain integer immediates (indices). */
  op(name: string, ...immediates: number[]): this {
    this.#opcode(name);
    for (const imm of immediates) this.#code.u32(imm);
    return this;
  }

  /** `i32.const` / `i64.const`. */
  constInt(type: 'i32' | 'i64', value: number | bigint): this {
    this.#opcode(`${type}.const`);
    this.#code.sleb(
      type === 'i32' ? BigInt.asIntN(32, BigInt(value)) : BigInt.asIntN(64, BigInt(value)),
    );
    return this;
  }

  /** `f32.const` / `f64.const` (bit-exact for any double; f32 values must be representable). */
  constFloat(type: 'f32' | 'f64', value: number): this {
    this.#opcode(`${type}.const`);
    if (type === 'f32') this.#code.f32(value);
    else this.#code.f64(value);
    return this;
  }

  /** `v128.const` from 16 little-endian bytes. */
  constV128(bytes: ArrayLike<number>): this {
    this.#opcode('v128.const');
    this.#code.raw(bytes);
    return this;
  }

  /** `i8x16.shuffle` with 16 lane selectors. */
  shuffle(lanes: readonly number[]): this {
    this.#opcode('i8x16.shuffle');
    this.#code.raw(lanes);
    return this;
  }

  /** A lane instruction (`f32x4.extract_lane 2`). */
  lane(name: string, laneIndex: number): this {
    this.#opcode(name);
    this.#code.byte(laneIndex);
    return this;
  }

  /** A load or store with natural alignment and a static byte offset. */
  memory(name: string, offset = 0): this {
    this.#opcode(name);
    this.#code.u32(naturalAlign(name)).u32(offset);
    return this;
  }

  /** A lane load/store (`v128.load32_lane`): natural alignment, offset, then the lane index. */
  memoryLane(name: string, laneIndex: number, offset = 0): this {
    this.#opcode(name);
    this.#code.u32(naturalAlign(name)).u32(offset).byte(laneIndex);
    return this;
  }

  /** `block`/`loop`/`if` with an empty block type. */
  structured(name: 'block' | 'loop' | 'if'): this {
    this.#opcode(name);
    this.#code.byte(0x40);
    return this;
  }

  /** The encoded body: local declarations (run-length grouped) then code and `end`. */
  encode(): Uint8Array {
    const body = new ByteWriter();
    const groups: [ValType, number][] = [];
    for (const t of this.#locals) {
      const last = groups[groups.length - 1];
      if (last !== undefined && last[0] === t) last[1]++;
      else groups.push([t, 1]);
    }
    body.u32(groups.length);
    for (const [t, n] of groups) body.u32(n).byte(VALTYPE[t]);
    body.raw(this.#code.bytes()).byte(PLAIN_OPCODES.end as number);
    return body.bytes();
  }

  #opcode(name: string): void {
    const plain = PLAIN_OPCODES[name];
    if (plain !== undefined) {
      this.#code.byte(plain);
      return;
    }
    const misc = MISC_OPCODES[name];
    if (misc !== undefined) {
      this.#code.byte(0xfc).u32(misc);
      return;
    }
    const simd = SIMD_OPCODES[name];
    if (simd !== undefined) {
      this.#code.byte(0xfd).u32(simd);
      return;
    }
    throw new UnknownInstructionError(`unknown wasm instruction '${name}'`);
  }
}
