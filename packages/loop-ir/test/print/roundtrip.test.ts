/**
 * Round trips against the real tool: for hand-written modules covering every op and for the
 * vectorizer corpus, our printed text is a fixed point of parse∘print, mlir-opt-22 accepts
 * it and prints exactly the same text, and mlir-opt's generic form reads back identically.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MLIR_VECTORIZATION } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import { runMlirOpt } from '../../../../tools/scripts/mlir-opt.mjs';
import { parseModule, printModule, verificationDiagnostics } from '../../src/index.js';

const fixtures = join(import.meta.dirname, 'fixtures');
const sources = [
  ...readdirSync(fixtures)
    .filter((f) => f.endsWith('.mlir'))
    .sort()
    .map((f) => ({ name: `fixtures/${f}`, text: readFileSync(join(fixtures, f), 'utf8') })),
  // The vectorizer corpus: @tilekit/conformance's golden loops.
  ...MLIR_VECTORIZATION.cases.map((c) => ({ name: `corpus/${c.name}`, text: c.input })),
];

it('round-trips every fixture and every corpus loop', () => {
  expect(sources.filter((s) => s.name.startsWith('corpus/'))).toHaveLength(70);
  expect(sources.length).toBeGreaterThan(70);
});

describe.each(sources)('$name', ({ text }) => {
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
    const all = sources.map((s) => printModule(parseModule(s.text))).join('\n');
    const unused = [...OP_DEFS.keys()].filter((name) => {
      const shortName = name === 'func.return' || name === 'func.call' ? name.slice(5) : name;
      return !new RegExp(`(^|[ "])${shortName.replace('.', '\\.')}[ (\\n]`, 'm').test(all);
    });
    expect(unused).toEqual([]);
  });
});
