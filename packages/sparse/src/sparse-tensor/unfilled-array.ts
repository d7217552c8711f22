/**
 * Typed arrays whose contents a call overwrites entirely before anyone reads them (a kernel's
 * appended output storage, a `=` kernel's fresh dense output, a transposition's arrays): on
 * Node, one of 64 KiB or more comes from `Buffer.allocUnsafeSlow` and skips the zero fill, a
 * pass of its own over memory the call then writes; smaller ones, and every one elsewhere, are
 * zero-filled. Only code that writes every element it hands on may ask for one.
 */

/** A typed-array constructor that can also view a buffer. */
export type ViewableArrayType<T> = {
  new (length: number): T;
  new (buffer: ArrayBuffer, byteOffset: number, length: number): T;
  readonly BYTES_PER_ELEMENT: number;
};

/** What an unfilled array needs of Node's `Buffer`. */
type NodeBuffer = { allocUnsafeSlow(size: number): Uint8Array };

/** A new `type` array of `length` elements, its contents unspecified (see the module comment). */
export function unfilledArray<T>(type: ViewableArrayType<T>, length: number): T {
  const bytes = length * type.BYTES_PER_ELEMENT;
  // Read at each call, so that tests can watch it; below 64 KiB the fill costs less.
  const node = (globalThis as { Buffer?: NodeBuffer }).Buffer;
  return bytes < 1 << 16 || node === undefined
    ? new type(length)
    : new type(node.allocUnsafeSlow(bytes).buffer as ArrayBuffer, 0, length);
}
