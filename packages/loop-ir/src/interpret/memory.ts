/**
 * Memref run-time values: a caller-owned typed array viewed through a shape, strides and an
 * offset. Every access is bounds-checked against the logical shape (and the buffer), so an
 * out-of-bounds access is an {@link OutOfBoundsError}, never a silent read.
 */
import { rowMajorStrides } from '@tilekit/errors';
import { bitsToFloat, floatToBits, roundToFormat } from '../ir/float-format.js';
import type { MemRefType, ScalarType } from '../ir/types.js';
import { printType } from '../print/types.js';
import { InterpretArgumentError, OutOfBoundsError } from './errors.js';
import { intWidth, type Scalar, wrapInt } from './scalar/integers.js';

/** Typed arrays a memref argument may be backed by. */
export type MemRefData =
  | Float32Array
  | Float64Array
  | Int8Array
  | Uint8Array
  | Int16Array
  | Uint16Array
  | Int32Array
  | Uint32Array
  | BigInt64Array
  | BigUint64Array;

/** A memref argument: a typed array (rank-1), or data with a shape (and optional strides). */
export type MemRefArg =
  | MemRefData
  | {
      readonly data: MemRefData;
      readonly shape: readonly number[];
      /** Element strides; default row-major. Required for dynamic strides in the type. */
      readonly strides?: readonly number[];
      /** Element offset of the first element; default the type's offset or 0. */
      readonly offset?: number;
    };

/** Reads and writes elements of one typed array as values of one element type. */
interface Codec {
  read(data: MemRefData, i: number): Scalar;
  write(data: MemRefData, i: number, v: Scalar): void;
}

const BIG_ARRAYS = [BigInt64Array, BigUint64Array] as const;
const INT_ARRAYS: readonly [new (n: number) => MemRefData, number, boolean][] = [
  [Int8Array, 8, true],
  [Uint8Array, 8, false],
  [Int16Array, 16, true],
  [Uint16Array, 16, false],
  [Int32Array, 32, true],
  [Uint32Array, 32, false],
];

function intCodec(width: number, signedArray: boolean, arrayBits: number): Codec {
  return {
    read: (d, i) => wrapInt(BigInt(d[i] as number | bigint), width),
    write: (d, i, v) => {
      const big = v as bigint;
      if (arrayBits === 64)
        (d as BigInt64Array)[i] = signedArray ? BigInt.asIntN(64, big) : BigInt.asUintN(64, big);
      else
        (d as Int32Array)[i] = Number(
          signedArray ? BigInt.asIntN(arrayBits, big) : BigInt.asUintN(arrayBits, big),
        );
    },
  };
}

/**
 * f32 elements of a Float32Array, NaNs bit for bit (MLIR's loads and stores move bits): a
 * Float32Array read or write converts through f64 and quiets a signalling NaN, so a NaN goes
 * through the array's bits instead.
 */
function f32Codec(data: Float32Array): Codec {
  const bits = new Uint32Array(data.buffer, data.byteOffset, data.length);
  return {
    read: (d, i) => {
      const v = d[i] as number;
      return Number.isNaN(v) ? bitsToFloat(BigInt(bits[i] as number), 'f32') : v;
    },
    write: (d, i, v) => {
      if (!Number.isNaN(v)) d[i] = v as number;
      else bits[i] = Number(floatToBits(v as number, 'f32'));
    },
  };
}

/** The codec for `element` over `data`, or a reason why the pairing is not accepted. */
function codecFor(element: ScalarType, data: MemRefData): Codec | string {
  if (element.kind === 'float') {
    const f = element.format;
    if (data instanceof Float64Array && f !== 'f32') {
      return {
        read: (d, i) => roundToFormat(d[i] as number, f),
        write: (d, i, v) => {
          d[i] = v as number;
        },
      };
    }
    if (data instanceof Float32Array && f === 'f32') return f32Codec(data);
    if (data instanceof Float32Array && f !== 'f64') {
      return {
        read: (d, i) => roundToFormat(d[i] as number, f),
        write: (d, i, v) => {
          d[i] = v as number;
        },
      };
    }
    if (data instanceof Uint16Array && (f === 'f16' || f === 'bf16')) {
      return {
        read: (d, i) => bitsToFloat(BigInt(d[i] as number), f),
        write: (d, i, v) => {
          d[i] = Number(floatToBits(v as number, f));
        },
      };
    }
    return `${f} memrefs need ${f === 'f64' ? 'a Float64Array' : f === 'f32' ? 'a Float32Array' : 'a Uint16Array (bit patterns) or a Float32Array/Float64Array'}`;
  }
  const width = intWidth(element);
  const bits = width === 1 ? 8 : width;
  for (const Big of BIG_ARRAYS) {
    if (data instanceof Big && (bits === 64 || element.kind === 'index'))
      return intCodec(width, Big === BigInt64Array, 64);
  }
  for (const [Ctor, arrayBits, signed] of INT_ARRAYS) {
    if (
      data instanceof Ctor &&
      (arrayBits === bits || (element.kind === 'index' && arrayBits === 32))
    ) {
      return intCodec(width, signed, arrayBits);
    }
  }
  return `${printType(element)} memrefs need a ${bits}-bit integer typed array${element.kind === 'index' ? ' (BigInt64Array, Int32Array or unsigned)' : ''}`;
}

/** A memref at run time. */
export class MemRefValue {
  readonly kind = 'memref';
  readonly #codec: Codec;

