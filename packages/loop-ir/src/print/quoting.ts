/**
 * MLIR's quoting of names and strings: bare identifiers stay bare, anything else is a
 * `"..."` literal with `llvm::printEscapedString`'s escapes, so every name reads back whole.
 */

import { expectString } from '../argument-checks.js';

/** MLIR's bare-id grammar: names matching it print unquoted. */
export const BARE_ID = /^[A-Za-z_][A-Za-z0-9_$.]*$/;

const HEX = '0123456789ABCDEF';
const UTF8 = new TextEncoder();

/**
 * Escapes a string literal body like MLIR (`llvm::printEscapedString` over the UTF-8 bytes):
 * printable ASCII other than `"` and `\\` is kept, `\\` doubles, every other byte becomes
 * `\XX` (so `"` is `\22`, a newline `\0A`, `é` is `\C3\A9`).
 */
export function escapeString(s: string): string {
  let out = '';
  for (const byte of UTF8.encode(s)) {
    if (byte === 0x5c) out += '\\\\';
    else if (byte >= 0x20 && byte < 0x7f && byte !== 0x22) out += String.fromCharCode(byte);
    else out += `\\${HEX[byte >> 4]}${HEX[byte & 15]}`;
  }
  return out;
}

/**
 * `@name` when `name` matches MLIR's bare-id grammar (`[a-zA-Z_][a-zA-Z0-9_$.]*`), else
 * `@"..."` with MLIR's string escapes, so any name reads back as one symbol.
 * @throws LoopIrArgumentError when `name` is no string.
 */
export function printSymbolName(name: string): string {
  expectString(name, 'name');
  return BARE_ID.test(name) ? `@${name}` : `@"${escapeString(name)}"`;
}
