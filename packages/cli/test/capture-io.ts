import type { CliIO } from '../src/io.js';

/** An in-memory CliIO that records everything a command writes. */
export function captureIO(
  stdin = '',
): CliIO & { out: () => string; err: () => string; files: Map<string, string> } {
  let out = '';
  let err = '';
  const files = new Map<string, string>();
  return {
    stdout: (text) => {
      out += text;
    },
    stderr: (text) => {
      err += text;
    },
    writeFile: (path, contents) => {
      files.set(path, contents);
    },
    readInput: (path) => (path === undefined ? stdin : (files.get(path) ?? '')),
    out: () => out,
    err: () => err,
    files,
  };
}
