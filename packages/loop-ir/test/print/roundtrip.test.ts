/**
 * Round trips against the real tool: for hand-written modules covering every op and for the
 * vectorizer corpus, our printed text is a fixed point of parse∘print, mlir-opt-22 accepts
 * it and prints exactly the same text, and mlir-opt's generic form reads back identically.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMlirOpt } from '../../../../tools/scripts/mlir-opt.mjs';
import { parseModule, printModule, verificationDiagnostics } from '../../src/index.js';

const here = import.meta.dirname;
// The vectorizer corpus lives with its main users, the @tilekit/sparse-vectorizer tests.
const corpus = join(here, '..', '..', '..', 'sparse-vectorizer', 'test', 'corpus');
const sources = [join(here, 'fixtures'), corpus].flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.mlir'))
    .sort()
    .map((f) => ({
      name: `${dir.endsWith('corpus') ? 'corpus' : 'fixtures'}/${f}`,
      path: join(dir, f),
    })),
);

describe.each(sources)('$name', ({ path }) => {
  const text = readFileSync(path, 'utf8');
  const printed = printModule(parseModule(text));

  it('verifies and is a fixed point of print∘parse', () => {
    const module = parseModule(printed);
    expect(verificationDiagnostics(module)).toEqual([]);
    expect(printModule(module)).toBe(printed);
  });

  it('is accepted by mlir-opt-22, which prints the identical text', () => {
    const result = runMlirOpt(printed);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout.trimEnd()).toBe(printed.trimEnd());
  });

  it("reads mlir-opt-22's generic form back to the same module", () => {
    const generic = runMlirOpt(printed, ['--mlir-print-op-generic']);
    expect(generic.status).toBe(0);
    expect(generic.stdout).toContain('"func.func"');
    expect(printModule(parseModule(generic.stdout))).toBe(printed);
  });
});

describe('fixtures cover every op the package defines', () => {
  it('each registered op appears in some fixture', async () => {
    const { OP_DEFS } = await import('../../src/index.js');
    const all = sources
      .map((s) => printModule(parseModule(readFileSync(s.path, 'utf8'))))
      .join('\n');
    const unused = [...OP_DEFS.keys()].filter((name) => {
      const shortName = name === 'func.return' || name === 'func.call' ? name.slice(5) : name;
      return !new RegExp(`(^|[ "])${shortName.replace('.', '\\.')}[ (\\n]`, 'm').test(all);
    });
    expect(unused).toEqual([]);
  });
});
