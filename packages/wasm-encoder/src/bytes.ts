/**
 * A growable byte buffer with the encodings the WebAssembly binary format uses: LEB128
 * integers, little-endian IEEE floats and length-prefixed vectors.
 */
export class ByteWriter {
  #buf = new Uint8Array(256);
  #len = 0;

  /** Number of bytes written. */
  get length(): number {
    return this.#len;
  }

  /** The written bytes (a copy). */
  bytes(): Uint8Array {
    return this.#buf.slice(0, this.#len);
  }

  #reserve(n: number): void {
    if (this.#len + n <= this.#buf.length) return;
    const next = new Uint8Array(Math.max(this.#buf.length * 2, this.#len + n));
    next.set(this.#buf.subarray(0, this.#len));
    this.#buf = next;
  }

  /** Appends one byte. */
  byte(b: number): this {
    this.#reserve(1);
    this.#buf[this.#len++] = b & 0xff;
    return this;
  }

  /** Appends raw bytes. */
  raw(bytes: ArrayLike<number>): this {
    this.#reserve(bytes.length);
    this.#buf.set(bytes, this.#len);
    this.#len += bytes.length;
    return this;
  }

  /** Unsigned LEB128 (u32 immediates, counts, indices). */
  u32(n: number): this {
    let v = n >>> 0;
    do {
      const b = v & 0x7f;
      v >>>= 7;
      this.byte(v === 0 ? b : b | 0x80);
    } while (v !== 0);
    return this;
  }

  /** Signed LEB128 of any width (i32.const / i64.const immediates). */
  sleb(n: number | bigint): this {
    let v = BigInt(n);
    for (;;) {
      const b = Number(v & 0x7fn);
      v >>= 7n;
      const done = (v === 0n && (b & 0x40) === 0) || (v === -1n && (b & 0x40) !== 0);
      this.byte(done ? b : b | 0x80);
      if (done) return this;
    }
  }

  /** Little-endian f32. */
  f32(x: number): this {
    this.#reserve(4);
    new DataView(this.#buf.buffer).setFloat32(this.#len, x, true);
    this.#len += 4;
    return this;
  }

  /** Little-endian f64. */
  f64(x: number): this {
    this.#reserve(8);
    new DataView(this.#buf.buffer).setFloat64(this.#len, x, true);
    this.#len += 8;
    return this;
  }

  /** A UTF-8 name with its length prefix. */
  name(s: string): this {
    const bytes = new TextEncoder().encode(s);
    return this.u32(bytes.length).raw(bytes);
  }

  /** The contents of another writer with a u32 byte-length prefix (sections, bodies). */
  sized(inner: ByteWriter): this {
    return this.u32(inner.length).raw(inner.bytes());
  }
}