  private constructor(
    readonly type: MemRefType,
    readonly data: MemRefData,
    readonly shape: readonly number[],
    readonly strides: readonly number[],
    readonly offset: number,
    codec: Codec,
  ) {
    this.#codec = codec;
  }

  /** Wraps a caller's argument (no copy: stores write through to `arg`'s buffer). */
  static fromArgument(arg: MemRefArg, type: MemRefType, label: string): MemRefValue {
    const fail = (detail: string) =>
      new InterpretArgumentError(`${label} (${printType(type)})`, detail);
    const isView = !ArrayBuffer.isView(arg);
    if (isView && (typeof arg !== 'object' || arg === null))
      throw fail('expected a typed array or {data, shape}');
    const data = isView ? (arg as { data: MemRefData }).data : (arg as MemRefData);
    if (!ArrayBuffer.isView(data)) throw fail('expected a typed array or {data, shape}');
    const view = isView ? (arg as Exclude<MemRefArg, MemRefData>) : undefined;
    const rank = type.shape.length;
    const shape = view?.shape ?? (rank === 1 ? [data.length] : undefined);
    if (shape === undefined) throw fail(`a rank-${rank} memref needs {data, shape}`);
    // Every view field is checked before anything reads it: a junk list (or one of 2^32
    // holes) is refused before any walk, a fractional or NaN stride or offset before it
    // addresses anything. The compiled engines refuse the same arguments.
    const natural = (d: unknown) => Number.isSafeInteger(d) && (d as number) >= 0;
    if (!Array.isArray(shape)) throw fail(`shape: expected ${rank} non-negative safe integers`);
    // The shape is printed only once its length is the rank (a list of 2^32 holes is not).
    if (shape.length !== rank) throw fail(`shape has rank ${shape.length}, expected ${rank}`);
    if (!shape.every(natural)) throw fail(`shape [${shape}] must be non-negative integers`);
    const given = view?.strides;
    if (
      given != null &&
      !(Array.isArray(given) && given.length === rank && given.every(Number.isSafeInteger))
    )
      throw fail(`strides: expected ${rank} safe integers`);
    const start = view?.offset;
    if (start != null && !natural(start))
      throw fail('offset: expected a non-negative safe integer');
    type.shape.forEach((d, i) => {
      if (d !== '?' && d !== shape[i])
        throw fail(`dimension ${i} is ${shape[i]} but the type requires ${d}`);
    });
    if (type.element.kind === 'vector')
      throw fail('memrefs of vectors are not supported by the interpreter');
    const codec = codecFor(type.element, data);
    if (typeof codec === 'string') throw fail(`${codec}, got ${data.constructor.name}`);
    const layout = type.layout;
    const rowMajor = rowMajorStrides(shape);
    if (layout === undefined) {
      if (start != null && start !== 0) throw fail('an identity-layout memref needs offset 0');
      if (given?.some((s, k) => s !== rowMajor[k]))
        throw fail('an identity-layout memref needs row-major strides');
    }
    const strides = (layout?.strides ?? rowMajor).map((s, i) => {
      const stride = given?.[i];
      if (s === '?' && stride == null) throw fail(`dynamic stride ${i} needs {strides}`);
      return s === '?' ? (stride as number) : (stride ?? s);
    });
    const typeOffset = layout?.offset ?? 0;
    if (typeOffset === '?' && start == null) throw fail('a dynamic offset needs {offset}');
    const offset = typeOffset === '?' ? (start as number) : (start ?? typeOffset);
    const last = shape.reduce((acc, d, k) => acc + (d - 1) * (strides[k] as number), offset);
    if (shape.every((d) => d > 0) && last >= data.length)
      throw fail(`buffer of ${data.length} elements is too small for shape [${shape}]`);
    return new MemRefValue(type, data, shape, strides, offset, codec);
  }

  /** Buffer position of `indices`, or an {@link OutOfBoundsError}. */
  position(indices: readonly number[], opName: string, lane?: number): number {
    let linear = this.offset;
    for (let d = 0; d < this.shape.length; d++) {
      const i = indices[d] as number;
      if (!(i >= 0 && i < (this.shape[d] as number)))
        throw new OutOfBoundsError(opName, indices, this.shape, lane);
      linear += i * (this.strides[d] as number);
    }
    if (linear < 0 || linear >= this.data.length)
      throw new OutOfBoundsError(opName, indices, this.shape, lane);
    return linear;
  }

  /** Reads the element at buffer position `at` (for accesses that address raw memory). */
  readAt(at: number, opName: string, lane?: number): Scalar {
    if (!(at >= 0 && at < this.data.length))
      throw new OutOfBoundsError(opName, [at], [this.data.length], lane);
    return this.#codec.read(this.data, at);
  }

  /** Writes the element at buffer position `at`. */
  writeAt(at: number, value: Scalar, opName: string, lane?: number): void {
    if (!(at >= 0 && at < this.data.length))
      throw new OutOfBoundsError(opName, [at], [this.data.length], lane);
    this.#codec.write(this.data, at, value);
  }

  /** Reads one element. */
  read(indices: readonly number[], opName: string, lane?: number): Scalar {
    return this.#codec.read(this.data, this.position(indices, opName, lane));
  }

  /** Writes one element (into the caller's buffer). */
  write(indices: readonly number[], value: Scalar, opName: string, lane?: number): void {
    this.#codec.write(this.data, this.position(indices, opName, lane), value);
  }
}
