/**
 * Pretty dialect attribute bodies (`#foo.bar<...>`) are scanned as mlir-opt-22 scans them:
 * random bodies of brackets, string literals, arrows and words are accepted or rejected
 * exactly when mlir-opt accepts or rejects them, with its message at its line and column.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runMlirOpt } from '../../../../tools/scripts/mlir-opt.mjs';
import { MlirParseError, parseModule } from '../../src/index.js';

const SEPARATOR = '// -----';

const pieceArb = fc.oneof(
  fc.constantFrom('<', '>', '[', ']', '(', ')', '{', '}', '->', '-', ', ', 'x', '1'),
  fc.constantFrom('"]"', '"}>"', '"a\\"b"', '"<"', '""'),
);
const bodyArb = fc.array(pieceArb, { minLength: 0, maxLength: 8 }).map((ps) => ps.join(''));

/** One chunk: a function whose attribute is `#foo.bar<body>` (3 lines, then the separator). */
const chunk = (body: string) => `func.func @f() attributes {a = #foo.bar<${body}>} {\n  return\n}`;

/** `line:column: message` of our parse, or 'ok'. */
function ours(text: string, firstLine: number): string {
  try {
    parseModule(text);
    return 'ok';
  } catch (e) {
    if (!(e instanceof MlirParseError)) throw e;
    return `${e.line + firstLine - 1}:${e.column}: ${e.detail}`;
  }
}

describe('pretty dialect attribute bodies against mlir-opt-22', () => {
  it('accept, reject and locate errors as mlir-opt does on random bodies', () => {
    const bodies = fc.sample(bodyArb, { seed: 13, numRuns: 300 });
    const chunks = bodies.map(chunk);
    const { stderr } = runMlirOpt(chunks.join(`\n${SEPARATOR}\n`), [
      '--split-input-file',
      '--allow-unregistered-dialect',
    ]);
    // Each chunk is 3 lines plus the separator line: chunk k starts at line 4k + 1.
    const theirs = new Map<number, string>();
    for (const m of stderr.matchAll(/^<stdin>:(\d+):(\d+): error: (.*)$/gm)) {
      const line = Number(m[1]);
      const k = Math.floor((line - 1) / 4);
      if (!theirs.has(k)) theirs.set(k, `${line}:${m[2]}: ${m[3]}`);
    }
    // A chunk of --split-input-file is not a NUL-terminated buffer, so mlir-opt's scan of a
    // body that never closes runs on into the next chunk: those run on their own.
    const alone = (k: number): string => {
      const single = runMlirOpt(chunks[k] as string, ['--allow-unregistered-dialect']).stderr;
      const m = /^<stdin>:(\d+):(\d+): error: (.*)$/m.exec(single);
      return m === null ? 'ok' : `${Number(m[1]) + 4 * k}:${m[2]}: ${m[3]}`;
    };
    // Past the body, the attribute dictionary's own message is worded differently here:
    // only where mlir-opt reports, and its dialect-body messages, are compared.
    const comparable = (outcome: string) =>
      outcome.includes('pretty dialect') ? outcome : outcome.replace(/: .*$/, '');
    /** Whether the body leaves a bracket open (outside strings), so the scan reaches the end. */
    const runsOn = (body: string) => {
      const text = body.replace(/"(\\.|[^"\\])*"/g, '').replaceAll('->', '');
      let depth = 0;
      for (const c of text) depth += '<[({'.includes(c) ? 1 : ')]}>'.includes(c) ? -1 : 0;
      return depth > 0;
    };
    let rejected = 0;
    const wrong: string[] = [];
    chunks.forEach((text, k) => {
      const got = ours(text, 4 * k + 1);
      const expected = runsOn(bodies[k] as string) ? alone(k) : (theirs.get(k) ?? 'ok');
      if (expected !== 'ok') rejected++;
      if (comparable(got) !== comparable(expected))
        wrong.push(`#foo.bar<${bodies[k]}>: ours ${got}, mlir-opt ${expected}`);
    });
    expect(wrong).toEqual([]);
    expect(rejected).toBeGreaterThan(30);
    expect(rejected).toBeLessThan(bodies.length - 30);
  });
});
