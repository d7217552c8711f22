/**
 * The few pieces of the WebAssembly binary format the move module needs: LEB128 integers,
 * length-prefixed vectors and sections. Enough to assemble a module by hand, no toolchain.
 */

/** Unsigned LEB128 bytes of `value` (a non-negative integer below 2^32). */
export function unsignedLeb(value: number): number[] {
  const bytes: number[] = [];
  let v = value >>> 0;
  do {
    const low = v & 0x7f;
    v >>>= 7;
    bytes.push(v === 0 ? low : low | 0x80);
  } while (v !== 0);
  return bytes;
}

/** Signed LEB128 bytes of `value` (a 32-bit integer), as `i32.const` immediates need. */
export function signedLeb(value: number): number[] {
  const bytes: number[] = [];
  let v = value | 0;
  for (;;) {
    const low = v & 0x7f;
    v >>= 7;
    const done = (v === 0 && (low & 0x40) === 0) || (v === -1 && (low & 0x40) !== 0);
    bytes.push(done ? low : low | 0x80);
    if (done) return bytes;
  }
}

/** A vector: its element count, then the elements' bytes. */
export function vector(items: readonly (readonly number[])[]): number[] {
  return [...unsignedLeb(items.length), ...items.flat()];
}

/** A name as the binary format spells it (length-prefixed UTF-8; ours are ASCII). */
export function name(text: string): number[] {
  return [...unsignedLeb(text.length), ...Array.from(text, (c) => c.charCodeAt(0))];
}

/** A section: its id, its byte length, its contents. */
export function section(id: number, contents: readonly number[]): number[] {
  return [id, ...unsignedLeb(contents.length), ...contents];
}

/** Section ids used here. */
export const SECTION = { type: 1, import: 2, function: 3, export: 7, code: 10 } as const;

/** Value types. */
export const I32 = 0x7f;
