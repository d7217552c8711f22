/**
 * The bytes of a wasm module written as hex text, as generated modules hold them (hex gzips to
 * less than base64: each byte stays two characters, so repeats stay aligned).
 */

/** The bytes `text` spells, two hex digits each. */
export function bytesOfHex(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length / 2);
  for (let k = 0; k < bytes.length; k++)
    bytes[k] = Number.parseInt(text.slice(2 * k, 2 * k + 2), 16);
  return bytes;
}
